// bounds_table.h — the solver's memory: what is known of a position's value, as bounds
// [lower, upper] and the move that proved them, in one 64-bit word per slot.
//
// A position is its key (a line set, at most 63 lines) and, under the at-most-one rule,
// whether the mover is on an extra turn: an n-bit word w. The word is scrambled by a
// bijection on n bits, so its low bits choose the slot and its high bits, the tag, are
// all that must be kept to tell it apart from every other word of that slot:
//
//   scrambled w:   [ tag: n - b bits ][ slot index: b bits ]      (2^b slots)
//
//   slot word:     63            19 18    13 12     7 6       0
//                  [ tag: 45 bits  ][lower+32][upper+32][move+1 ]
//
// Bounds are stored with 32 added, so every used slot is non-zero and an empty slot is
// the zero the kernel hands out: a 2^b-slot table costs nothing until it is touched, and
// is given to the kernel as huge pages (one TLB entry per 2 MB) because every probe
// lands on a random page. A store always replaces what the slot held.
#pragma once

#include <cstddef>
#include <cstdint>

#include "board_graph.h"

namespace dotslab {

class BoundsTable {
  public:
    static constexpr int kTagBits = 45;
    static constexpr int kMaxCells = 31;  // bounds in [-31, 31] fit 6 bits with 32 added

    // Returns the fewest index bits a table for n-bit words can have (the tag holds the rest).
    static int minimumBits(int wordBits) { return wordBits > kTagBits ? wordBits - kTagBits : 1; }

    // A table of 2^bits slots for words of wordBits bits (at most 64); bits must be at
    // least minimumBits(wordBits). Throws std::bad_alloc if the memory is not there.
    BoundsTable(int wordBits, int bits);
    ~BoundsTable();
    BoundsTable(const BoundsTable &) = delete;
    BoundsTable &operator=(const BoundsTable &) = delete;

    struct Bounds {
        bool found = false;
        int lower = 0, upper = 0;
        int move = -1;  // -1: none
    };
    // Returns what the table holds for word (found is false if its slot holds another word).
    Bounds probe(std::uint64_t word) const;
    // Asks the processor to fetch word's slot now, so a probe soon after finds it in cache.
    void prefetch(std::uint64_t word) const { __builtin_prefetch(&slots_[scrambled(word) & indexMask_]); }
    // Keeps bounds and move for word, replacing whatever its slot held.
    void store(std::uint64_t word, int lower, int upper, int move);
    // Returns the number of slots.
    std::size_t size() const { return std::size_t{1} << bits_; }

  private:
    std::uint64_t scrambled(std::uint64_t word) const;

    int wordBits_, bits_;
    std::uint64_t wordMask_, indexMask_;
    std::uint64_t *slots_ = nullptr;
    std::size_t bytes_ = 0;
};

}  // namespace dotslab
