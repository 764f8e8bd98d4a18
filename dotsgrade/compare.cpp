#include "compare.h"

#include <stdexcept>

#include "text/characters.h"
#include "text/text_diff.h"

namespace dotslab::grader {
namespace {

// Whitespace other than the newline, which separates lines.
bool isSpace(char c) { return c != '\n' && isWhitespace(c); }

// Returns, for an output stopped at its limit, what it kept repeating and the likely
// cause (", an endless loop?" when it was not one line over and over).
std::string repeatedTail(const std::string &out) {
    const std::size_t end = out.rfind('\n');
    const std::size_t start =
        end == std::string::npos || end == 0 ? std::string::npos : out.rfind('\n', end - 1);
    if (start == std::string::npos) return ", an endless loop?";
    const std::string line = out.substr(start + 1, end - start);
    std::size_t repeats = 0;
    for (std::size_t at = end + 1; at >= line.size() && out.compare(at - line.size(), line.size(), line) == 0;
         at -= line.size())
        ++repeats;
    if (repeats < 100) return ", an endless loop?";
    return ": it printed " + visibleWhitespace(line.substr(0, 100)) + (line.size() > 100 ? "…" : "") +
           " over and over. Once a read such as `cin >> x` fails (at end of input, or on a token that is not "
           "a number) it fails at once every time after, so a loop that reads again never ends: check the "
           "read itself (`if (!(cin >> x))`)";
}

}  // namespace

std::string normalisedText(const std::string &text, CompareMode mode) {
    std::string out;
    if (mode == CompareMode::kAll) {
        for (char c : text)
            if (!isSpace(c) && c != '\n') out += c;
        return out;
    }
    if (mode == CompareMode::kExact) return text;
    std::size_t start = 0;
    while (start < text.size()) {  // drop each line's trailing whitespace
        std::size_t end = text.find('\n', start);
        std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        while (!line.empty() && isSpace(line.back())) line.pop_back();
        out += line + '\n';
        start = end == std::string::npos ? text.size() : end + 1;
    }
    while (!out.empty() && (out.back() == '\n' || isSpace(out.back()))) out.pop_back();
    return out;
}

CompareMode compareModeNamed(const std::string &name) {
    if (name == "exact") return CompareMode::kExact;
    if (name == "trailing") return CompareMode::kTrailing;
    if (name == "all") return CompareMode::kAll;
    throw std::invalid_argument("--compare must be exact, trailing or all, not '" + name + "'");
}

Verdict compareRuns(const RunResult &expected, const RunResult &actual, CompareMode mode, bool compareError) {
    Verdict verdict;
    std::string text;
    if (actual.timedOut)
        text +=
            "hint: your program did not finish within the time limit: an endless loop, or it kept reading "
            "after "
            "end of input and was stopped\n";
    if (actual.outputLimited) text += "hint: output exceeded the limit" + repeatedTail(actual.out) + "\n";
    if (actual.signal != 0) text += "your program was " + actual.ending() + "\n";

    TextDifference out =
        firstDifference(normalisedText(expected.out, mode), normalisedText(actual.out, mode));
    if (out.differs) text += "standard output: " + describe(out);
    if (compareError) {
        TextDifference err =
            firstDifference(normalisedText(expected.err, mode), normalisedText(actual.err, mode));
        if (err.differs) text += "standard error: " + describe(err);
    }
    if (actual.exited() && actual.status != expected.status)
        text += "expected exit status " + std::to_string(expected.status) + ", got " +
                std::to_string(actual.status) + "\n";
    verdict.passed = text.empty();
    verdict.explanation = text;
    return verdict;
}

}  // namespace dotslab::grader
