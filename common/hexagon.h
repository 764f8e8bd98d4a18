// hexagon.h — the 12-line hexagon of six triangles played by dotstriangles.
//
// Seven dots (a hexagon and its centre) sit on the canvas as printed; lines are
// numbered 1..12 in reading order (index 0..11 here), triangles in reading order of
// their label points, which is the digit order d13..d18:
//
//    col 0 1 2 3 4 5 6 7 8
//   row 0     T0--1---T1            triangle 0 (d13) upper left    lines 2  3  6
//       1   2  13 3 14 4  15 5      triangle 1 (d14) upper middle  lines 1  3  4
//       2 M0---6---M1---7---M2      triangle 2 (d15) upper right   lines 4  5  7
//       3   8  16 9 17 10 18 11     triangle 3 (d16) lower left    lines 6  8  9
//       4     B0--12--B1            triangle 4 (d17) lower middle  lines 9 10 12
//                                   triangle 5 (d18) lower right   lines 7 10 11
//   (T0 is at column 2, T1 at 6; M0 0, M1 4, M2 8; B0 2, B1 6. Row 1 and 3 hold the
//   diagonals at odd columns and the owners at columns 2, 4 and 6.)
//
// The lines are found from the dots (one step across or diagonally) and the triangles
// from the lines (every three pairwise-joined dots), not typed in from the spec table.
#pragma once

#include "board_graph.h"

namespace dotslab {

// Returns the hexagon board: 12 lines, 6 triangles.
const BoardGraph &hexagonBoard();

}  // namespace dotslab
