#include "board/hexagon.h"

#include <cstdlib>

namespace dotslab {
namespace {

BoardGraph buildHexagon() {
    const std::vector<Point> dots = {{0, 2}, {0, 6}, {2, 0}, {2, 4}, {2, 8}, {4, 2}, {4, 6}};
    auto oneStep = [](Point a, Point b) {
        int dr = std::abs(a.row - b.row), dc = std::abs(a.col - b.col);
        return (dr == 0 && dc == 4) || (dr == 2 && dc == 2);
    };
    std::vector<Line> lines = linesBetween(dots, oneStep);
    std::vector<Cell> triangles = trianglesOf(lines);
    return BoardGraph(lines, triangles);
}

}  // namespace

const BoardGraph &hexagonBoard() {
    static const BoardGraph board = buildHexagon();
    return board;
}

}  // namespace dotslab
