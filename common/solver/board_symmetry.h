// board_symmetry.h — the symmetries of a board as permutations of its lines, and the
// canonical form of a line set under them (the solver stores one entry per class).
//
// A symmetry is one of the eight rotations and reflections of the square lattice that
// maps the board's dots onto themselves, lines onto lines and cells onto cells:
//
//   3 x 3:  8 symmetries     2 x 3: 4 (no quarter turns)     cruciform: 8
//   hexagon: 4 here (its mirror images and half turn; its 60-degree turns are not maps of
//   the square lattice, and with 2 x 4096 states in all they would buy nothing)
//
// Dots are first put on the lattice by dividing their canvas coordinates by the
// smallest row and column steps between dots (2 and 3 for the cruciform).
#pragma once

#include <array>
#include <vector>

#include "board/board_graph.h"

namespace dotslab {

class BoardSymmetry {
  public:
    // Finds the symmetries of graph (always including the identity).
    explicit BoardSymmetry(const BoardGraph &graph);

    // Returns the number of symmetries found.
    int count() const { return static_cast<int>(maps_.size()); }
    // Returns line i's image under symmetry s.
    int image(int s, int line) const { return maps_[s][line]; }
    // Returns the image of a line set under symmetry s.
    LineSet apply(int s, LineSet lines) const;
    // Returns the smallest image of lines under every symmetry: equal for symmetric sets.
    LineSet canonical(LineSet lines) const;

  private:
    std::vector<std::vector<int>> maps_;                               // [symmetry][line] -> line
    std::vector<std::array<std::array<LineSet, 256>, 8>> byteImages_;  // [symmetry][byte][value]
};

}  // namespace dotslab
