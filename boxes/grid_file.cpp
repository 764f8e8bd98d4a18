#include "grid_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <functional>
#include <vector>

namespace dotslab::boxes {
namespace {

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

// Returns the game in the lines that nextLine(line) gives one at a time (false when there
// are no more), or nothing if they are not exactly a valid game's.
template <class NextLine>
std::optional<RectangleGame> parseLines(NextLine nextLine, int height, int width, int playerCount) {
    std::string_view line;
    if (!nextLine(line)) return std::nullopt;
    const std::optional<int> next = parseInteger(line, 1, playerCount);
    if (!next) return std::nullopt;

    const RectangleGrid grid(height, width);
    std::vector<std::uint8_t> edges, owners;
    edges.reserve(static_cast<std::size_t>(grid.edgeCount()));
    owners.reserve(static_cast<std::size_t>(grid.cellCount()));
    for (int i = 0; i <= 2 * height; ++i) {
        const int length = i % 2 == 0 ? width : width + 1;  // dot rows: horizontal; cell rows: vertical
        if (!nextLine(line) || !readEdgeLine(line, length, edges)) return std::nullopt;
    }
    for (int r = 0; r < height; ++r)
        if (!nextLine(line) || !readOwnerLine(line, width, playerCount, owners)) return std::nullopt;
    if (nextLine(line)) return std::nullopt;  // a line too many

    std::optional<RectangleGame> game(std::in_place, height, width, playerCount, std::move(edges),
                                      std::move(owners), *next);
    if (!game->isConsistent() || game->isOver()) return std::nullopt;
    return game;
}

// Returns the longest line a valid file for a width-wide grid of playerCount players has:
// an owner line of the widest numbers (and a '\r').
std::size_t longestLine(int width, int playerCount) {
    return static_cast<std::size_t>(width) * (std::to_string(playerCount).size() + 1) + 1;
}

}  // namespace

std::optional<RectangleGame> parseGridFile(std::string_view text, int height, int width, int playerCount) {
    // Lines: split at '\n', one trailing '\r' removed from each, no empty last line for a
    // final newline.
    auto nextLine = [&text](std::string_view &line) {
        if (text.empty()) return false;
        const std::size_t end = text.find('\n');
        line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return true;
    };
    return parseLines(nextLine, height, width, playerCount);
}

LoadResult loadGridFile(const char *path, int height, int width, int playerCount) {
    LoadResult result;
    result.readable = false;
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return result;
    struct stat info;
    if (fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) {
        close(fd);
        return result;
    }
    result.readable = true;
    // One pass over the file in 64 KB blocks; a line split between blocks is put together in
    // `carry` (reused, and never longer than a valid line can be).
    const std::size_t longest = longestLine(width, playerCount);
    std::vector<char> block(1 << 16);
    std::size_t at = 0, end = 0;
    bool atEnd = false, tooLong = false;
    std::string carry;
    auto nextLine = [&](std::string_view &line) {
        carry.clear();
        for (;;) {
            if (at == end && !atEnd) {
                const ssize_t n = read(fd, block.data(), block.size());
                if (n < 0) {
                    result.readable = false;
                    atEnd = true;
                } else {
                    atEnd = n == 0;
                    at = 0;
                    end = static_cast<std::size_t>(n);
                }
            }
            if (at == end) {  // the file ends: a last line without its newline, or none
                if (carry.empty()) return false;
                line = carry;
                break;
            }
            const char *start = block.data() + at;
            const void *newline = std::memchr(start, '\n', end - at);
            const std::size_t taken =
                newline ? static_cast<std::size_t>(static_cast<const char *>(newline) - start) : end - at;
            if (carry.empty() && newline) {  // the whole line is in the block: no copy
                line = std::string_view(start, taken);
                at += taken + 1;
                break;
            }
            if (carry.size() + taken > longest) {
                tooLong = true;
                return false;
            }
            carry.append(start, taken);
            at += taken + (newline ? 1 : 0);
            if (newline) {
                line = carry;
                break;
            }
        }
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return true;
    };
    result.game = parseLines(nextLine, height, width, playerCount);
    close(fd);
    if (!result.readable || tooLong) result.game.reset();
    return result;
}

bool writeGridFile(const RectangleGame &game, const std::function<bool(std::string_view)> &write) {
    // Made in a block of 64 KB, handed on whenever the next piece might not fit.
    constexpr std::size_t kBlock = 1 << 16, kLongestPiece = 8;  // "255," or "1\n"
    const RectangleGrid &grid = game.grid();
    std::string block;
    block.reserve(kBlock);
    auto room = [&] {
        if (block.size() + kLongestPiece <= kBlock) return true;
        const bool ok = write(block);
        block.clear();
        return ok;
    };
    block += std::to_string(game.currentPlayer()) + '\n';
    for (int e = 0; e < grid.edgeCount(); ++e) {
        if (!room()) return false;
        block += game.isClosed(e) ? '1' : '0';
        const bool endOfLine =
            grid.isHorizontal(e) ? grid.edgeCol(e) == grid.width() - 1 : grid.edgeCol(e) == grid.width();
        if (endOfLine) block += '\n';
    }
    char digits[4];
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        if (!room()) return false;
        const int owner = game.ownerOf(cell);  // 0..255: at most three digits
        int n = 0;
        if (owner >= 100) digits[n++] = static_cast<char>('0' + owner / 100);
        if (owner >= 10) digits[n++] = static_cast<char>('0' + owner / 10 % 10);
        digits[n++] = static_cast<char>('0' + owner % 10);
        block.append(digits, static_cast<std::size_t>(n));
        block += (cell + 1) % grid.width() == 0 ? '\n' : ',';
    }
    return write(block);
}

std::string gridFileText(const RectangleGame &game) {
    std::string text;
    writeGridFile(game, [&text](std::string_view piece) {
        text += piece;
        return true;
    });
    return text;
}

}  // namespace dotslab::boxes
