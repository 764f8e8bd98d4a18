// chains_and_loops.h — what the chains and loops of a position (unlimited extra turns,
// nothing capturable) settle without a search.
//
// In the strings-and-coins view an open cell is a coin and an open line a string, to a
// neighbouring coin or to the ground (the edge of the board). Coins with exactly two
// strings make up the chains and loops:
//
//   chain of n:  end ─ o ─ o ─ … ─ o ─ end    (n coins; an end is the ground or a coin
//                                              with three or more strings, a junction)
//   loop of n:   o ─ o ─ … ─ o ─ back to the first   (n coins, no junction)
//
// A move in a chain or loop gives coins away. With G' the position once the component's
// coins and strings are gone (the same wherever it was opened), the mover who opens
//
//   a chain of 1:       the opponent takes it and moves:            -(1 + V(G'))
//   a chain of 2:       in the middle, the opponent takes both:     -(2 + V(G'))
//   a chain of n >= 3:  the opponent takes all and moves, or all but two and declines
//                       them (the mover takes those two and moves): -max(n + V', n - 4 - V')
//   a loop of n >= 4:   the opponent takes all, or all but four:    -max(n + V', n - 8 - V')
//
// These follow from the solver's own lemmas (safe captures and the chain reductions).
// Three things come of them:
//   - one move per component is enough to search: an end of a chain (for a 2-chain, its
//     middle), any line of a loop; every other move in it does no better, because the
//     opponent has at least the same answers (a chain whose two ends are the same
//     junction is left alone: taking it changes that junction twice);
//   - opening a long chain is worth at most 2 - n, a loop at most 4 - n, whatever V' is:
//     a search that needs more passes them by;
//   - a simple loony endgame, where every coin has exactly two strings, is valued from
//     the lengths alone: V is the best of the lines above, 0 with nothing left.
// tests/solver checks both against plain alpha-beta.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "board/board_graph.h"

namespace dotslab {

class ChainsAndLoops {
  public:
    explicit ChainsAndLoops(const BoardGraph &graph);

    // The one move searched in a component, and the most it can be worth to the mover:
    // 2 - n for a chain of n >= 3 and 4 - n for a loop of n (the opponent's better answer
    // is worth at least the average of the two), no limit for shorter chains.
    static constexpr int kNoLimit = 64;
    struct Opening {
        int line = -1;
        int most = kNoLimit;
    };
    struct Openings {
        LineSet redundant = 0;  // every other open line of the components: no search needed
        int count = 0;
        Opening kept[BoardGraph::kMaxCells];
    };
    // Returns the openings of the chains and loops of lines, which must have no cell one
    // side short.
    Openings openings(LineSet lines) const;
    // Returns true and sets value to the exact value for the mover if every open cell of
    // lines has exactly two open sides and every loop is at least 4 long (a shorter one
    // needs the search); returns false otherwise.
    bool value(LineSet lines, int &value);

  private:
    struct Component {
        int length = 1;          // coins
        bool loop = false;       // no ends: the walk came back to its first coin
        int ends[2] = {-1, -1};  // the junction cell at each end, or -1 for the ground
        int endLines[2] = {-1, -1};
        LineSet lines = 0;  // every open line of it, the end lines included
    };
    // Returns the component of start (a cell with exactly two open sides), its coins added to seen.
    Component walk(LineSet lines, int start, CellSet &seen) const;
    // Returns true if cell has exactly two open sides.
    bool twoSided(LineSet lines, int cell) const;
    // Returns the value of the components listed (lengths; loops as kLoop + length).
    int valueOf(const std::string &components);

    static constexpr char kLoop = 64;             // a loop's length is stored with this added
    std::vector<LineSet> cellLines_;              // the lines of each cell
    std::vector<int> across_;                     // [line * 2 + k] -> its k-th cell, or -1 (the edge)
    std::unordered_map<std::string, int> known_;  // sorted components -> value
};

}  // namespace dotslab
