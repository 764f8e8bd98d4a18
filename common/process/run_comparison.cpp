#include "process/run_comparison.h"

#include <csignal>
#include <stdexcept>

#include "text/characters.h"
#include "text/text_diff.h"

namespace dotslab {
namespace {

// Whitespace other than the newline, which separates lines.
bool isSpace(char c) { return c != '\n' && isWhitespace(c); }

constexpr std::size_t kLongestRepeat = 512;  // bytes of the longest piece looked for
constexpr std::size_t kFewestRepeats = 100;  // how often it must come, at the end, to be a loop

// Returns the piece the output ends repeating, at least kFewestRepeats times in a row, turned
// to end at its last newline (else its last space) as a person would read it; "" if none.
std::string repeatedPiece(const std::string &out) {
    const std::size_t size = out.size();
    for (std::size_t length = 1; length <= kLongestRepeat && length * kFewestRepeats <= size; ++length) {
        const std::size_t span = length * (kFewestRepeats - 1);  // the tail equals itself shifted by length
        if (out.compare(size - span - length, span, out, size - span, span) != 0) continue;
        std::size_t start = size - span - length;  // where the repeating begins
        while (start > 0 && out[start - 1] == out[start - 1 + length]) --start;
        const std::string piece = out.substr(start, length);
        std::size_t cut = piece.rfind('\n');
        if (cut == std::string::npos) cut = piece.rfind(' ');
        return cut == std::string::npos ? piece : piece.substr(cut + 1) + piece.substr(0, cut + 1);
    }
    return "";
}

// Returns, for a run stopped at a limit, what it kept printing and the likely cause, or ""
// when its output does not end in one piece over and over.
std::string repeatedTail(const std::string &out) {
    const std::string piece = repeatedPiece(out);
    if (piece.empty()) return "";
    return ": it printed " + visibleWhitespace(piece.substr(0, 100)) + (piece.size() > 100 ? "…" : "") +
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

Verdict compareRuns(const RunResult &expected, const RunResult &actual, CompareMode mode, bool compareError,
                    bool compareStatus) {
    Verdict verdict;
    std::string text;
    // A loop that prints stops at whichever limit it reaches first, which depends on the
    // machine's load: what it printed is the same either way.
    const std::string repeated =
        actual.timedOut || actual.cpuLimited || actual.outputLimited ? repeatedTail(actual.out) : "";
    if (actual.outputLimited)
        text +=
            "hint: output exceeded the limit" + (repeated.empty() ? ", an endless loop?" : repeated) + "\n";
    else if (actual.timedOut || actual.cpuLimited)
        text += "hint: your program did not finish within the time limit" +
                (repeated.empty() ? ": an endless loop, or it kept reading after end of input and was stopped"
                                  : repeated) +
                "\n";
    if ((actual.signal != 0 && !actual.cpuLimited) || actual.memoryLimited)
        text += "your program was " + actual.ending() + "\n";
    // std::thread's error when the kernel refuses another thread, which ends in abort().
    if (actual.signal == SIGABRT && actual.err.find("Resource temporarily unavailable") != std::string::npos)
        text += "hint: it could not start another thread or process: a run may have only a few of them "
                "(processes and threads together)\n";

    TextDifference out =
        firstDifference(normalisedText(expected.out, mode), normalisedText(actual.out, mode));
    if (out.differs) text += "standard output: " + describe(out);
    if (compareError) {
        TextDifference err =
            firstDifference(normalisedText(expected.err, mode), normalisedText(actual.err, mode));
        if (err.differs) text += "standard error: " + describe(err);
    }
    // The files the run saved (RunRequest::collected) where the sample saved them. Whether
    // a file's last line ends with a newline is the writer's choice: the formats' own texts
    // leave it open.
    for (const auto &[name, saved] : expected.files) {
        const auto left = actual.files.find(name);
        if (left == actual.files.end()) {
            text += "file " + name + ": the sample saves it, your program did not (or not as a plain file)\n";
            continue;
        }
        auto withoutLastNewline = [&](const std::string &file) {
            std::string normal = normalisedText(file, mode);
            if (!normal.empty() && normal.back() == '\n') normal.pop_back();
            return normal;
        };
        TextDifference file = firstDifference(withoutLastNewline(saved), withoutLastNewline(left->second));
        if (file.differs) text += "file " + name + " as your program saved it: " + describe(file);
    }
    if (compareStatus && actual.exited() && actual.status != expected.status)
        text += "expected exit status " + std::to_string(expected.status) + ", got " +
                std::to_string(actual.status) + "\n";
    verdict.passed = text.empty();
    verdict.explanation = text;
    return verdict;
}

}  // namespace dotslab
