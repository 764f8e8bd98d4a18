// text_diff.h — explain, in words a student understands, how an output differs from the
// expected one: the first differing line, both versions with whitespace made visible, and
// a hint when the difference is a classic one (a space count, a missing newline).
#pragma once

#include <string>
#include <string_view>

namespace dotslab {

struct TextDifference {
    bool differs = false;
    int line = 0;          // 1-based number of the first differing line
    std::string before;    // up to two lines before it (the same in both), whitespace made visible
    std::string expected;  // that line as expected, whitespace made visible
    std::string actual;    // that line as it came, whitespace made visible
    std::string hint;      // plain words, or "" when no hint applies
};

// Returns text with whitespace made visible: '·' for a space, '␉' for a tab, '␍' for a
// carriage return, '⏎' for a newline, other control bytes as \xNN, bidirectional and C1
// controls as \u{XXXX}.
std::string visibleWhitespace(std::string_view text);

// Returns text with every control character but newline and tab (escape sequences that
// could clear a terminal or forge a line, carriage returns, NUL, and the bytes 0x80-0x9F
// outside a UTF-8 character, 0x9B among them) shown as \xNN, and every Unicode
// bidirectional control (which reverses a line on screen) and C1 control (U+009B: a
// control sequence's start) as \u{XXXX}.
std::string controlsEscaped(std::string_view text);

// Returns how actual differs from expected (differs is false when they are equal).
TextDifference firstDifference(std::string_view expected, std::string_view actual);

// Returns the difference as a few lines of text ready to print, or "" if equal.
std::string describe(const TextDifference &difference);

}  // namespace dotslab
