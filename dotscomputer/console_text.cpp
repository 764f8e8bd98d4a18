#include "console_text.h"

#include <cstdlib>

#include "text/characters.h"

namespace dotslab::dotscomputer {
namespace {

struct Dot {
    int row = -1, col = -1;  // 0-based
};

// Returns the dot named by one letter and one digit in either order, if it exists.
std::optional<Dot> dotNamed(char first, char second, const RectangleGrid &grid) {
    char letter = isLetter(first) ? first : second, digit = isDigit(first) ? first : second;
    if (!isLetter(letter) || !isDigit(digit)) return std::nullopt;
    Dot dot{letter - 'a', digit - '1'};
    if (letter < 'a' || letter > 'z' || dot.row > grid.height() || dot.col < 0 || dot.col > grid.width())
        return std::nullopt;
    return dot;
}

}  // namespace

std::string boardText(const RectangleGame &game) {
    const RectangleGrid &g = game.grid();
    const int n = g.height();
    std::string text;
    for (int r = 0; r <= n; ++r) {
        text += static_cast<char>('a' + r);
        text += ' ';
        for (int c = 0; c <= g.width(); ++c) {
            text += '+';
            if (c < g.width()) text += game.isClosed(g.horizontalEdge(r, c)) ? '-' : ' ';
        }
        text += '\n';
        if (r == n) break;
        text += "  ";
        for (int c = 0; c <= g.width(); ++c) {
            text += game.isClosed(g.verticalEdge(r, c)) ? '|' : ' ';
            if (c < g.width()) {
                int owner = game.ownerOf(g.cellIndex(r, c));
                text += owner == kHuman ? 'H' : owner == kComputer ? 'C' : ' ';
            }
        }
        text += '\n';
    }
    text += ' ';
    for (int c = 1; c <= g.width() + 1; ++c) text += ' ' + std::to_string(c);
    return text + '\n';
}

std::string edgeDots(const RectangleGrid &grid, int e) {
    int r = grid.edgeRow(e), c = grid.edgeCol(e);
    auto name = [](int row, int col) {
        return std::string(1, static_cast<char>('a' + row)) + std::to_string(col + 1);
    };
    return name(r, c) + " and " + (grid.isHorizontal(e) ? name(r, c + 1) : name(r + 1, c));
}

std::optional<HumanMove> parseHumanMove(std::string_view line, const RectangleGame &game) {
    std::string kept;
    for (char c : line)
        if (isLetter(c) || isDigit(c)) kept += c;
    if (kept == "Q") return HumanMove{true, -1};
    if (kept.size() != 4) return std::nullopt;
    const RectangleGrid &g = game.grid();
    std::optional<Dot> a = dotNamed(kept[0], kept[1], g), b = dotNamed(kept[2], kept[3], g);
    if (!a || !b) return std::nullopt;
    if (b->row < a->row || (b->row == a->row && b->col < a->col)) std::swap(a, b);
    int edge = -1;
    if (a->row == b->row && b->col == a->col + 1)
        edge = g.horizontalEdge(a->row, a->col);
    else if (a->col == b->col && b->row == a->row + 1)
        edge = g.verticalEdge(a->row, a->col);
    if (edge < 0 || game.isClosed(edge)) return std::nullopt;
    return HumanMove{false, edge};
}

}  // namespace dotslab::dotscomputer
