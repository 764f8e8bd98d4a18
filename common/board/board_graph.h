// board_graph.h — any small Dots-and-Boxes-like board as a graph of dots, lines and cells.
//
// A board is a set of dots placed on a text canvas, the lines joining neighbouring
// dots, and the cells (boxes, triangles) that a closed ring of lines encloses. The
// canvas coordinates are where the printed grid shows each dot, so one description
// serves the rules, the solver and the renderer:
//
//     col 0123456789                 row, col of a dot = where its 'o' is printed;
//   row 0    o--o                    a line is drawn between its two dots
//       1    |  |                    ('-' across, '|' down, '/' or '\' diagonally);
//       2 o--o--o--o                 a cell's label (its owner) sits at its label point.
//
// Lines are numbered 0..lineCount()-1 in reading order of their midpoints (top to
// bottom, then left to right), which is exactly how the assignments number them
// (1-based). Cells are numbered in reading order of their centres. A set of lines is
// one 64-bit mask (bit i = line i), so boards have at most 64 lines and 64 cells:
// every fixed board of the assignments and every rectangle up to 4 x 5 fits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dotslab {

using LineSet = std::uint64_t;  // bit i set = line i filled
using CellSet = std::uint64_t;  // bit i set = cell i

// Returns the one-line set {line}.
constexpr LineSet lineBit(int line) { return LineSet{1} << line; }

struct Point {
    int row = 0;  // text row of the printed grid
    int col = 0;  // character column of the printed grid
    friend bool operator==(Point a, Point b) { return a.row == b.row && a.col == b.col; }
    friend bool operator<(Point a, Point b) { return a.row != b.row ? a.row < b.row : a.col < b.col; }
};

struct Line {
    Point from;  // the upper (then left) end
    Point to;    // the other end
};

struct Cell {
    std::vector<int> lines;  // the lines around the cell, ascending
    Point label;             // where the owner's symbol is printed
};

class BoardGraph {
  public:
    static constexpr int kMaxLines = 64;
    static constexpr int kMaxCells = 64;

    // Builds the graph; lines are renumbered in reading order of their midpoints and cells
    // in reading order of their label points. Throws std::invalid_argument on a bad board.
    BoardGraph(std::vector<Line> lines, std::vector<Cell> cells);

    // Returns the number of lines.
    int lineCount() const { return static_cast<int>(lines_.size()); }
    // Returns the number of cells.
    int cellCount() const { return static_cast<int>(cells_.size()); }
    // Returns line i's two dots.
    const Line &line(int i) const { return lines_[i]; }
    // Returns cell i's lines and label point.
    const Cell &cell(int i) const { return cells_[i]; }
    // Returns the set of every line: the full board.
    LineSet allLines() const { return allLines_; }
    // Returns the lines around cell c as a set.
    LineSet linesOfCell(int c) const { return cellLines_[c]; }
    // Returns the cells that have line i as a side (one or two).
    const std::vector<int> &cellsOfLine(int i) const { return lineCells_[i]; }
    // Returns the cells all of whose lines are in filled.
    CellSet closedCells(LineSet filled) const;
    // Returns how many cells adding line i (not in filled) closes: 0, 1 or 2.
    int cellsClosedBy(LineSet filled, int i) const;
    // Returns the index of the line joining dots a and b, or -1 if there is none.
    int lineBetween(Point a, Point b) const;

  private:
    std::vector<Line> lines_;
    std::vector<Cell> cells_;
    std::vector<LineSet> cellLines_;
    std::vector<std::vector<int>> lineCells_;
    LineSet allLines_ = 0;
};

// Returns the lines joining every pair of dots that `adjacent` accepts.
template <class Adjacent>
std::vector<Line> linesBetween(const std::vector<Point> &dots, Adjacent adjacent) {
    std::vector<Line> lines;
    for (std::size_t i = 0; i < dots.size(); ++i)
        for (std::size_t j = 0; j < dots.size(); ++j)
            if (dots[i] < dots[j] && adjacent(dots[i], dots[j])) lines.push_back({dots[i], dots[j]});
    return lines;
}

// Returns every axis-aligned rectangle whose four sides are lines (the boxes), each
// labelled at its centre (rounded down).
std::vector<Cell> boxesOf(const std::vector<Line> &lines);

// Returns every triple of pairwise-joined dots (the triangles), each labelled on the row
// halfway between its top and bottom, at the mean column of its corners.
std::vector<Cell> trianglesOf(const std::vector<Line> &lines);

// How a board is drawn as text.
struct DrawStyle {
    char dot = 'o';
    char across = '-';  // a horizontal line fills every column between its dots
    char down = '|';    // a vertical line fills every row between its dots
};

// Returns the board drawn as text rows. Each row runs up to its last slot (dot, line
// character or, when labels are given, cell label) and is never trimmed: an empty slot
// is a space. labels is empty (cells not drawn) or one character per cell.
std::vector<std::string> drawBoard(const BoardGraph &graph, LineSet filled, const std::string &labels,
                                   const DrawStyle &style);

// Returns row padded with spaces to column col, then text.
std::string annotate(std::string row, std::size_t col, const std::string &text);

}  // namespace dotslab
