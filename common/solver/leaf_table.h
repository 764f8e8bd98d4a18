// leaf_table.h — a small table, one per thread, for the positions near the leaves (few
// open cells): they are most of the positions searched and the cheapest to search again,
// so they stay out of the big shared table (which keeps the valuable entries) and their
// probes stay in the processor's cache instead of costing a trip to memory.
//
//   slots:  2^bits entries, direct-mapped: a word's slot is its hash, the newest entry wins
//
//   entry:  [ word: 64 bits ][ lower ][ upper ][ move ][ used ]   16 bytes
//            (lower, upper: signed bytes; move: -1 for none; used: 0 = empty slot)
//
// 2^15 slots are 512 KB: half the per-core L2 of this project's machines. The table is
// not shared: each thread has its own, so no entry needs to be atomic.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>

#include "solver/bounds_table.h"

namespace dotslab {

class LeafTable {
  public:
    static constexpr int kDefaultBits = 15;

    // A table of 2^bits entries, all empty.
    explicit LeafTable(int bits = kDefaultBits);

    // Returns what the table holds for word (found is false if it holds nothing for it).
    BoundsTable::Bounds probe(std::uint64_t word) const {
        const Entry &entry = slots_[slotOf(word)];
        if (!entry.used || entry.word != word) return {};
        return {true, entry.lower, entry.upper, entry.move};
    }
    // Keeps bounds and move for word, in place of whatever held its slot.
    void store(std::uint64_t word, int lower, int upper, int move) {
        assert(-BoundsTable::kMaxBound <= lower && lower <= upper && upper <= BoundsTable::kMaxBound);
        assert(-1 <= move && move < 127);
        slots_[slotOf(word)] = {word, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper),
                                static_cast<std::int8_t>(move), 1};
    }

  private:
    struct Entry {
        std::uint64_t word;
        std::int8_t lower, upper, move;
        std::uint8_t used;
    };
    static_assert(sizeof(Entry) == 16, "an entry is 16 bytes");
    // Returns the slot of word: the high bits of a multiplicative hash.
    std::size_t slotOf(std::uint64_t word) const { return (word * 0x9e3779b97f4a7c15ull) >> shift_; }

    int shift_;
    std::unique_ptr<Entry[]> slots_;
};

}  // namespace dotslab
