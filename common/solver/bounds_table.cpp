#include "solver/bounds_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <new>
#include <stdexcept>

namespace dotslab {
namespace {

constexpr std::uint64_t lowBits(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }
constexpr int kTagShift = 24, kDepthShift = 19;

// Returns an entry's tag.
std::uint64_t tagOf(std::uint64_t entry) { return entry >> kTagShift; }
// Returns an entry's depth: the open cells of its position.
int depthOf(std::uint64_t entry) { return static_cast<int>(entry >> kDepthShift & 31); }

}  // namespace

BoundsTable::BoundsTable(int wordBits, int bits)
    : wordBits_(wordBits), bits_(bits), wordMask_(lowBits(wordBits)), indexMask_(lowBits(bits)) {
    if (wordBits < 1 || wordBits > 64 || bits < minimumBits(wordBits) || bits > 40)
        throw std::invalid_argument("BoundsTable: bad word or table size");
    bytes_ = size() * sizeof(std::uint64_t);
    void *memory = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    madvise(memory, bytes_, MADV_HUGEPAGE);  // advice only: without huge pages it still works
    // Zero bytes are zero atomics: the mapping comes zero-filled, nothing to construct.
    slots_ = static_cast<std::atomic<std::uint64_t> *>(memory);
}

BoundsTable::~BoundsTable() { munmap(slots_, bytes_); }

// Xor-shifts and odd multipliers, each a bijection on n-bit words.
std::uint64_t BoundsTable::scrambled(std::uint64_t word) const {
    const int shift = (wordBits_ + 1) / 2;
    std::uint64_t x = word;
    x = (x * 0x9e3779b97f4a7c15ull) & wordMask_;
    x ^= x >> shift;
    x = (x * 0xc2b2ae3d27d4eb4full) & wordMask_;
    x ^= x >> shift;
    return x;
}

BoundsTable::Bounds BoundsTable::probe(std::uint64_t word) const {
    const std::uint64_t x = scrambled(word), tag = x >> bits_;
    const std::atomic<std::uint64_t> *bucket = &slots_[2 * (x & indexMask_)];
    Bounds bounds;
    for (int k = 0; k < 2; ++k) {
        const std::uint64_t entry = bucket[k].load(std::memory_order_relaxed);
        if (entry == 0 || tagOf(entry) != tag) continue;
        bounds.found = true;
        bounds.lower = static_cast<int>(entry >> 13 & 63) - 32;
        bounds.upper = static_cast<int>(entry >> 7 & 63) - 32;
        bounds.move = static_cast<int>(entry & 127) - 1;
        break;
    }
    return bounds;
}

void BoundsTable::store(std::uint64_t word, int openCells, int lower, int upper, int move) {
    const std::uint64_t x = scrambled(word), tag = x >> bits_;
    const std::uint64_t entry = tag << kTagShift | static_cast<std::uint64_t>(std::min(openCells, 31)) << kDepthShift |
                                static_cast<std::uint64_t>(lower + 32) << 13 |
                                static_cast<std::uint64_t>(upper + 32) << 7 | static_cast<std::uint64_t>(move + 1);
    std::atomic<std::uint64_t> *bucket = &slots_[2 * (x & indexMask_)];
    const std::uint64_t deep = bucket[0].load(std::memory_order_relaxed);
    if (deep == 0 || tagOf(deep) == tag) {
        bucket[0].store(entry, std::memory_order_relaxed);
    } else if (depthOf(entry) >= depthOf(deep)) {
        bucket[1].store(deep, std::memory_order_relaxed);  // the old deep entry is still worth a slot
        bucket[0].store(entry, std::memory_order_relaxed);
    } else {
        bucket[1].store(entry, std::memory_order_relaxed);
    }
}

}  // namespace dotslab
