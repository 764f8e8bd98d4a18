#include "solver/bounds_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <new>
#include <stdexcept>

namespace dotslab {
namespace {

constexpr std::uint64_t lowBits(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// The entry's fields, as drawn in bounds_table.h: [tag][depth][lower+32][upper+32][move+1].
constexpr int kMoveBits = 7, kBoundBits = 6, kDepthBits = 5;
constexpr int kMoveShift = 0;
constexpr int kUpperShift = kMoveShift + kMoveBits;    // 7
constexpr int kLowerShift = kUpperShift + kBoundBits;  // 13
constexpr int kDepthShift = kLowerShift + kBoundBits;  // 19
constexpr int kTagShift = kDepthShift + kDepthBits;    // 24
constexpr int kBoundOffset = 32;                       // bounds in [-31, 31] are stored as 1..63
constexpr int kMaxDepth = static_cast<int>(lowBits(kDepthBits));
static_assert(kTagShift + BoundsTable::kTagBits == 64, "the entry fills one 64-bit word");
static_assert(BoundsTable::kMaxBound + kBoundOffset <= static_cast<int>(lowBits(kBoundBits)),
              "bounds fit their field");
static_assert(BoundsTable::kMaxBound - kBoundOffset >= -kBoundOffset + 1, "a used entry is never zero");

// Returns field `bits` wide at `shift` of entry.
constexpr int fieldOf(std::uint64_t entry, int shift, int bits) {
    return static_cast<int>(entry >> shift & lowBits(bits));
}
// Returns an entry's tag.
std::uint64_t tagOf(std::uint64_t entry) { return entry >> kTagShift; }
// Returns an entry's depth: the open cells of its position (at most kMaxDepth).
int depthOf(std::uint64_t entry) { return fieldOf(entry, kDepthShift, kDepthBits); }

}  // namespace

BoundsTable::BoundsTable(int wordBits, int bits)
    : bits_(bits),
      wordBits_(wordBits),
      shift_((wordBits + 1) / 2),
      wordMask_(lowBits(wordBits)),
      indexMask_(lowBits(bits)) {
    if (wordBits < 1 || wordBits > 64 || bits < minimumBits(wordBits) || bits > 40)
        throw std::invalid_argument("BoundsTable: bad word or table size");
    assert(kTagBits >= wordBits - bits);  // the tag keeps every bit the bucket index does not
    bytes_ = size() * sizeof(std::uint64_t);
    void *memory =
        mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    madvise(memory, bytes_, MADV_HUGEPAGE);  // advice only: without huge pages it still works
    // The mapping starts on a page, so no bucket straddles two cache lines.
    static_assert(64 % kBucketBytes == 0, "a bucket fits in one cache line");
    // Zero bytes are zero atomics: the mapping comes zero-filled, nothing to construct.
    slots_ = static_cast<std::atomic<std::uint64_t> *>(memory);
}

BoundsTable::~BoundsTable() { munmap(slots_, bytes_); }

BoundsTable::Bounds BoundsTable::probe(std::uint64_t word) const {
    const std::uint64_t x = scrambled(word), tag = x >> bits_;
    const std::atomic<std::uint64_t> *bucket = bucketOf(x);
    Bounds bounds;
    for (int k = 0; k < kBucketEntries; ++k) {
        const std::uint64_t entry = bucket[k].load(std::memory_order_relaxed);
        if (entry == 0 || tagOf(entry) != tag) continue;
        bounds.found = true;
        bounds.lower = fieldOf(entry, kLowerShift, kBoundBits) - kBoundOffset;
        bounds.upper = fieldOf(entry, kUpperShift, kBoundBits) - kBoundOffset;
        bounds.move = fieldOf(entry, kMoveShift, kMoveBits) - 1;
        assert(bounds.lower <= bounds.upper);
        break;
    }
    return bounds;
}

void BoundsTable::store(std::uint64_t word, int openCells, int lower, int upper, int move) {
    assert(-kMaxBound <= lower && lower <= upper && upper <= kMaxBound);
    assert(-1 <= move && move + 1 < (1 << kMoveBits));
    assert((word & ~wordMask_) == 0);
    const std::uint64_t x = scrambled(word), tag = x >> bits_;
    const std::uint64_t entry = tag << kTagShift |
                                static_cast<std::uint64_t>(std::min(openCells, kMaxDepth)) << kDepthShift |
                                static_cast<std::uint64_t>(lower + kBoundOffset) << kLowerShift |
                                static_cast<std::uint64_t>(upper + kBoundOffset) << kUpperShift |
                                static_cast<std::uint64_t>(move + 1) << kMoveShift;
    std::atomic<std::uint64_t> *bucket = bucketOf(x);
    std::uint64_t held[kBucketEntries];
    for (int k = 0; k < kBucketEntries; ++k) {
        held[k] = bucket[k].load(std::memory_order_relaxed);
        if (held[k] != 0 && tagOf(held[k]) == tag) {  // the position is here: updated in place
            bucket[k].store(entry, std::memory_order_relaxed);
            return;
        }
    }
    // The newest recent entry: this one, or the deep entry it takes the place of.
    std::uint64_t newest = entry;
    if (held[0] == 0 || depthOf(entry) >= depthOf(held[0])) {
        bucket[0].store(entry, std::memory_order_relaxed);
        if (held[0] == 0) return;
        newest = held[0];
    }
    for (int k = kBucketEntries - 1; k > 1; --k) bucket[k].store(held[k - 1], std::memory_order_relaxed);
    bucket[1].store(newest, std::memory_order_relaxed);
}

}  // namespace dotslab
