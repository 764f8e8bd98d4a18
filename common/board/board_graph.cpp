#include "board/board_graph.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace dotslab {
namespace {

// Returns twice the midpoint of a line (integral, so it sorts exactly).
Point doubledMidpoint(const Line &l) { return {l.from.row + l.to.row, l.from.col + l.to.col}; }

bool joins(const Line &l, Point a, Point b) {
    return (l.from == a && l.to == b) || (l.from == b && l.to == a);
}

// Returns the index of the line joining a and b in lines, or -1.
int findLine(const std::vector<Line> &lines, Point a, Point b) {
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (joins(lines[i], a, b)) return static_cast<int>(i);
    return -1;
}

}  // namespace

BoardGraph::BoardGraph(std::vector<Line> lines, std::vector<Cell> cells) {
    if (lines.size() > kMaxLines || cells.size() > kMaxCells)
        throw std::invalid_argument("board has more than 64 lines or cells");
    for (Line &l : lines)
        if (l.to < l.from) std::swap(l.from, l.to);

    // Renumber lines in reading order and translate every cell's line indices.
    std::vector<int> order(lines.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return doubledMidpoint(lines[a]) < doubledMidpoint(lines[b]); });
    std::vector<int> newIndex(lines.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        lines_.push_back(lines[order[i]]);
        newIndex[order[i]] = static_cast<int>(i);
    }
    std::stable_sort(cells.begin(), cells.end(),
                     [](const Cell &a, const Cell &b) { return a.label < b.label; });

    lineCells_.resize(lines_.size());
    for (Cell &c : cells) {
        if (c.lines.empty()) throw std::invalid_argument("cell without lines");
        for (int &l : c.lines) {
            if (l < 0 || l >= lineCount())
                throw std::invalid_argument("cell names a line that does not exist");
            l = newIndex[l];
        }
        std::sort(c.lines.begin(), c.lines.end());
        LineSet mask = 0;
        for (int l : c.lines) {
            mask |= lineBit(l);
            lineCells_[l].push_back(cellCount());
        }
        cellLines_.push_back(mask);
        cells_.push_back(c);
    }
    for (int i = 0; i < lineCount(); ++i) allLines_ |= lineBit(i);
}

CellSet BoardGraph::closedCells(LineSet filled) const {
    CellSet closed = 0;
    for (int c = 0; c < cellCount(); ++c)
        if ((cellLines_[c] & ~filled) == 0) closed |= CellSet{1} << c;
    return closed;
}

int BoardGraph::cellsClosedBy(LineSet filled, int i) const {
    LineSet after = filled | lineBit(i);
    int closed = 0;
    for (int c : lineCells_[i])
        if ((cellLines_[c] & ~after) == 0) ++closed;
    return closed;
}

int BoardGraph::lineBetween(Point a, Point b) const { return findLine(lines_, a, b); }

std::vector<Cell> boxesOf(const std::vector<Line> &lines) {
    std::vector<Cell> boxes;
    for (const Line &top : lines) {
        if (top.from.row != top.to.row) continue;  // only horizontal lines can be a top side
        Point tl = top.from, tr = top.to;
        // The box's height is set by the left side going down from tl.
        for (const Line &left : lines) {
            if (!(left.from == tl) || left.to.col != tl.col || left.to.row <= tl.row) continue;
            Point bl = left.to, br{left.to.row, tr.col};
            int right = findLine(lines, tr, br), bottom = findLine(lines, bl, br);
            if (right < 0 || bottom < 0) continue;
            boxes.push_back({{findLine(lines, tl, tr), findLine(lines, tl, bl), right, bottom},
                             {(tl.row + bl.row) / 2, (tl.col + tr.col) / 2}});
        }
    }
    return boxes;
}

std::vector<Cell> trianglesOf(const std::vector<Line> &lines) {
    std::set<Point> dotSet;
    for (const Line &l : lines) {
        dotSet.insert(l.from);
        dotSet.insert(l.to);
    }
    std::vector<Point> dots(dotSet.begin(), dotSet.end());  // sorted: each triple is seen once
    std::vector<Cell> triangles;
    for (std::size_t a = 0; a < dots.size(); ++a)
        for (std::size_t b = a + 1; b < dots.size(); ++b)
            for (std::size_t c = b + 1; c < dots.size(); ++c) {
                int ab = findLine(lines, dots[a], dots[b]), bc = findLine(lines, dots[b], dots[c]),
                    ac = findLine(lines, dots[a], dots[c]);
                if (ab < 0 || bc < 0 || ac < 0) continue;
                int top = std::min({dots[a].row, dots[b].row, dots[c].row});
                int bottom = std::max({dots[a].row, dots[b].row, dots[c].row});
                triangles.push_back(
                    {{ab, bc, ac}, {(top + bottom) / 2, (dots[a].col + dots[b].col + dots[c].col) / 3}});
            }
    return triangles;
}

std::vector<std::string> drawBoard(const BoardGraph &graph, LineSet filled, const std::string &labels,
                                   const DrawStyle &style) {
    struct Glyph {
        Point at;
        char ch;  // what is shown there when the slot is filled
        bool shown;
    };
    std::vector<Glyph> glyphs;
    for (int i = 0; i < graph.lineCount(); ++i) {
        const Line &l = graph.line(i);
        bool on = (filled & lineBit(i)) != 0;
        glyphs.push_back({l.from, style.dot, true});
        glyphs.push_back({l.to, style.dot, true});
        if (l.from.row == l.to.row) {
            for (int col = l.from.col + 1; col < l.to.col; ++col)
                glyphs.push_back({{l.from.row, col}, style.across, on});
        } else if (l.from.col == l.to.col) {
            for (int row = l.from.row + 1; row < l.to.row; ++row)
                glyphs.push_back({{row, l.from.col}, style.down, on});
        } else {
            Point mid{(l.from.row + l.to.row) / 2, (l.from.col + l.to.col) / 2};
            glyphs.push_back({mid, l.to.col < l.from.col ? '/' : '\\', on});
        }
    }
    for (std::size_t c = 0; c < labels.size() && c < static_cast<std::size_t>(graph.cellCount()); ++c)
        glyphs.push_back({graph.cell(static_cast<int>(c)).label, labels[c], true});

    std::vector<std::string> rows;
    for (const Glyph &g : glyphs) {
        if (g.at.row >= static_cast<int>(rows.size())) rows.resize(g.at.row + 1);
        std::string &row = rows[g.at.row];
        if (g.at.col >= static_cast<int>(row.size())) row.resize(g.at.col + 1, ' ');
        if (g.shown) row[g.at.col] = g.ch;
    }
    return rows;
}

std::string annotate(std::string row, std::size_t col, const std::string &text) {
    if (row.size() < col) row.resize(col, ' ');
    return row + text;
}

}  // namespace dotslab
