#include "text/integer_token.h"

#include "text/characters.h"

namespace dotslab {

std::optional<int> integerToken(std::string_view token, Sign sign, int lo, int hi) {
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
