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

// Returns the length of the Unicode control shown as \u{XXXX} in UTF-8 at text[at], or 0:
// a bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), shown raw,
// reverses what follows it on the screen (a line that reads as the expected one); a C1
// control (U+0080-U+009F: U+009B begins a terminal's control sequence, as ESC [ does).
std::size_t unicodeControlAt(std::string_view text, std::size_t at) {
    auto byte = [&](std::size_t k) { return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0; };
    if (byte(0) == 0xC2 && byte(1) >= 0x80 && byte(1) <= 0x9F) return 2;
    if (byte(0) == 0xD8 && byte(1) == 0x9C) return 2;
    if (byte(0) != 0xE2) return 0;
    if (byte(1) == 0x80 && (byte(2) == 0x8E || byte(2) == 0x8F || (byte(2) >= 0xAA && byte(2) <= 0xAE))) return 3;
    if (byte(1) == 0x81 && byte(2) >= 0xA6 && byte(2) <= 0xA9) return 3;
    return 0;
}

// Appends the code point of the control at text[at] (length bytes: unicodeControlAt) as \u{XXXX}.
void appendControlEscaped(std::string &out, std::string_view text, std::size_t at, std::size_t length) {
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

// Returns the length of the well-formed UTF-8 character of two to four bytes at text[at],
// or 0 (a byte of 0x80-0xFF outside one: 0x9B alone is a terminal's control sequence too).
std::size_t utf8CharacterAt(std::string_view text, std::size_t at) {
    auto byte = [&](std::size_t k) { return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0; };
    const unsigned lead = byte(0);
    const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xF0 && lead <= 0xF4                                  ? 4
                                                                                               : 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(k) & 0xC0u) != 0x80u) return 0;
    return length;
}

// Appends the byte or character at text[at] to out, escaping a control (below 0x20 but
// those keep says, 0x7F, or 0x80-0x9F outside a UTF-8 character) as \xNN; returns how many
// bytes it took.
std::size_t appendEscapingControls(std::string &out, std::string_view text, std::size_t at, std::string_view keep) {
    const unsigned char u = static_cast<unsigned char>(text[at]);
    if (const std::size_t length = u >= 0x80 ? utf8CharacterAt(text, at) : 0; length != 0) {
        out.append(text.substr(at, length));
        return length;
    }
    if ((u < 0x20 && keep.find(text[at]) == std::string_view::npos) || (u >= 0x7f && u < 0xa0)) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", u);
        out += buf;
    } else {
        out += text[at];
    }
    return 1;
}

std::string controlsEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        if (const std::size_t control = unicodeControlAt(text, at); control != 0) {
            appendControlEscaped(out, text, at, control);
            at += control;
        } else {
            at += appendEscapingControls(out, text, at, "\n\t");
        }
    }
    return out;
}

std::string visibleWhitespace(std::string_view text) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        if (const std::size_t control = unicodeControlAt(text, at); control != 0) {
            appendControlEscaped(out, text, at, control);
            at += control;
            continue;
        }
        if (c == ' ')
            out += "\u00b7";
        else if (c == '\t')
            out += "\u2409";
        else if (c == '\r')
            out += "\u240d";
        else if (c == '\n')
            out += "\u23ce";
        else {
            at += appendEscapingControls(out, text, at, "");
            continue;
        }
        ++at;
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
