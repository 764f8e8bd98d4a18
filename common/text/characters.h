// characters.h — the character classes every reader of text in dotslab agrees on.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dotslab {

// Returns true for the bytes `cin >>` skips between tokens (the C locale's isspace):
// space, tab, newline, carriage return, vertical tab, form feed.
constexpr bool isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Returns true for an ASCII decimal digit.
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Returns true for an ASCII letter.
constexpr bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Returns text with its ASCII capitals made small ("DotsBoxes.CPP" -> "dotsboxes.cpp").
inline std::string lowered(std::string_view text) {
    std::string out(text);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Returns text with each line ended by CR LF ended by LF alone (a lone CR is kept).
inline std::string withoutCarriageReturns(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size(); ++at)
        if (!(text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n')) out += text[at];
    return out;
}

}  // namespace dotslab
