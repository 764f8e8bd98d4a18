// structure_key.h — a position's strings-and-coins structure as an exact table word, cheap
// enough to key the solver's table by (unlimited extra-turn rule): positions whose chains
// lie in different places on the board share one entry.
//
// An open cell is a coin, an open line a string to a neighbouring coin or to the ground.
// A coin with one, three or four strings is a junction; coins with two strings form runs
// between junctions or the ground, each known by its length alone. The value of a
// position depends on nothing else, so positions with equal structures share one value:
//
//   pure chains (ground to ground) and loops:  two sorted lists of lengths
//   junctions, in a canonical order:            each one's strings, as (far end, length)
//
// The canonical order: junctions are sorted by a label that does not depend on where they
// lie (the lengths and kinds of their strings, refined once by their neighbours' labels);
// where labels tie, every order of the tied junctions is encoded and the least code kept.
// The code is a string of Elias gamma codes, exact (decodable back into the structure),
// behind a leading 1 that makes codes of different lengths different numbers:
//
//   word:  [ 1 ][ 0 … 0 ][ 1 ][ chains ][ loops ][ junctions: count, then each one's strings ]
//           flag          leading 1       (a string to a junction earlier in the order is
//                                          written by that junction only)
//
// The flag is the word's top bit, above every line of the board, so no structure word is
// ever a line set. A position with more than kMaxJunctions junctions, more than
// kMaxOrders orders to try, or a code too long for the word is not keyed: the solver keys
// it by its lines, exactly as without this technique (few positions early in the game,
// where structures rarely repeat). Each key remembers its last answers by line set, since
// a search makes the same children again and again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "board/board_graph.h"

namespace dotslab {

class StructureKey {
  public:
    static constexpr int kMaxJunctions = 5;
    static constexpr int kMaxOrders = 24;  // tied junctions: at most 4! orders encoded
    static constexpr int kMaxStrings = 8;  // strings of one junction

    // Keys for a table of wordBits-bit words (at most 64), whose line sets all lie below
    // bit wordBits - 1; positions with more than maxJunctions (at most kMaxJunctions)
    // junctions are not keyed.
    StructureKey(const BoardGraph &graph, int wordBits, int maxJunctions = kMaxJunctions);

    // Returns true and sets word to the structure's word (its top bit set) if the
    // position with lines filled can be keyed by structure; false otherwise.
    bool key(LineSet lines, std::uint64_t &word) const;
    // Returns the most junctions a position keyed by structure has.
    int maxJunctions() const { return maxJunctions_; }

  private:
    // Returns the cell across line from cell (-1: the ground).
    int across(int line, int cell) const {
        return lineCells_[line][0] == cell ? lineCells_[line][1] : lineCells_[line][0];
    }

    // Recent answers, by line set: a search makes the same children again and again. Its
    // own per key (each thread of the solver has its own key).
    struct Remembered {
        LineSet lines = ~LineSet{0};  // no position has every line and a structure to key
        std::uint64_t word = 0;       // 0: not keyed by structure
    };
    static constexpr int kRememberedBits = 14;
    mutable std::vector<Remembered> remembered_;
    // Returns the structure's word, or 0 if it is not keyed by structure.
    std::uint64_t computed(LineSet lines) const;

    int cells_;
    int wordBits_;
    int maxJunctions_;                           // positions with more are not keyed
    std::vector<LineSet> cellLines_;             // [cell] -> its lines
    std::vector<std::array<int, 2>> lineCells_;  // [line] -> its cells (-1: none)
};

}  // namespace dotslab
