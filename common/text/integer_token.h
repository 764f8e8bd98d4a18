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

namespace dotslab {

enum class Sign { kOptional, kNone };

// Returns the token's value if it is all digits (after one '+' or '-' where sign allows)
// and lies in [lo, hi], else nothing. Never overflows, whatever the token's length.
std::optional<int> integerToken(std::string_view token, Sign sign = Sign::kOptional, int lo = INT_MIN,
                                int hi = INT_MAX);

}  // namespace dotslab
