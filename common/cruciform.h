// cruciform.h — the 16-line cross of five boxes played by dotsboxes.
//
// Dots sit 3 columns and 2 rows apart on the canvas; lines are numbered 1..16 in
// reading order (index 0..15 here), boxes in reading order of their centres:
//
//    col 0  3  6  9
//   row 0     o--1--o             box 0 top     lines 1  2  3  5
//       1     2  0  3             box 1 left    lines 4  7  8 11
//       2  o--4--o--5--o--6--o    box 2 centre  lines 5  8  9 12
//       3  7  1  8  2  9  3  10   box 3 right   lines 6  9 10 13
//       4  o-11--o-12--o-13--o    box 4 bottom  lines 12 14 15 16
//       5     14 4  15
//       6     o-16--o             (box numbers drawn at their centres)
//
// The lines are found from the dots (every pair one step apart) and the boxes from
// the lines (every square whose four sides exist), not typed in from the spec table,
// so that the model checks the submissions instead of sharing their mistakes.
#pragma once

#include "board_graph.h"

namespace dotslab {

// Returns the cruciform board: 16 lines, 5 boxes.
const BoardGraph &cruciformBoard();

}  // namespace dotslab
