#include "grid_text.h"

#include <cassert>
#include <sstream>

namespace dotslab::boxes {

void writeGrid(const RectangleGame &game, std::ostream &out) {
    // The text is made in a block of 64 KB and written whenever the next row might not
    // fit: a 999 x 999 grid (4 MB of text) never exists whole in memory.
    constexpr std::size_t kBlock = 1 << 16;
    const RectangleGrid &grid = game.grid();
    const int h = grid.height(), w = grid.width();
    const std::size_t rowBytes = static_cast<std::size_t>(2 * w + 2);
    assert(rowBytes <= kBlock);
    char block[kBlock];
    std::size_t used = 0;
    auto room = [&] {
        if (kBlock - used >= rowBytes) return;
        out.write(block, static_cast<std::streamsize>(used));
        used = 0;
    };
    for (int r = 0; r <= h; ++r) {
        // A dot row: its horizontal edges are consecutive edge numbers.
        room();
        const int across = grid.horizontalEdge(r, 0);
        for (int c = 0; c < w; ++c) {
            block[used++] = '+';
            block[used++] = game.isClosed(across + c) ? '-' : ' ';
        }
        block[used++] = '+';
        block[used++] = '\n';
        if (r == h) break;
        // A cell row: its vertical edges, and its cells, are consecutive too.
        room();
        const int down = grid.verticalEdge(r, 0), cells = grid.cellIndex(r, 0);
        for (int c = 0; c <= w; ++c) {
            block[used++] = game.isClosed(down + c) ? '|' : ' ';
            if (c == w) break;
            const int owner = game.ownerOf(cells + c);
            block[used++] = owner == 0 ? ' ' : playerSymbol(owner);
        }
        block[used++] = '\n';
    }
    out.write(block, static_cast<std::streamsize>(used));
}

std::string gridText(const RectangleGame &game) {
    std::ostringstream text;
    writeGrid(game, text);
    return text.str();
}

}  // namespace dotslab::boxes
