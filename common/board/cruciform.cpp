#include "board/cruciform.h"

#include <cstdlib>

namespace dotslab {
namespace {

BoardGraph buildCruciform() {
    std::vector<Point> dots;
    for (int row = 0; row <= 6; row += 2)
        for (int col = 0; col <= 9; col += 3) {
            bool inCross = (row == 2 || row == 4) || col == 3 || col == 6;
            if (inCross) dots.push_back({row, col});
        }
    auto oneStep = [](Point a, Point b) {
        return (a.row == b.row && std::abs(a.col - b.col) == 3) ||
               (a.col == b.col && std::abs(a.row - b.row) == 2);
    };
    std::vector<Line> lines = linesBetween(dots, oneStep);
    std::vector<Cell> boxes = boxesOf(lines);
    return BoardGraph(lines, boxes);
}

}  // namespace

const BoardGraph &cruciformBoard() {
    static const BoardGraph board = buildCruciform();
    return board;
}

}  // namespace dotslab
