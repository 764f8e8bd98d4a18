// rectangle.h — the height x width rectangle of boxes played by boxes and dotscomputer.
//
// Edges are numbered by arithmetic in reading order, so no table is stored and a
// 999 x 999 grid (1,998,999 edges) costs nothing to describe. With stride = 2*width+1,
// the edges of dot row r come first, then the edges of cell row r:
//
//   2 x 3:  +-0-+-1-+-2-+          horizontal (r, c) = r*stride + c          0 <= r <= height
//           3   4   5   6          vertical   (r, c) = r*stride + width + c  0 <= c <= width
//           +-7-+-8-+-9-+          cell       (r, c) = r*width + c
//           10  11  12  13
//           +14-+15-+16-+          cell (r, c) has top h(r,c), left v(r,c),
//                                  right v(r,c+1) and bottom h(r+1,c).
//
// This is also the order of the edge lines in a boxes save file, and the order in which
// BoardGraph numbers the lines of a small rectangle (rectangleBoard), so both views agree.
#pragma once

#include <array>

#include "board/board_graph.h"

namespace dotslab {

class RectangleGrid {
  public:
    // Makes the grid of height x width cells (both at least 1).
    RectangleGrid(int height, int width) : height_(height), width_(width) {}

    // Returns the number of cell rows.
    int height() const { return height_; }
    // Returns the number of cell columns.
    int width() const { return width_; }
    // Returns the number of edges: (height+1)*width horizontal plus height*(width+1) vertical.
    int edgeCount() const { return height_ * stride() + width_; }
    // Returns the number of cells.
    int cellCount() const { return height_ * width_; }
    // Returns the edge from dot (r, c) along direction 'h' (to (r, c+1)) or 'v' (to
    // (r+1, c)), or -1 where there is none on this grid (the one range every reader of
    // "R C h" / "R C v" uses).
    int edgeAt(int r, int c, char direction) const {
        if (r < 0 || c < 0) return -1;
        if (direction == 'h') return r <= height_ && c < width_ ? horizontalEdge(r, c) : -1;
        if (direction == 'v') return r < height_ && c <= width_ ? verticalEdge(r, c) : -1;
        return -1;
    }
    // Returns the index of the horizontal edge from dot (r, c) to (r, c+1).
    int horizontalEdge(int r, int c) const { return r * stride() + c; }
    // Returns the index of the vertical edge from dot (r, c) to (r+1, c).
    int verticalEdge(int r, int c) const { return r * stride() + width_ + c; }
    // Returns true if edge e is horizontal.
    bool isHorizontal(int e) const { return e % stride() < width_; }
    // Returns the dot row of edge e's first (upper or left) dot.
    int edgeRow(int e) const { return e / stride(); }
    // Returns the dot column of edge e's first (upper or left) dot.
    int edgeCol(int e) const { return isHorizontal(e) ? e % stride() : e % stride() - width_; }
    // Returns the index of cell (r, c).
    int cellIndex(int r, int c) const { return r * width_ + c; }
    // Returns cell i's edges: top, left, right, bottom.
    std::array<int, 4> edgesOfCell(int i) const {
        int r = i / width_, c = i % width_;
        return {horizontalEdge(r, c), verticalEdge(r, c), verticalEdge(r, c + 1), horizontalEdge(r + 1, c)};
    }
    // Stores the cells beside edge e in out and returns how many there are (1 or 2).
    int cellsOfEdge(int e, std::array<int, 2> &out) const {
        int r = edgeRow(e), c = edgeCol(e), n = 0;
        if (isHorizontal(e)) {
            if (r > 0) out[n++] = cellIndex(r - 1, c);
            if (r < height_) out[n++] = cellIndex(r, c);
        } else {
            if (c > 0) out[n++] = cellIndex(r, c - 1);
            if (c < width_) out[n++] = cellIndex(r, c);
        }
        return n;
    }

  private:
    int stride() const { return 2 * width_ + 1; }
    int height_;
    int width_;
};

// Returns the small rectangle (at most 64 edges) as a BoardGraph, dots 2 apart on the
// canvas as boxes prints them ('+' dots, '-' and '|' lines, owners at cell centres).
BoardGraph rectangleBoard(int height, int width);

}  // namespace dotslab
