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
// The techniques (each can be switched off in SolverOptions, and each is checked against
// plain alpha-beta in tests/solver; what each buys is measured by bench/solver_bench.cpp):
//   - alpha-beta over these values with a table of [lower, upper] bounds per position
//     (every position is searched to the end, so bounds never go stale), driven by
//     null-window tests (MTD(f)): "is the value at least v?" prunes far more than a full
//     window, and the table carries what each test proved to the next;
//   - canonical keys under the board's symmetries (8 for squares, 4 for rectangles);
//   - twin lines: in the strings-and-coins view a position is a graph of cells joined by
//     open lines, and lines between the same cells (a corner box's two outer sides) are
//     interchangeable, so only one of them is searched and keys fill twins in order;
//   - move ordering: captures first, then moves that give no box a third side, the
//     centre first within each group, and the move that proved a stored bound before all;
//   - the safe capture reduction (unlimited rule): a capture that gives the opponent no
//     new three-sided box is optimal; it is played in place, with no table entry;
//   - the chain reductions (unlimited rule): capturing into an open chain of 3 or more
//     boxes, or a closed chain of 5 or more, is optimal; when the only capturable chain
//     is an open 2-chain, only the capture and the double-dealing move are searched;
//   - chain captures (unlimited rule, off by default): the captures the chain reductions know to be optimal
//     are played in place like safe captures, so a long chain is taken in one step down to
//     its last two boxes (open chain: all, or all but two, is then searched) or four
//     (closed chain: all, or all but four), with no table entry between;
//   - chains and loops (unlimited rule, nothing capturable; chains_and_loops.h): one move
//     searched per chain or loop, none at all where opening it cannot beat alpha (a long
//     chain is worth at most 2 - n to its opener), and a position of chains and loops
//     only valued from their lengths, with no search;
//   - enhanced transposition cutoffs: at a node with many open cells every child's table
//     entry is looked at before any is searched; one known to reach beta settles the
//     node, and one known not to beat alpha is not searched (the move the table stored
//     for the node is searched first, before the others are made: it nearly always
//     settles the node again);
//   - parity: every open cell is taken by someone, so a value has the parity of the open
//     cells, and a bound the search finds is one tighter when its parity is wrong;
//   - the table (bounds_table.h): 8-byte entries in 32-byte buckets on huge pages,
//     fetched for all children at once where the cutoffs read them; a parent makes its
//     children after their safe captures (so each slot fetched is the one the child
//     reads), and a child's key is made once;
//   - the leaf table (leaf_table.h, off by default): positions with few open cells
//     (leafOpenCells) are kept in a small table per thread that stays in cache, never in
//     the big table;
//   - threads: lazy SMP, helpers (started once, kept for the solver's lifetime) search
//     the same tree in a different order near the root and share the table; a move that
//     another thread is searching now waits for the end of the list (ABDADA,
//     searching_now.h), so that the threads split the work instead of repeating it. A
//     helper that wakes after the search is over leaves it: a small search never waits
//     for a thread to wake.
//   - structure keys (unlimited rule, off by default): a position with few junctions is
//     keyed by its strings-and-coins structure (structure_key.h), exactly: positions whose
//     chains lie in different places share one table entry.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "board/board_graph.h"
#include "board/extra_turn.h"
#include "solver/board_symmetry.h"
#include "solver/bounds_table.h"
#include "solver/chains_and_loops.h"
#include "solver/leaf_table.h"
#include "solver/searching_now.h"
#include "solver/structure_key.h"

namespace dotslab {

struct SolverPosition {
    LineSet lines = 0;         // the filled lines
    bool onExtraTurn = false;  // at-most-one rule: the mover is already on an extra turn
};

struct MoveValue {
    int line = -1;
    int value = 0;   // the mover's net cells from here if they play this line, then perfectly
    int closes = 0;  // cells this line completes
};

struct SolverOptions {
    bool useSymmetry = true;
    bool useSafeCaptures = true;
    bool useChainReductions = true;
    int tableBits = 0;  // the bounds table holds 2^tableBits buckets of 32 bytes; 0: sized to the board
    bool useTwinLines = true;  // lines on the same cells (a corner box's two outer sides) are one move
    int threads = 1;           // more than one: helpers search the same tree, sharing the table (lazy SMP)
    bool useChainsAndLoops = true;        // a position of chains and loops only is valued, not searched
    bool useTranspositionCutoffs = true;  // children the table knows may settle a node before any search
    bool useParity = true;                // a value has the parity of the open cells: bounds one tighter
    // Positions with at most this many open cells are kept in a small table per thread
    // (leaf_table.h), never in the big one; 0: every position goes to the big table. Off
    // by default: measured, it saves no time (bench/README.md).
    int leafOpenCells = 0;
    // Captures into a long chain (which the chain reductions know to be optimal) are played
    // in place, the whole chain but its last two or four boxes in one step, with no table
    // entry between (needs useChainReductions). Off by default: measured, it saves probes
    // but searches more positions and takes longer (bench/README.md).
    bool useChainCaptures = false;
    // Positions with at most this many junctions (unlimited rule) are keyed by their
    // strings-and-coins structure (structure_key.h), so that positions whose chains lie in
    // different places share one entry; the others by their lines. 0: every position by
    // its lines. Off by default: measured, it searches about half the positions but takes
    // as long, the key costing what it saves (bench/README.md).
    int structureJunctions = 0;
    // For measurements: called with the table word and lines of every position searched
    // (each one that reaches the table), by the thread searching it.
    std::function<void(std::uint64_t word, LineSet lines)> onSearched;
};

class Solver {
  public:
    Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options = {});
    // The solver keeps a reference to its board: a temporary one would be gone.
    Solver(BoardGraph &&graph, ExtraTurnRule rule, SolverOptions options = {}) = delete;
    ~Solver();
    Solver(const Solver &) = delete;
    Solver &operator=(const Solver &) = delete;

    // Returns the exact value of position for the player to move.
    int value(const SolverPosition &position);
    // Returns the exact value of position, which the caller knows to be at least atLeast
    // (a move earlier kept it): one null-window test fewer when the value is that bound.
    int value(const SolverPosition &position, int atLeast);
    // Returns true if the position's value is at least v: one null-window search, far
    // cheaper than the exact value (for example, "does the mover win?").
    bool valueAtLeast(const SolverPosition &position, int v);
    // Returns the exact value of every open line of position (ascending by line).
    std::vector<MoveValue> moveValues(const SolverPosition &position);
    // Returns the lines that reach the position's value (ascending).
    std::vector<int> optimalMoves(const SolverPosition &position);
    // Returns how many positions the searches (helpers' included) have visited so far.
    std::uint64_t nodes() const;
    // Returns how many times the searches (helpers' included) have read the big shared
    // table (a trip to memory, once the table is big): the cost the leaf table saves.
    std::uint64_t tableProbes() const;
    // Returns the board.
    const BoardGraph &graph() const { return graph_; }

  private:
    // A solver that shares primary's table: a helper thread, whose move order near the
    // root is turned by helperIndex so that the threads start on different subtrees.
    Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options,
           std::shared_ptr<BoundsTable> table, std::shared_ptr<SearchingNow> searchingNow, int helperIndex);
    using Images = std::array<LineSet, 8>;  // the line set under each symmetry ([0]: itself)
    static constexpr int kMaxLines = BoardGraph::kMaxLines;

    // A position as the search holds it: its images, and its table word with the symmetry
    // that gives it (made once, by whoever makes the position). No member initializers:
    // a node's array of children is not cleared.
    struct Keyed {
        Images images;
        bool extra;          // the mover is on an extra turn the rule remembers
        std::uint64_t word;  // the table word: canonical key and extra-turn flag
        int orientation;     // the symmetry that takes images[0] to the key
    };
    // A node of the search: a position after its safe captures, where the moves are
    // chosen. Made by whoever reaches it (a parent makes all its children before it
    // searches them, so that their table slots are fetched at once); no member
    // initializers, so that a node's array of children is not cleared.
    struct Node {
        Keyed at;          // the position after safe captures
        int gained;        // cells the mover took by safe captures on the way here
        int openCells;     // cells not yet closed (known before the scan)
        int steps;         // positions passed through: 1 + the safe captures played
        struct CellScan {  // what one pass over the cells finds
            int open;      // cells not yet closed; -1: not scanned yet (scanned if searched)
            // the lines that capture (a cell one side short), capture two, or give a cell
            // its third side (a cell two sides short)
            LineSet captureLines, doubleCaptureLines, thirdSideLines;
            int twoSided;  // open cells with exactly two open sides
        } scan;
        LineSet lines() const { return at.images[0]; }
        bool extra() const { return at.extra; }
    };
    using CellScan = Node::CellScan;
    // What the table knows of a node, in the node's own orientation.
    struct Probe {
        int storedMove = -1;  // the move stored with the bounds, in the key's orientation
        int lower = 0, upper = 0;
        int hint = -1;  // the stored move in the node's orientation, or -1
    };
    struct MoveList {
        int moves[kMaxLines];
        int count = 0;
        int leftOut = std::numeric_limits<int>::min();  // the most a move not listed can be worth
        bool hinted = false;  // moves[0] is the move the table stored: it decided the position before
    };
    struct Best {
        int value = 0;
        int move = -1;
    };

    // Returns the value of node within the window (alpha, beta).
    int search(const Node &node, int alpha, int beta);
    // Returns the node position leads to: its safe captures played, until none is left.
    Node afterSafeCaptures(const Keyed &position) const;
    // Plays node's (scanned) captures in place while one is known to be optimal: safe
    // captures, and with chain captures a capture into a long chain; keys node again if
    // any was played, or if it came unkeyed.
    void playForcedCaptures(Node &node, bool unkeyed) const;
    // Returns true if a cell of line is one side short and capturing it runs into a long
    // chain (open and 3 or more boxes, or closed and 5 or more).
    bool intoLongChain(LineSet lines, int line) const;
    // Step 2: returns what the table holds for node (bounds of the whole node if nothing).
    Probe probeTable(const Node &node) const;
    // Step 3: returns node's moves to search, best first (those that cannot beat alpha left out).
    MoveList orderedMoves(const Node &node, int hint, int alpha) const;
    // Step 4: searches the moves in order until one reaches beta; returns the best. Where
    // the node has many open cells, the table's bounds of every child come first (after
    // the stored move, if it does not settle the node alone).
    Best searchMoves(const Node &node, MoveList moves, int alpha, int beta);
    // Returns the child that line leads to from node (after the child's safe captures).
    Node childNode(const Node &node, int line) const;
    // Returns the child of a sacrifice (line gives a cell its third side) in a node where
    // nothing could be captured, after the opponent's safe captures: only the sacrificed
    // cells can be captured, so no scan of the whole board is needed (the child is
    // scanned if it is searched).
    Node sacrificed(const Node &node, int line) const;
    // Returns the cells line captures in node.
    static int capturesOf(const Node &node, int line);
    // Returns true if a position with openCells open cells belongs in the leaf table.
    bool inLeafTable(int openCells) const { return openCells <= options_.leafOpenCells && leafTable_; }
    // Returns what the table a position with openCells open cells belongs in holds for word.
    BoundsTable::Bounds probeBounds(std::uint64_t word, int openCells) const {
        if (inLeafTable(openCells)) return leafTable_->probe(word);
        ++tableProbes_;
        return table_->probe(word);
    }
    // Step 5: keeps in the table what the search of node proved.
    void storeResult(const Node &node, const Probe &probe, int alphaIn, int beta, const Best &best);
    // Returns the value of lines, searched by this thread and the helpers.
    int searchFrom(LineSet lines, bool extra, int alpha, int beta);
    // Returns true if another thread has finished the search: unwind, store nothing.
    bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
    // The helpers' loop: wait for a search, run it, report, until the solver goes.
    void helperLoop(Solver &helper);
    // Returns true if safe captures are played in place (the table never holds a position with one).
    bool safeCapturesApply() const { return rule_ == ExtraTurnRule::kUnlimited && options_.useSafeCaptures; }
    // Returns true if captures into long chains are played in place, all but the last two
    // (open chain) or four (closed chain) in one step.
    bool chainCapturesApply() const {
        return rule_ == ExtraTurnRule::kUnlimited && options_.useChainReductions && options_.useChainCaptures;
    }
    // Returns true if position's mover is on an extra turn that the rule remembers.
    bool isExtra(const SolverPosition &position) const {
        return remembersExtraTurns(rule_) && position.onExtraTurn;
    }
    int missingSides(LineSet lines, int cell) const;
    // Returns the cell on the other side of line from cell (-1: the outside).
    int cellAcross(int line, int cell) const {
        return lineCells_[line][0] == cell ? lineCells_[line][1] : lineCells_[line][0];
    }
    // Returns true if chains and loops value a node with this scan, with no search (and
    // so the table never holds it): nothing capturable, every open cell two-sided.
    bool valuedByChainsAndLoops(const CellScan &scan) const {
        return chainsAndLoops_ && scan.captureLines == 0 && scan.twoSided == scan.open;
    }
    struct Chain {
        int length = 0;        // boxes, the capturable one included
        bool closed = false;   // the far end is a capturable box too
        int lastMissing = -1;  // the far box's other missing side (2-chains: the double-dealing move)
    };
    Chain walkChain(LineSet lines, int cell, int missing) const;
    int reducedMoves(LineSet lines, int moves[2]) const;
    // A move's outcome: the position after it and what it is worth to the mover.
    struct Child {
        SolverPosition position;
        int closes = 0;  // cells the move completes
        bool sameMover =
            false;  // the mover moves again: value = closes + value(position), else closes - value(position)
    };
    Child childOf(const SolverPosition &position, int line) const;
    // Returns what one pass over the cells of lines finds.
    CellScan scanCells(LineSet lines) const;
    // Returns lines as a set of ranks: bit r for the line order_[r].
    LineSet ranked(LineSet lines) const;
    // Returns lines with each group of twin lines filled from its first line on: twins
    // touch the same cells, so which of them are filled does not matter, only how many.
    LineSet withTwinsInOrder(LineSet lines) const;
    // Returns the position of images, keyed: by its structure where it can be, else its
    // key is the least image. junctions: its junctions if the caller knows them (none
    // keyed by structure has more than the structure key takes), or -1.
    Keyed keyed(const Images &images, bool extra, int junctions = -1) const;
    // Returns the images after line is played. Every image keeps its twins in order (the
    // filled ones of a group come first), so equal positions have equal images.
    Images played(const Images &images, int line) const;

    const BoardGraph &graph_;
    ExtraTurnRule rule_;
    SolverOptions options_;
    BoardSymmetry symmetry_;
    std::shared_ptr<BoundsTable> table_;
    std::unique_ptr<LeafTable> leafTable_;        // this thread's own; null where leafOpenCells is 0
    std::shared_ptr<SearchingNow> searchingNow_;  // shared by the threads; null with one thread
    int helperIndex_ = 0;
    int ply_ = 0;                              // moves from the searched position to this node
    const std::atomic<bool> *stop_ = nullptr;  // set when another thread has finished: unwind, store nothing
    std::vector<int> order_;                   // lines, centre first: [rank] -> line
    // [byte b][v] -> the ranks (bits in centre-first order) of the lines 8b.. whose bits are v
    std::vector<std::array<LineSet, 256>> rankBytes_;
    std::vector<LineSet> cellLines_;             // a flat copy of each cell's lines, for the inner loop
    std::vector<std::array<int, 2>> lineCells_;  // [line] -> its cells (-1: none), for the inner loop
    std::vector<std::vector<int>> inverse_;      // [symmetry][image line] -> line
    std::vector<Images> imageTwins_;             // [line][symmetry] -> the image line and its twins
    struct TwinGroup {
        LineSet lines = 0;                // two or more lines on exactly the same cells
        std::vector<LineSet> firstLines;  // [k] -> the group's first k lines
    };
    std::vector<TwinGroup> twinGroups_;
    std::unique_ptr<ChainsAndLoops> chainsAndLoops_;  // null where the technique is off or does not apply
    std::unique_ptr<StructureKey> structureKey_;      // null where the technique is off or does not apply
    std::uint64_t nodes_ = 0;
    mutable std::uint64_t tableProbes_ = 0;  // this thread's reads of the big table

    // The helper threads (options.threads - 1 of them), started with the solver. A search
    // is handed to them as a job; the first thread to finish sets stopSearch_. A job is
    // open until this thread has finished it: a helper that wakes later leaves it, so a
    // search shorter than a thread's wake-up waits for no one.
    struct Job {
        Keyed position{};
        int alpha = 0, beta = 0;
    };
    std::vector<std::unique_ptr<Solver>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable jobReady_, jobDone_;
    Job job_;
    std::uint64_t jobNumber_ = 0;  // counts the jobs handed out
    bool jobOpen_ = false;         // helpers may still take job_
    int helpersBusy_ = 0;          // helpers that took job_ and have not finished it
    bool quitting_ = false;
    std::atomic<bool> stopSearch_{false};
    std::atomic<int> winner_{-1};  // the thread whose result counts: 0 for this one, k for helper k
    std::vector<int> results_;     // [thread] -> its result, read for the winner
};

// Returns the options of a solver on `threads` threads whose table takes at most
// memoryMegabytes (0: the table sized to the board), every technique as by default.
SolverOptions solverOptionsFor(int threads, int memoryMegabytes);

// Returns the value of every position of a board with at most 20 lines, indexed by line
// set (and for the at-most-one rule, by line set * 2 + extra): the full table.
std::vector<std::int8_t> fullTable(const BoardGraph &graph, ExtraTurnRule rule);

}  // namespace dotslab
