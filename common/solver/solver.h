// solver.h — perfect play for any board the common model describes, under either
// extra-turn rule: the exact value of a position and every move that keeps it.
//
// The value is the net number of cells the player to move takes from here on, against
// their opponent, when both play perfectly. With lines L filled and move m closing c
// cells:
//
//   unlimited rule:  value(L) = max over m of  c + value(L+m)   if c > 0 (same player again)
//                                              -value(L+m)      if c = 0 (the other player)
//   at most one:     the state also says whether the mover is on an extra turn; a capture
//                    on an extra turn passes the turn: c - value(L+m, not extra).
//
// What each technique buys, measured on this 2-core machine (build/bin/bench_solver):
//   - alpha-beta over these values with a table of [lower, upper] bounds per position
//     (every position is searched to the end, so bounds never go stale), driven by
//     null-window tests (MTD(f)): "is the value at least v?" prunes far more than a full
//     window, and the table carries what each test proved to the next;
//   - canonical keys under the board's symmetries (8 for squares, 4 for rectangles):
//     3 x 3 without them takes 9x the time (177 ms, 2.25M positions);
//   - twin lines: in the strings-and-coins view a position is a graph of cells joined by
//     open lines, and lines between the same cells (a corner box's two outer sides) are
//     interchangeable, so only one of them is searched and keys fill twins in order:
//     without them 3 x 3 takes 3.3x the time (65 ms, 892k positions);
//   - move ordering: captures first, then moves that give no box a third side, the
//     centre first within each group, and the move that proved a stored bound before all;
//     a history heuristic (refutations first) was tried and doubled the tree;
//   - the safe capture reduction (unlimited rule): a capture that gives the opponent no
//     new three-sided box is optimal; it is played in place, with no table entry;
//   - the chain reductions (unlimited rule): capturing into an open chain of 3 or more
//     boxes, or a closed chain of 5 or more, is optimal; when the only capturable chain
//     is an open 2-chain, only the capture and the double-dealing move are searched.
//     Without the capture and chain reductions 3 x 3 takes 1.8x the time (37 ms);
//   - the table (bounds_table.h): 8-byte entries in 16-byte buckets on huge pages,
//     prefetched while the cells are scanned and one child ahead; sized to stay in cache
//     on small boards (3 x 4 is 1.3 s at 4M buckets and 1.7 s at 16M);
//   - threads: lazy SMP, helpers searching the same tree in a different order near the
//     root and sharing the table: 1.6x on 2 cores (3 x 4: 1.30 s -> 0.82 s).
//
// Results (value for the first player, from empty): 2 x 3 -2 in 0.4 ms; 2 x 4 +2 in 9 ms;
// 3 x 3 -3 in 20 ms (247k positions); 3 x 4 0 in 1.3 s (10.5M positions), 0.82 s on two
// threads; 4 x 4 0 (a tie): 140 s on two threads with a 4 GB table (1.46G positions),
// 154 s with 8 GB, 176 s with 16 GB (more memory, more TLB and cache misses), 211 s with
// 1 GB (2.8G positions: the table overflows); 372 s on one thread with 16 GB. The full
// tables of the cruciform and hexagon games take 4.6 ms.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "board/board_graph.h"
#include "solver/board_symmetry.h"
#include "solver/bounds_table.h"
#include "board/extra_turn.h"

namespace dotslab {

struct SolverPosition {
    LineSet lines = 0;         // the filled lines
    bool onExtraTurn = false;  // at-most-one rule: the mover is already on an extra turn
};

struct MoveValue {
    int line = -1;
    int value = 0;        // the mover's net cells from here if they play this line, then perfectly
    int closes = 0;       // cells this line completes
};

struct SolverOptions {
    bool useSymmetry = true;
    bool useSafeCaptures = true;
    bool useChainReductions = true;
    int tableBits = 0;  // the bounds table holds 2^tableBits buckets of 16 bytes; 0: sized to the board
    bool useTwinLines = true;  // lines on the same cells (a corner box's two outer sides) are one move
    int threads = 1;  // more than one: helpers search the same tree, sharing the table (lazy SMP)
};

class Solver {
  public:
    Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options = {});
    ~Solver();
    Solver(const Solver &) = delete;
    Solver &operator=(const Solver &) = delete;

    // Returns the exact value of position for the player to move.
    int value(const SolverPosition &position);
    // Returns true if the position's value is at least v: one null-window search, far
    // cheaper than the exact value (for example, "does the mover win?").
    bool valueAtLeast(const SolverPosition &position, int v);
    // Returns the exact value of every open line of position (ascending by line).
    std::vector<MoveValue> moveValues(const SolverPosition &position);
    // Returns the lines that reach the position's value (ascending).
    std::vector<int> optimalMoves(const SolverPosition &position);
    // Returns how many positions the searches have visited so far.
    std::uint64_t nodes() const { return nodes_; }
    // Returns the board.
    const BoardGraph &graph() const { return graph_; }

  private:
    // A solver that shares primary's table: a helper thread, whose move order near the
    // root is turned by helperIndex so that the threads start on different subtrees.
    Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options, std::shared_ptr<BoundsTable> table,
           int helperIndex);
    using Images = std::array<LineSet, 8>;  // the line set under each symmetry ([0]: itself)
    int search(const Images &images, bool extra, int alpha, int beta);
    int searchFrom(LineSet lines, bool extra, int alpha, int beta);
    int capturesOf(LineSet lines, int line) const;
    int missingSides(LineSet lines, int cell) const;
    struct Chain {
        int length = 0;      // boxes, the capturable one included
        bool closed = false; // the far end is a capturable box too
        int lastMissing = -1;  // the far box's other missing side (2-chains: the double-dealing move)
    };
    Chain walkChain(LineSet lines, int cell, int missing) const;
    int reducedMoves(LineSet lines, int moves[2]) const;
    // A move's outcome: the position after it and what it is worth to the mover.
    struct Child {
        SolverPosition position;
        int closes = 0;          // cells the move completes
        bool sameMover = false;  // the mover moves again: value = closes + value(position), else closes - value(position)
    };
    Child childOf(const SolverPosition &position, int line) const;
    // What one pass over the cells finds: the lines that capture (a cell one side short),
    // capture two, or give a cell its third side (a cell two sides short).
    struct CellScan {
        int open = 0;  // cells not yet closed
        LineSet captureLines = 0, doubleCaptureLines = 0, thirdSideLines = 0;
    };
    CellScan scanCells(LineSet lines) const;
    // Returns lines with each group of twin lines filled from its first line on: twins
    // touch the same cells, so which of them are filled does not matter, only how many.
    LineSet withTwinsInOrder(LineSet lines) const;
    // Returns the key of a position given as its images: the least image; orientation
    // is set to the symmetry that gives it.
    LineSet canonicalKey(const Images &images, int &orientation) const;
    // Returns the images after line is played. Every image keeps its twins in order (the
    // filled ones of a group come first), so equal positions have equal images.
    Images played(const Images &images, int line) const;

    const BoardGraph &graph_;
    ExtraTurnRule rule_;
    SolverOptions options_;
    BoardSymmetry symmetry_;
    std::shared_ptr<BoundsTable> table_;
    int helperIndex_ = 0;
    int ply_ = 0;                              // moves from the searched position to this node
    const std::atomic<bool> *stop_ = nullptr;  // set when another thread has finished: unwind, store nothing
    std::vector<int> order_;  // lines, centre first
    // Flat copies of the board for the inner loop: each line's cells, each cell's lines.
    std::vector<std::array<int, 2>> lineCells_;
    std::vector<int> lineCellCount_;
    std::vector<LineSet> cellLines_;
    std::vector<std::vector<int>> inverse_;      // [symmetry][image line] -> line
    std::vector<Images> imageTwins_;  // [line][symmetry] -> the image line and its twins
    struct TwinGroup {
        LineSet lines = 0;                 // two or more lines on exactly the same cells
        std::vector<LineSet> firstLines;   // [k] -> the group's first k lines
    };
    std::vector<TwinGroup> twinGroups_;
    std::vector<LineSet> earlierTwins_;  // [line] -> the lines of its group that come before it
    std::uint64_t nodes_ = 0;
};

// Returns the value of every position of a board with at most 20 lines, indexed by line
// set (and for the at-most-one rule, by line set * 2 + extra): the full table.
std::vector<std::int8_t> fullTable(const BoardGraph &graph, ExtraTurnRule rule);

}  // namespace dotslab
