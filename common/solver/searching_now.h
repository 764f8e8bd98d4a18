// searching_now.h — the positions the solver's threads are in the middle of searching, so
// that a thread can leave a move that another thread is already searching for later
// (ABDADA's idea): with lazy SMP alone, the threads mostly search the same subtrees one
// after the other, and two threads are little faster than one.
//
//   slots:  [ key + 1 ] [ key + 1 ] … 2^bits of them, 0 = free; a key's slot is its hash
//
// A position whose slot is taken by another is simply not marked: the mark is a hint for
// the order of moves, never needed for a right answer, so nothing here can go wrong but
// the speed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace dotslab {

class SearchingNow {
  public:
    explicit SearchingNow(int bits = 16);

    // Marks key as being searched; returns its slot, or -1 if another key holds that slot.
    int enter(std::uint64_t key);
    // Clears the mark enter put in slot (-1: none).
    void leave(int slot, std::uint64_t key);
    // Returns true if some thread is searching key now.
    bool contains(std::uint64_t key) const {
        return slots_[slotOf(key)].load(std::memory_order_relaxed) == key + 1;
    }

  private:
    // Returns the slot of key.
    std::size_t slotOf(std::uint64_t key) const { return (key * 0x9e3779b97f4a7c15ull) >> shift_; }

    int shift_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
};

}  // namespace dotslab
