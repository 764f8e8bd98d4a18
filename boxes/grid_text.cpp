#include "grid_text.h"

namespace dotslab::boxes {

std::string gridText(const RectangleGame &game) {
    const RectangleGrid &grid = game.grid();
    const int h = grid.height(), w = grid.width();
    std::string text;
    text.reserve(static_cast<std::size_t>(2 * h + 1) * (2 * w + 2));
    for (int r = 0; r <= h; ++r) {
        for (int c = 0; c < w; ++c) {
            text += '+';
            text += game.isClosed(grid.horizontalEdge(r, c)) ? '-' : ' ';
        }
        text += "+\n";
        if (r == h) break;
        for (int c = 0; c <= w; ++c) {
            text += game.isClosed(grid.verticalEdge(r, c)) ? '|' : ' ';
            if (c < w) {
                int owner = game.ownerOf(grid.cellIndex(r, c));
                text += owner == 0 ? ' ' : playerSymbol(owner);
            }
        }
        text += '\n';
    }
    return text;
}

}  // namespace dotslab::boxes
