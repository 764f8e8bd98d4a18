#include "board/rectangle.h"

namespace dotslab {

BoardGraph rectangleBoard(int height, int width) {
    std::vector<Point> dots;
    for (int r = 0; r <= height; ++r)
        for (int c = 0; c <= width; ++c) dots.push_back({2 * r, 2 * c});
    auto oneStep = [](Point a, Point b) {
        return (a.row == b.row && b.col - a.col == 2) || (a.col == b.col && b.row - a.row == 2);
    };
    std::vector<Line> lines = linesBetween(dots, oneStep);
    std::vector<Cell> boxes = boxesOf(lines);
    return BoardGraph(lines, boxes);
}

}  // namespace dotslab
