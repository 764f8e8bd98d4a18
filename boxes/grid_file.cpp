#include "grid_file.h"

#include <vector>

namespace dotslab::boxes {
namespace {

// Returns the lines of text: split at '\n', one trailing '\r' removed from each, and no
// empty last line for a final newline.
std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

// Appends the 0/1 characters of line to edges; returns false unless it has exactly
// `length` of them and nothing else.
bool readEdgeLine(std::string_view line, int length, std::vector<std::uint8_t> &edges) {
    if (static_cast<int>(line.size()) != length) return false;
    for (char c : line) {
        if (c != '0' && c != '1') return false;
        edges.push_back(c == '1');
    }
    return true;
}

// Appends the comma-separated owners of line to owners; returns false unless there are
// exactly `count` integers in 0..playerCount and nothing else.
bool readOwnerLine(std::string_view line, int count, int playerCount, std::vector<std::uint8_t> &owners) {
    for (int k = 0; k < count; ++k) {
        std::size_t comma = line.find(',');
        bool last = k == count - 1;
        if (last != (comma == std::string_view::npos)) return false;  // too few or too many fields
        std::optional<int> owner = parseInteger(line.substr(0, comma), 0, playerCount);
        if (!owner) return false;
        owners.push_back(static_cast<std::uint8_t>(*owner));
        if (!last) line.remove_prefix(comma + 1);
    }
    return true;
}

}  // namespace

std::optional<RectangleGame> parseGridFile(std::string_view text, int height, int width, int playerCount) {
    std::vector<std::string_view> lines = splitLines(text);
    if (static_cast<long long>(lines.size()) != 1 + (2LL * height + 1) + height) return std::nullopt;

    std::optional<int> next = parseInteger(lines[0], 1, playerCount);
    if (!next) return std::nullopt;

    RectangleGame game(height, width, playerCount);
    std::vector<std::uint8_t> edges, owners;
    edges.reserve(game.grid().edgeCount());
    owners.reserve(game.grid().cellCount());
    for (int i = 0; i <= 2 * height; ++i) {
        int length = i % 2 == 0 ? width : width + 1;  // dot rows: horizontal; cell rows: vertical
        if (!readEdgeLine(lines[1 + i], length, edges)) return std::nullopt;
    }
    for (int r = 0; r < height; ++r)
        if (!readOwnerLine(lines[2 + 2 * height + r], width, playerCount, owners)) return std::nullopt;

    game.restore(std::move(edges), std::move(owners), *next);
    if (!game.isConsistent() || game.isOver()) return std::nullopt;
    return game;
}

std::string gridFileText(const RectangleGame &game) {
    const RectangleGrid &grid = game.grid();
    std::string text = std::to_string(game.currentPlayer()) + '\n';
    text.reserve(static_cast<std::size_t>(grid.edgeCount()) * 3 +
                 4 * static_cast<std::size_t>(grid.cellCount()));
    for (int e = 0; e < grid.edgeCount(); ++e) {
        text += game.isClosed(e) ? '1' : '0';
        bool endOfLine =
            grid.isHorizontal(e) ? grid.edgeCol(e) == grid.width() - 1 : grid.edgeCol(e) == grid.width();
        if (endOfLine) text += '\n';
    }
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        text += std::to_string(game.ownerOf(cell));
        text += (cell + 1) % grid.width() == 0 ? '\n' : ',';
    }
    return text;
}

}  // namespace dotslab::boxes
