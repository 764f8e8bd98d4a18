// pieces.h — solving a board in pieces: the positions a few moves from the empty board
// (one per class under the board's symmetries) are solved apart, each by a plain
// process that writes its own results file (piece_file.h), and merged back into the
// value of the empty board. The pieces form a job list that GNU parallel, a Slurm array
// or one sequential process runs; a piece already solved is skipped, so a run that stops
// resumes where it was.
//
// A piece id names a rectangle and a canonical line set (its least image under the
// board's symmetries, so symmetric openings are one piece):
//
//   rect-4x4-0000000000000003      "rect-" H "x" W "-" 16 hex digits of the LineSet
//
// The plan (one id a line) covers the game tree: every path from the empty board meets a
// piece of the plan. The merge walks the tree from the root by negamax (a move that
// closes c cells keeps the mover: c + value(child); any other move: -value(child)),
// takes each piece's exact value from its results file, and lists the pieces of the plan
// that have none. A piece too big to solve in one go is split: its line in the plan is
// replaced by planPieces(board, its lines, a greater depth).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "board/board_graph.h"
#include "board/rectangle.h"
#include "piece_file.h"
#include "solver/board_symmetry.h"

namespace dotslab {

// A rectangle of cells under the unlimited extra-turn rule, and the names of its pieces.
class PieceBoard {
  public:
    PieceBoard(int height, int width);
    // Returns the board piece id belongs to; throws if id is not a piece id.
    static PieceBoard ofId(const std::string &id);
    PieceBoard(const PieceBoard &other) : PieceBoard(other.height(), other.width()) {}
    PieceBoard &operator=(const PieceBoard &) = delete;

    int height() const { return grid_.height(); }
    int width() const { return grid_.width(); }
    const BoardGraph &graph() const { return graph_; }
    // Returns "rect-HxW-", the start of every id of this board.
    std::string idPrefix() const;
    // Returns the id of the piece lines is (under the symmetries).
    std::string idOf(LineSet lines) const;
    // Returns the lines of piece id; throws if id is not a canonical piece of this board.
    LineSet linesOf(const std::string &id) const;
    // Returns lines in the boxes notation: "0 0 h,1 2 v" (ascending by line).
    std::string movesOf(LineSet lines) const;
    // Returns the least image of lines under the board's symmetries.
    LineSet canonical(LineSet lines) const { return symmetry_.canonical(lines); }

  private:
    RectangleGrid grid_;
    BoardGraph graph_;
    BoardSymmetry symmetry_;
};

// Returns the ids of the pieces with depth lines that contain from (from the empty board:
// from = 0), one per class under the symmetries, ascending; throws if depth is not
// between from's line count and the board's last line.
std::vector<std::string> planPieces(const PieceBoard &board, LineSet from, int depth);

// How to solve pieces.
struct PieceSettings {
    int threads = 1;
    int memoryMegabytes = 0;  // the table; 0: sized to the board
};

// What a call of solvePieces did.
struct SolveReport {
    int solved = 0;    // solved now and written
    int skipped = 0;   // already had a whole results file
    int replaced = 0;  // had a file that was not a whole piece file: solved again
};

// Solves each piece of ids (all of one board) that has no whole results file in
// directory, one after another with one solver (its table carries over from piece to
// piece), writing each result as soon as it is known. Says what it does on log. Throws
// on a bad id or a file it cannot write.
SolveReport solvePieces(const std::vector<std::string> &ids, const std::string &directory,
                        const PieceSettings &settings, std::ostream &log);

// The empty board's value as the pieces give it.
struct MergeReport {
    int planned = 0;                      // pieces in the plan
    int found = 0;                        // of them, with a whole results file
    std::vector<std::string> missing;     // pieces the merge needs that have no whole results file
    std::vector<std::string> unreadable;  // of those, the ones with a file that is not whole: why
    bool complete = false;                // every piece the merge needs is solved
    int value = 0;                        // the root's value (when complete)
    struct FirstMove {
        std::string move;  // one line of the empty board, in the boxes notation
        int value = 0;     // the first player's net cells if they start with it
    };
    std::vector<FirstMove> firstMoves;  // one per class of first moves (when complete)
    std::uint64_t nodes = 0;            // positions searched, every found piece together
    double cpuSeconds = 0, wallSeconds = 0;
    PieceResult largest;  // the found piece that took the most positions
};

// Merges the results in directory over plan (ids of one board, one line each); throws if
// the plan does not cover the game tree.
MergeReport mergePieces(const std::vector<std::string> &plan, const std::string &directory);

}  // namespace dotslab
