// integer_token.h — the one integer parser: a whole token of decimal digits, with or
// without a leading sign, that fits in an int (and, if asked, in a range).
//
//   integerToken("+7") == 7     integerToken("007") == 7     integerToken("3.5"), ("abc"),
//   ("+"), ("+-1"), ("99999999999"), (" 5"), ("") have no value.
//   integerToken("+5", Sign::kNone) has none either: save files and boxes' command line
//   take bare digits only.
#pragma once

#include <climits>
#include <optional>
#include <string_view>

#include "text/characters.h"

namespace dotslab {

enum class Sign { kOptional, kNone };

// Returns the token's value if it is all digits (after one '+' or '-' where sign allows)
// and lies in [lo, hi], else nothing. Never overflows, whatever the token's length.
// (Inline: the move parsers call it on every move.)
inline std::optional<int> integerToken(std::string_view token, Sign sign = Sign::kOptional, int lo = INT_MIN,
                                       int hi = INT_MAX) {
    bool negative = false;
    if (sign == Sign::kOptional && !token.empty() && (token[0] == '+' || token[0] == '-')) {
        negative = token[0] == '-';
        token.remove_prefix(1);
    }
    if (token.empty()) return std::nullopt;
    // Past this the value is out of every int range: stop growing so nothing overflows.
    constexpr long long kSaturated = static_cast<long long>(INT_MAX) + 2;
    long long magnitude = 0;
    for (char c : token) {
        if (!isDigit(c)) return std::nullopt;
        magnitude = magnitude < kSaturated ? magnitude * 10 + (c - '0') : kSaturated;
    }
    const long long value = negative ? -magnitude : magnitude;
    if (value < lo || value > hi) return std::nullopt;
    return static_cast<int>(value);
}

}  // namespace dotslab
