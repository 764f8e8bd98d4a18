// bounds_table.h — the solver's memory: what is known of a position's value, as bounds
// [lower, upper] and the move that proved them, in one 64-bit word per entry.
//
// A position is its key (a line set) and, under the at-most-one rule, whether the mover
// is on an extra turn: an n-bit word w (n <= 64). The word is scrambled by a bijection on
// n bits, so its low bits choose the bucket and its high bits, the tag, are all that must
// be kept to tell it apart from every other word of that bucket:
//
//   scrambled w:   [ tag: n - b bits ][ bucket index: b bits ]       (2^b buckets)
//
//   entry:         63           24 23     19 18    13 12     7 6      0
//                  [ tag: 40 bits ][ depth  ][lower+32][upper+32][move+1]
//
//   bucket:        [ deep | recent 1 | recent 2 | recent 3 ]   32 bytes, in one cache line
//
// The deep entry keeps the position with the most open cells (the biggest subtree, the
// most work to redo); everything else goes to the recent entries, newest first, pushing
// out the oldest (a deep entry pushed out of its place becomes the newest recent one).
// A probe reads one cache line whatever the bucket holds, so four entries cost no more
// memory traffic than two, and keep more of what the search will ask again (about 4%
// fewer positions searched where the table is full). Bounds are stored with 32 added,
// so every used entry is non-zero and an empty
// one is the zero the kernel hands out: the table costs nothing until it is touched, and
// it is given to the kernel as huge pages (one TLB entry per 2 MB) because every probe
// lands on a random page. Entries are single atomic words, so threads can share a table:
// a reader sees either the old entry or the new one, both of them true (two threads
// storing into one bucket at once may leave a position in two entries: both true).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace dotslab {

class BoundsTable {
  public:
    static constexpr int kTagBits = 40;
    static constexpr int kMaxBound = 31;      // bounds in [-31, 31] fit 6 bits with 32 added
    static constexpr int kBucketEntries = 4;  // [0]: the deepest position, [1..3]: the most recent first
    static constexpr int kBucketBytes = kBucketEntries * 8;

    // Returns the fewest bucket bits a table for n-bit words can have (the tag holds the rest).
    static int minimumBits(int wordBits) { return wordBits > kTagBits ? wordBits - kTagBits : 1; }

    // A table of 2^bits buckets (kBucketBytes each) for words of wordBits bits (at most
    // 64); bits must be at least minimumBits(wordBits). Throws std::bad_alloc if the
    // memory is not there.
    BoundsTable(int wordBits, int bits);
    ~BoundsTable();
    BoundsTable(const BoundsTable &) = delete;
    BoundsTable &operator=(const BoundsTable &) = delete;

    struct Bounds {
        bool found = false;
        int lower = 0, upper = 0;
        int move = -1;  // -1: none
    };
    // Returns what the table holds for word (found is false if it holds nothing for it).
    Bounds probe(std::uint64_t word) const;
    // Keeps bounds and move for word, a position with openCells cells still open.
    void store(std::uint64_t word, int openCells, int lower, int upper, int move);
    // Asks the processor to fetch word's bucket now, so a probe soon after finds it in cache.
    void prefetch(std::uint64_t word) const { __builtin_prefetch(bucketOf(scrambled(word))); }
    // Returns the number of entries.
    std::size_t size() const { return std::size_t{kBucketEntries} << bits_; }
    // Returns the bits of the words it keeps.
    int wordBits() const { return wordBits_; }

  private:
    // Returns word under a bijection on wordBits bits: low bits the bucket, high bits the
    // tag. Xor-shifts and odd multipliers, each a bijection on n-bit words; inline, as it
    // runs once per probe and per fetch.
    std::uint64_t scrambled(std::uint64_t word) const {
        std::uint64_t x = (word * 0x9e3779b97f4a7c15ull) & wordMask_;
        x ^= x >> shift_;
        x = (x * 0xc2b2ae3d27d4eb4full) & wordMask_;
        return x ^ (x >> shift_);
    }
    // Returns the first entry of the bucket a scrambled word falls in.
    std::atomic<std::uint64_t> *bucketOf(std::uint64_t scrambledWord) const {
        return &slots_[kBucketEntries * (scrambledWord & indexMask_)];
    }

    int bits_;
    int wordBits_;
    int shift_;  // the scrambler's xor-shift: half the word, rounded up
    std::uint64_t wordMask_, indexMask_;
    std::atomic<std::uint64_t> *slots_ = nullptr;
    std::size_t bytes_ = 0;
};

}  // namespace dotslab
