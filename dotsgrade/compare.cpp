#include "compare.h"

#include <stdexcept>

#include "text/characters.h"
#include "text/text_diff.h"

namespace dotslab::grader {
namespace {

// Whitespace other than the newline, which separates lines.
bool isSpace(char c) { return c != '\n' && isWhitespace(c); }

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
    if (actual.outputLimited) text += "hint: output exceeded the limit (an endless loop?)\n";
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
