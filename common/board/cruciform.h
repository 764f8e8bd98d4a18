// cruciform.h — the 16-line cross of five boxes played by dotsboxes.
//
// Dots sit 3 columns and 2 rows apart on the canvas, exactly where the printed grid shows
// them. Lines are numbered 1..16 in reading order of their midpoints (index 0..15 here),
// boxes 0..4 in reading order of their centres:
//
//     col 0123456789          numbered:        o--1--o
//   row 0    o--o                              2  0  3
//       1    |0 |                        o--4--o--5--o--6--o
//       2 o--o--o--o                     7  1  8  2  9  3  10
//       3 |1 |2 |3 |                     o-11--o-12--o-13--o
//       4 o--o--o--o                           14 4  15
//       5    |4 |                              o-16--o
//       6    o--o
//
//   box 0 top: lines 1 2 3 5     box 1 left: 4 7 8 11     box 2 centre: 5 8 9 12
//   box 3 right: 6 9 10 13       box 4 bottom: 12 14 15 16   (box numbers are not printed)
//
// The lines are found from the dots (every pair one step apart) and the boxes from
// the lines (every square whose four sides exist), not typed in from the spec table,
// so that the model checks the submissions instead of sharing their mistakes.
#pragma once

#include "board/board_graph.h"

namespace dotslab {

// Returns the cruciform board: 16 lines, 5 boxes.
const BoardGraph &cruciformBoard();

}  // namespace dotslab
