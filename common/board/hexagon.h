// hexagon.h — the 12-line hexagon of six triangles played by dotstriangles.
//
// Seven dots (a hexagon and its centre) sit on the canvas exactly where the printed grid
// shows them. Lines are numbered 1..12 in reading order of their midpoints (index 0..11
// here); triangles in reading order of their owner slots, which is the digit order d13..d18:
//
//     col 012345678
//   row 0   o---o          T0 (0,2)  T1 (0,6)              a = triangle 0 (d13) upper left
//       1  /a\b/c\         M0 (2,0)  M1 (2,4)  M2 (2,8)    b = triangle 1 (d14) upper middle
//       2 o---o---o        B0 (4,2)  B1 (4,6)              c = triangle 2 (d15) upper right
//       3  \d/e\f/                                         d = triangle 3 (d16) lower left
//       4   o---o          (a..f: where each owner prints)  e = triangle 4 (d17) lower middle
//                                                           f = triangle 5 (d18) lower right
//   lines:  1 T0-T1 (row 0)
//           2 T0-M0 /   3 T0-M1 \   4 T1-M1 /   5 T1-M2 \  (row 1)
//           6 M0-M1     7 M1-M2                            (row 2)
//           8 M0-B0 \   9 M1-B0 /  10 M1-B1 \  11 M2-B1 /  (row 3)
//          12 B0-B1 (row 4)
//
// The lines are found from the dots (one step across or diagonally) and the triangles
// from the lines (every three pairwise-joined dots), not typed in from the spec table.
#pragma once

#include "board/board_graph.h"

namespace dotslab {

// Returns the hexagon board: 12 lines, 6 triangles.
const BoardGraph &hexagonBoard();

}  // namespace dotslab
