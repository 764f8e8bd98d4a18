// perfect_player.h — perfect play for dotscomputer --level perfect: every move keeps the
// position's value, and among the moves that do, the one that leaves the human the most
// ways to go wrong.
//
// A move's "losing replies" are the human's answers to it that are worth less to them
// than their best answer (strictly): each would give the computer more cells. A move that
// completes a cell leaves no reply (the computer moves again): it counts none. Counting
// costs one null-window search per reply, so it is done only where the position has at
// most mistakeSearchLines open lines; elsewhere (and between equal counts) the four
// rules' tie-break (computer_player.h) picks among the optimal moves. The opening book
// stores what this choice gives where even the optimal moves take too long to find.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "board/rectangle_game.h"
#include "opening_book.h"
#include "solver/solver.h"

namespace dotslab::dotscomputer {

// --level perfect plays perfectly on square boards up to this size (4 x 4: 40 edges).
constexpr int kLargestPerfectBoard = 4;
// The board the shipped opening book covers: search alone answers at once on smaller ones.
constexpr int kBookBoard = 4;

// On 4 x 4 a position with this many open lines or fewer counts losing replies within a second.
constexpr int kMistakeSearchLines = 26;

// Returns how many of the opponent's replies to move (an optimal move in lines, whose
// value for the mover is value) lose some of what their best reply keeps.
int losingReplies(Solver &solver, LineSet lines, int value, int move);

// Returns the line perfect play chooses in lines (square size x size board), and the
// position's value: optimal, with the most losing replies where lines has at most
// mistakeSearchLines open lines, then the four rules' tie-break. Where the replies are not
// counted, the lines are tried in the four rules' order until one keeps the value: one
// null-window test per line tried, not one per open line. known is what is known of the
// value (an earlier move kept it): the value's search starts from its bound, and an exact
// value is not searched at all.
ChosenMove choosePerfectMove(Solver &solver, int size, LineSet lines, KnownValue known,
                             int mistakeSearchLines = kMistakeSearchLines);

// The table of a 4 x 4 search: 2^23 buckets of 32 bytes (256 MB, touched as it fills).
constexpr int kFourByFourTableBits = 23;

// Returns the solver options --level perfect uses on a size x size board: two threads,
// and on 4 x 4 a table that holds what the game's searches find.
SolverOptions perfectSolverOptions(int size);

// Returns the closed edges of game as a line set (RectangleGrid and rectangleBoard number alike).
LineSet filledLines(const RectangleGame &game);

// The computer of --level perfect on one board: the book first, then search with a
// table kept from move to move. It remembers the final margin its last move kept (its
// score minus the other's at the end, with perfect play from then on): whatever the
// other side did since, the position it moves in next is worth at least that margin less
// the margin now, and the search starts there; where it moves again after its own
// capture, the value is that exactly, and not searched.
class PerfectPlayer {
  public:
    // book may be null (search alone); options are the solver's (threads, table size).
    PerfectPlayer(int size, std::unique_ptr<OpeningBook> book, SolverOptions options);
    // Returns the edge to play in game's position (not over).
    int choose(const RectangleGame &game);
    // Returns true if the last choice came from the book.
    bool lastFromBook() const { return lastFromBook_; }
    // Returns the solver (for its node count).
    const Solver &solver() const { return *solver_; }

  private:
    int size_;
    std::unique_ptr<BoardGraph> board_;
    std::unique_ptr<OpeningBook> book_;
    std::unique_ptr<Solver> solver_;
    bool lastFromBook_ = false;
    std::optional<int> keptMargin_;  // the final margin the last choice kept, if any
    LineSet keptLines_ = 0;          // the lines after the last choice (its game goes on from them)
};

}  // namespace dotslab::dotscomputer
