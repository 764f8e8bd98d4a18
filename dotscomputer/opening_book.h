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
//       14     2  depth: the most lines filled in a stored position the other side
//                 moved into (one the mover reaches by its own capture is stored too)
//       16     4  count: the number of entries
//       20     4  zero
//       24     8  checksum: FNV-1a (64-bit) of the entry bytes
//       32  8 * count  the entries, ascending
//
// An entry is one 64-bit word:
//
//   bits 63..14  the position: its filled lines (bit i = line i of rectangleBoard), in the
//                canonical form BoardSymmetry gives (the least image under the symmetries)
//   bits 13..8   the position's value for the mover, with 32 added (-31..31 as 1..63)
//   bits  7..0   the line the mover plays there, in that same orientation
//
// so a board has at most 50 lines (4 x 4 has 40), and the entries sort by position: a
// lookup is a binary search. Neither the move nor the value depends on who moves or on the
// score: the value of a position is the net number of the cells still open, so the best
// line is the mover's whoever they are. The value lets the player after the book start
// from a known bound (every reply to a move that keeps the value leaves at least it).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "board/board_graph.h"
#include "solver/board_symmetry.h"

namespace dotslab::dotscomputer {

constexpr std::uint32_t kBookVersion = 2;
constexpr int kBookHeaderBytes = 32;
constexpr int kEntryMoveShift = 0, kEntryMoveBits = 8;
constexpr int kEntryValueShift = kEntryMoveShift + kEntryMoveBits, kEntryValueBits = 6;
constexpr int kEntryPositionShift = kEntryValueShift + kEntryValueBits;  // 14
constexpr int kEntryValueOffset = 32;
constexpr int kMaxBookValue = 31;  // |value| <= 31: the value field is never 0
constexpr int kMaxBookLines = 64 - kEntryPositionShift;

// A bound below every value a book holds: nothing is known of a position.
constexpr int kNothingKnown = -kMaxBookValue - 1;

// What is known of a position's value before it is searched: at least atLeast (a move
// that kept the value led here, whatever the other side did since), or exactly atLeast
// where exact (the mover's own last move captured, so they move again: an optimal move is
// worth its captures plus the value after it).
struct KnownValue {
    int atLeast = kNothingKnown;
    bool exact = false;
};

// A move perfect play chooses, with the value of the position it is played in.
struct ChosenMove {
    int line = -1;
    int value = 0;  // the mover's net cells from the position on, with perfect play
};

// Returns the entry word for a canonical position, its move and its value.
constexpr std::uint64_t bookEntry(LineSet canonical, ChosenMove chosen) {
    return canonical << kEntryPositionShift |
           static_cast<std::uint64_t>(chosen.value + kEntryValueOffset) << kEntryValueShift |
           static_cast<std::uint64_t>(chosen.line) << kEntryMoveShift;
}
// Returns an entry's position (canonical line set).
constexpr LineSet entryLines(std::uint64_t entry) { return entry >> kEntryPositionShift; }
// Returns an entry's move and value.
constexpr ChosenMove entryMove(std::uint64_t entry) {
    return {static_cast<int>(entry >> kEntryMoveShift & ((1u << kEntryMoveBits) - 1)),
            static_cast<int>(entry >> kEntryValueShift & ((1u << kEntryValueBits) - 1)) - kEntryValueOffset};
}
// Returns true if chosen can be the answer of the position lines on graph: the lines the
// board's, the move one of the open ones, the value within the open cells and of their
// parity (each open cell goes to one side or the other).
bool isBookAnswer(const BoardGraph &graph, LineSet lines, ChosenMove chosen);
// Returns the FNV-1a hash (64-bit) of the entries' little-endian bytes.
std::uint64_t bookChecksum(const std::vector<std::uint64_t> &entries);

// The positions and moves of a book, with the header's facts.
struct BookContents {
    int height = 0, width = 0;
    int depth = 0;                       // the most lines filled where the other side moved last
    std::vector<std::uint64_t> entries;  // ascending, one per canonical position
};

// Returns the bytes of the file that holds contents.
std::string bookBytes(const BookContents &contents);
// Returns the contents of a book file's bytes; throws std::runtime_error saying what is
// wrong (magic, version, size, checksum, order, an entry that is no answer: isBookAnswer).
BookContents parseBook(const std::string &bytes);
// Returns the contents of the book file at path; throws std::runtime_error if it cannot be
// read or parsed.
BookContents readBook(const std::string &path);

// The positions where the program to move is perfect play and the other side plays any
// move, from the empty board with the other side first, up to depth lines filled, and
// those the program moves in again after its own capture from one of them (it answers
// those at once too, so they must not need a search): a book needs an entry only for
// these. choose returns the move and value of a position
// (given in canonical form), told what is known of its value (from the value its own last
// move kept, net of the captures since); progress, if set, is told each position as it is
// solved.
using BookChooser = std::function<ChosenMove(LineSet lines, KnownValue known)>;
BookContents generateBook(int height, int width, int depth, const BookChooser &choose,
                          const std::function<void(LineSet, ChosenMove, std::size_t done)> &progress = {});

// Returns where the book of a size x size board is: beside the running program once
// installed (../share/dotslab/book-NxN.bin), else the build's copy in the source tree.
std::string bookPath(int size);

// A book ready for lookups on its board.
class OpeningBook {
  public:
    OpeningBook(BookContents contents, const BoardGraph &graph);
    // Returns the move (in lines' orientation) and value stored for the position of lines
    // (any orientation), or nothing.
    std::optional<ChosenMove> move(LineSet lines) const;
    // Returns what the book holds.
    const BookContents &contents() const { return contents_; }

  private:
    BookContents contents_;
    BoardSymmetry symmetry_;
    int lineCount_;
};

}  // namespace dotslab::dotscomputer
