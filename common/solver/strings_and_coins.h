// strings_and_coins.h — a position's strings-and-coins structure as a key: two positions
// with the same key have the same value (unlimited extra-turn rule), wherever on the
// board their chains lie.
//
// An open cell is a coin, an open line a string to a neighbouring coin or to the ground.
// Coins with exactly two strings are compressed away: each maximal run of them becomes
// one edge, labelled with its length, between the coins at its ends (junctions: one,
// three or four strings) or the ground. The parts that do not meet but through the ground
// are independent games, each keyed on its own and the keys sorted:
//
//   chain of n from ground to ground:  "c<n>"      loop of n:  "l<n>"
//   a part with junctions:  "j" + its edges (end, end, length), junctions renumbered in
//   the order that makes the list least (ground is 'g'; at most kMaxJunctions of them —
//   a bigger part is keyed by its own cells and lines, so it merges with nothing)
//
// This key is for measuring, so far: how many of the positions a search visits it would
// merge (bench/solver_bench.cpp, BM_strings_and_coins_merges_*).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "board/board_graph.h"

namespace dotslab {

class StringsAndCoins {
  public:
    static constexpr int kMaxJunctions = 6;  // 6! orders at most for one part

    explicit StringsAndCoins(const BoardGraph &graph);

    // Returns the structural key of the position with lines filled.
    std::string key(LineSet lines) const;

  private:
    // Returns the cell across line from cell (-1: the ground).
    int across(int line, int cell) const {
        return lineCells_[line][0] == cell ? lineCells_[line][1] : lineCells_[line][0];
    }

    std::vector<LineSet> cellLines_;             // [cell] -> its lines
    std::vector<std::array<int, 2>> lineCells_;  // [line] -> its cells (-1: none)
};

}  // namespace dotslab
