// opening_book.h — the moves perfect play chooses in the first positions of a game, where
// a search takes too long to answer at once: one entry per position up to symmetry.
//
// The file (all numbers little-endian):
//
//   offset  size  field
//        0     8  magic "DOTSBOOK"
//        8     4  version (kBookVersion)
//       12     1  height (cells)
//       13     1  width (cells)
//       14     2  depth: the most lines filled in a stored position
//       16     4  count: the number of entries
//       20     4  zero
//       24     8  checksum: FNV-1a (64-bit) of the entry bytes
//       32  8 * count  the entries, ascending
//
// An entry is one 64-bit word:
//
//   bits 63..8  the position: its filled lines (bit i = line i of rectangleBoard), in the
//               canonical form BoardSymmetry gives (the least image under the symmetries)
//   bits  7..0  the line the mover plays there, in that same orientation
//
// so a board has at most 56 lines (4 x 4 has 40), and the entries sort by position: a
// lookup is a binary search. The move does not depend on who moves or on the score: the
// value of a position is the net number of the cells still open, so the best line is
// the mover's whoever they are.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "board/board_graph.h"
#include "solver/board_symmetry.h"

namespace dotslab::dotscomputer {

constexpr std::uint32_t kBookVersion = 1;
constexpr int kBookHeaderBytes = 32;
constexpr int kEntryPositionShift = 8;
constexpr std::uint64_t kEntryMoveMask = 0xff;
constexpr int kMaxBookLines = 64 - kEntryPositionShift;

// Returns the entry word for a canonical position and its move.
constexpr std::uint64_t bookEntry(LineSet canonical, int move) {
    return canonical << kEntryPositionShift | static_cast<std::uint64_t>(move);
}
// Returns the FNV-1a hash (64-bit) of the entries' little-endian bytes.
std::uint64_t bookChecksum(const std::vector<std::uint64_t> &entries);

// The positions and moves of a book, with the header's facts.
struct BookContents {
    int height = 0, width = 0;
    int depth = 0;                       // the most lines filled in a stored position
    std::vector<std::uint64_t> entries;  // ascending, one per canonical position
};

// Returns the bytes of the file that holds contents.
std::string bookBytes(const BookContents &contents);
// Returns the contents of a book file's bytes; throws std::runtime_error saying what is
// wrong (magic, version, size, checksum, order, a move not open in its position).
BookContents parseBook(const std::string &bytes);
// Returns the contents of the book file at path; throws std::runtime_error if it cannot be
// read or parsed.
BookContents readBook(const std::string &path);

// The positions where the program to move is perfect play and the other side plays any
// move, from the empty board with the other side first, up to depth lines filled: a
// book needs an entry only for these. choose returns the line to play in a position
// (given in canonical form); progress, if set, is told each position as it is solved.
BookContents generateBook(int height, int width, int depth, const std::function<int(LineSet)> &choose,
                          const std::function<void(LineSet, int move, std::size_t done)> &progress = {});

// A book ready for lookups on its board.
class OpeningBook {
  public:
    OpeningBook(BookContents contents, const BoardGraph &graph);
    // Returns the move stored for the position of lines (any orientation), or nothing.
    std::optional<int> move(LineSet lines) const;
    // Returns what the book holds.
    const BookContents &contents() const { return contents_; }

  private:
    BookContents contents_;
    BoardSymmetry symmetry_;
    int lineCount_;
};

}  // namespace dotslab::dotscomputer
