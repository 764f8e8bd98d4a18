#include "solver/searching_now.h"

#include <cassert>

namespace dotslab {

SearchingNow::SearchingNow(int bits)
    : shift_(64 - bits), slots_(std::make_unique<std::atomic<std::uint64_t>[]>(std::size_t{1} << bits)) {
    assert(bits > 0 && bits < 32);
    for (std::size_t k = 0; k < std::size_t{1} << bits; ++k) slots_[k].store(0, std::memory_order_relaxed);
}

int SearchingNow::enter(std::uint64_t key) {
    const std::size_t slot = slotOf(key);
    std::uint64_t free = 0;
    if (!slots_[slot].compare_exchange_strong(free, key + 1, std::memory_order_relaxed)) return -1;
    return static_cast<int>(slot);
}

void SearchingNow::leave(int slot, std::uint64_t key) {
    if (slot < 0) return;
    assert(slots_[static_cast<std::size_t>(slot)].load(std::memory_order_relaxed) == key + 1);
    (void)key;
    slots_[static_cast<std::size_t>(slot)].store(0, std::memory_order_relaxed);
}

}  // namespace dotslab
