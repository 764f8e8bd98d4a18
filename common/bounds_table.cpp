#include "bounds_table.h"

#include <sys/mman.h>

#include <new>
#include <stdexcept>

namespace dotslab {
namespace {

constexpr std::uint64_t lowBits(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

}  // namespace

BoundsTable::BoundsTable(int wordBits, int bits)
    : wordBits_(wordBits), bits_(bits), wordMask_(lowBits(wordBits)), indexMask_(lowBits(bits)) {
    if (wordBits < 1 || wordBits > 64 || bits < minimumBits(wordBits) || bits > 40)
        throw std::invalid_argument("BoundsTable: bad word or table size");
    bytes_ = size() * sizeof(std::uint64_t);
    void *memory = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    madvise(memory, bytes_, MADV_HUGEPAGE);  // advice only: without huge pages it still works
    slots_ = static_cast<std::uint64_t *>(memory);
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
    const std::uint64_t x = scrambled(word);
    const std::uint64_t slot = slots_[x & indexMask_];
    Bounds bounds;
    if (slot == 0 || (slot >> 19) != (x >> bits_)) return bounds;
    bounds.found = true;
    bounds.lower = static_cast<int>(slot >> 13 & 63) - 32;
    bounds.upper = static_cast<int>(slot >> 7 & 63) - 32;
    bounds.move = static_cast<int>(slot & 127) - 1;
    return bounds;
}

void BoundsTable::store(std::uint64_t word, int lower, int upper, int move) {
    const std::uint64_t x = scrambled(word);
    slots_[x & indexMask_] = (x >> bits_) << 19 | static_cast<std::uint64_t>(lower + 32) << 13 |
                             static_cast<std::uint64_t>(upper + 32) << 7 | static_cast<std::uint64_t>(move + 1);
}

}  // namespace dotslab
