#include "text/text_diff.h"

#include <cstdio>

namespace dotslab {
namespace {

// Returns the line starting at `at` including its newline, if any.
std::string_view lineAt(std::string_view text, std::size_t at) {
    std::size_t end = text.find('\n', at);
    return text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at + 1);
}

std::size_t spacesFrom(std::string_view s, std::size_t at) {
    std::size_t n = 0;
    while (at + n < s.size() && s[at + n] == ' ') ++n;
    return n;
}

// Returns the word that starts at `at` (up to the next space or end of line), for hints.
std::string wordFrom(std::string_view s, std::size_t at) {
    std::size_t end = at;
    while (end < s.size() && s[end] != ' ' && s[end] != '\n' && s[end] != '\r') ++end;
    return std::string(s.substr(at, end - at));
}

std::string plural(std::size_t n, const char *word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Returns a hint for two different lines, or "".
std::string hintFor(std::string_view expected, std::string_view actual, bool lastExpectedLine) {
    std::size_t col = 0;
    while (col < expected.size() && col < actual.size() && expected[col] == actual[col]) ++col;
    // Back up to the start of a run of spaces, so the whole run is counted.
    while (col > 0 && expected[col - 1] == ' ' && actual[col - 1] == ' ') --col;
    std::size_t wantSpaces = spacesFrom(expected, col), gotSpaces = spacesFrom(actual, col);
    bool afterPrompt = col > 0 && std::string_view(":?>)").find(expected[col - 1]) != std::string_view::npos;
    // A prompt's trailing space is missing, whatever (spaces included) follows the prompt.
    if (afterPrompt && gotSpaces + 1 == wantSpaces && expected.substr(col + 1) == actual.substr(col))
        return "no trailing space after the prompt `" + std::string(expected.substr(0, col)) + "`";
    if (wantSpaces != gotSpaces && expected.substr(col + wantSpaces) == actual.substr(col + gotSpaces)) {
        std::string word = wordFrom(expected, col + wantSpaces);
        std::string where = word.empty() ? "at the end of the line" : "before `" + word + "`";
        return plural(gotSpaces, "space") + " " + where + " where " + std::to_string(wantSpaces) + " " +
               (wantSpaces == 1 ? "is" : "are") + " expected";
    }
    if (expected.size() == actual.size() + 1 && expected.back() == '\n' &&
        expected.substr(0, actual.size()) == actual)
        return lastExpectedLine ? "missing newline at end of output" : "missing newline at end of this line";
    if (actual.size() > expected.size() && actual.substr(0, expected.size()) == expected &&
        expected.size() > 0 && expected.back() != '\n')
        return "more output than expected after this point";
    return "";
}

}  // namespace

// Returns the length of the Unicode bidirectional control (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069) in UTF-8 at text[at], or 0: shown raw, one reverses
// what follows it on the screen (a line that reads as the expected one).
std::size_t bidiControlAt(std::string_view text, std::size_t at) {
    auto byte = [&](std::size_t k) { return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0; };
    if (byte(0) == 0xD8 && byte(1) == 0x9C) return 2;
    if (byte(0) != 0xE2) return 0;
    if (byte(1) == 0x80 && (byte(2) == 0x8E || byte(2) == 0x8F || (byte(2) >= 0xAA && byte(2) <= 0xAE))) return 3;
    if (byte(1) == 0x81 && byte(2) >= 0xA6 && byte(2) <= 0xA9) return 3;
    return 0;
}

// Appends the code point of the bidirectional control at text[at] (length bytes) as \u{XXXX}.
void appendBidiEscaped(std::string &out, std::string_view text, std::size_t at, std::size_t length) {
    unsigned code = 0;
    if (length == 2)
        code = (static_cast<unsigned char>(text[at]) & 0x1Fu) << 6 | (static_cast<unsigned char>(text[at + 1]) & 0x3Fu);
    else
        code = (static_cast<unsigned char>(text[at]) & 0x0Fu) << 12 |
               (static_cast<unsigned char>(text[at + 1]) & 0x3Fu) << 6 |
               (static_cast<unsigned char>(text[at + 2]) & 0x3Fu);
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\u{%04x}", code);
    out += buf;
}

std::string controlsEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        const unsigned char u = static_cast<unsigned char>(c);
        if (const std::size_t bidi = bidiControlAt(text, at); bidi != 0) {
            appendBidiEscaped(out, text, at, bidi);
            at += bidi - 1;
        } else if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f) {
            static const char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[u >> 4];
            out += kHex[u & 15];
        } else {
            out += c;
        }
    }
    return out;
}

std::string visibleWhitespace(std::string_view text) {
    std::string out;
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        unsigned char u = static_cast<unsigned char>(c);
        if (const std::size_t bidi = bidiControlAt(text, at); bidi != 0) {
            appendBidiEscaped(out, text, at, bidi);
            at += bidi - 1;
        } else if (c == ' ')
            out += "\u00b7";
        else if (c == '\t')
            out += "\u2409";
        else if (c == '\r')
            out += "\u240d";
        else if (c == '\n')
            out += "\u23ce";
        else if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else
            out += c;
    }
    return out;
}

// Returns line cut to a window of at most kShownCharacters around column `at` (its first
// difference), with "…" where text was left out and how much: a line of a megabyte shows
// as the 160 characters that matter.
std::string shownAround(std::string_view line, std::size_t at) {
    constexpr std::size_t kShownCharacters = 160, kBefore = 60;
    if (line.size() <= kShownCharacters) return visibleWhitespace(line);
    const std::size_t start = at > kBefore ? std::min(at - kBefore, line.size() - kShownCharacters) : 0;
    const std::size_t end = start + kShownCharacters;
    std::string shown = start > 0 ? "\u2026" : "";
    shown += visibleWhitespace(line.substr(start, end - start));
    if (end < line.size()) shown += "\u2026 " + std::to_string(line.size() - end) + " more";
    return shown;
}

TextDifference firstDifference(std::string_view expected, std::string_view actual) {
    TextDifference d;
    if (expected == actual) return d;
    d.differs = true;
    std::size_t at = 0;
    int line = 1;
    std::string_view previous[2];  // the two lines before this one
    for (;; ++line) {
        std::string_view want = lineAt(expected, at), got = lineAt(actual, at);
        if (want != got) {
            d.line = line;
            for (std::string_view context : previous)
                if (!context.empty()) d.before += shownAround(context, 0) + "\n";
            std::size_t column = 0;
            while (column < want.size() && column < got.size() && want[column] == got[column]) ++column;
            d.expected = want.empty() ? "(end of output)" : shownAround(want, column);
            d.actual = got.empty() ? "(end of output)" : shownAround(got, column);
            if (got.empty())
                d.hint = "the output stops early: everything from this line on is missing";
            else if (want.empty())
                d.hint = "the output goes on after the expected end";
            else
                d.hint = hintFor(want, got, at + want.size() == expected.size());
            return d;
        }
        previous[0] = previous[1];
        previous[1] = want;
        at += want.size();
    }
}

std::string describe(const TextDifference &d) {
    if (!d.differs) return "";
    std::string text = "first difference at line " + std::to_string(d.line) + ":\n";
    for (std::size_t start = 0; start < d.before.size();) {  // the context, one line at a time
        const std::size_t end = d.before.find('\n', start);
        text += "  (same)    " + d.before.substr(start, end - start) + "\n";
        start = end + 1;
    }
    text += "  expected: " + d.expected + "\n";
    text += "  actual:   " + d.actual + "\n";
    if (!d.hint.empty()) text += "  hint: " + d.hint + "\n";
    return text;
}

}  // namespace dotslab
