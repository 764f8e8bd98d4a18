// packed_digits.h — the 18-digit decimal codec shared by dotsboxes and dotstriangles.
//
// A game state is one non-negative long long read as 18 decimal digits d1..d18,
// d1 the most significant (10^17) and d18 the ones:
//
//     d1  d2  d3  ...  d16  d17  d18
//    10^17 10^16  ...  10^2 10^1 10^0        di = (packed / 10^(18-i)) % 10
//
// Leading zeros are implicit, so the empty board is the number 0.
#pragma once

#include <array>
#include <cassert>

namespace dotslab {

inline constexpr int kPackedDigits = 18;

// Returns 10^e for 0 <= e <= 18, exactly (no floating point).
constexpr long long powerOfTen(int e) {
    long long result = 1;
    for (int i = 0; i < e; ++i) result *= 10;
    return result;
}

inline constexpr std::array<long long, kPackedDigits + 1> kPowersOfTen = [] {
    std::array<long long, kPackedDigits + 1> powers{};
    for (int e = 0; e <= kPackedDigits; ++e) powers[e] = powerOfTen(e);
    return powers;
}();

// Returns the place value of digit i (1..18): 10^(18-i).
constexpr long long placeOf(int i) {
    assert(1 <= i && i <= kPackedDigits);
    return kPowersOfTen[kPackedDigits - i];
}

// Returns digit i (1..18) of packed (an 18-digit encoding: non-negative).
constexpr int digitAt(long long packed, int i) {
    assert(packed >= 0);
    return static_cast<int>(packed / placeOf(i) % 10);
}

// Returns packed with digit i (1..18) replaced by value (0..9).
constexpr long long withDigit(long long packed, int i, int value) {
    assert(0 <= value && value <= 9);
    return packed + (value - digitAt(packed, i)) * placeOf(i);
}

// Returns true if packed is a number of at most 18 decimal digits.
constexpr bool fitsInDigits(long long packed) { return packed >= 0 && packed < kPowersOfTen[kPackedDigits]; }

}  // namespace dotslab
