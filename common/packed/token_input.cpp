#include "packed/token_input.h"

#include <cassert>
#include <iterator>

namespace dotslab {

std::string malformedTokenInput(std::mt19937 &rng, int lines) {
    assert(lines > 0);
    static const char *const kJunk[] = {"abc", "3.5", "99999999999", "+7", "-0", "x1",  "1x",      "+",
                                        "-",   "0x3", "--2",         "0",  "-3", "1e1", "\xff\xfe"};
    static const char *const kGaps[] = {" ", "\n", "\r\n", "\t", "\n\n", "  \n"};
    const auto below = [&](std::size_t n) {
        return static_cast<std::size_t>(std::uniform_int_distribution<int>(0, static_cast<int>(n) - 1)(rng));
    };
    const auto between = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::string input;
    for (int tokens = between(3, 4 * lines); tokens > 0; --tokens) {
        const int kind = between(0, 9);
        if (kind < 7)
            input += std::to_string(between(1, lines));
        else if (kind == 7)
            input += std::to_string(between(-20, lines + 24));
        else
            input += kJunk[below(std::size(kJunk))];
        input += kGaps[below(std::size(kGaps))];
    }
    return input;
}

}  // namespace dotslab
