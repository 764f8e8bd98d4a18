// computer_player.h — the assignment's four-rule computer player.
//
// Among the open edges:
//   1. If a box has three of its four edges closed, the candidates are the edges that
//      complete such a box. Otherwise the edges that give no box its third edge ("safe").
//      If there are none, every open edge.
//   2. Keep the candidates with the most degrees of freedom: the number of open edges
//      touching either end dot of the edge (the edge itself counted once).
//   3. Then those whose two dots have the smallest sum of column numbers (x).
//   4. Then those whose two dots have the smallest sum of row numbers (y).
// Rules 3 and 4 always leave exactly one edge: a horizontal edge's column sum is odd and
// a vertical edge's even, so two different edges never tie on both.
#pragma once

#include <vector>

#include "board/rectangle_game.h"

namespace dotslab::dotscomputer {

// The players of dotscomputer's game: the human moves first.
inline constexpr int kHuman = 1;
inline constexpr int kComputer = 2;

// Returns the candidate edges of rule 1 (ascending).
std::vector<int> firstRuleCandidates(const RectangleGame &game);

// Returns edge e's degrees of freedom: open edges touching either of its dots.
int degreesOfFreedom(const RectangleGame &game, int e);

// How rule 4 reads "the y-coordinates": the text never says which way y grows. Row a is
// at the top: downward, it has the smallest y (the spec's reading); upward, the largest.
enum class RowsCounted { kDownward, kUpward };

// Returns the edge the computer fills in (the game must have an open edge).
int chooseEdge(const RectangleGame &game, RowsCounted rows = RowsCounted::kDownward);

// Returns the one edge rules 2, 3 and 4 keep among candidates (not empty).
int breakTies(const RectangleGame &game, std::vector<int> candidates,
              RowsCounted rows = RowsCounted::kDownward);

}  // namespace dotslab::dotscomputer
