// run_comparison.h — a whole program's run judged against the expected one, the difference
// explained with hints in the student's words: the one judgement the grader and the
// harness both give.
#pragma once

#include <string>

#include "process/process_runner.h"

namespace dotslab {

enum class CompareMode {
    kExact,     // byte for byte, as the assignments demand
    kTrailing,  // ignore whitespace at the end of each line and of the output
    kAll,       // ignore all whitespace
};

// Returns the mode called "exact", "trailing" or "all"; throws std::invalid_argument otherwise.
CompareMode compareModeNamed(const std::string &name);

// Returns text as mode sees it (exact: unchanged; trailing: each line's trailing whitespace
// and the output's trailing lines dropped; all: every whitespace character dropped).
std::string normalisedText(const std::string &text, CompareMode mode);

struct Verdict {
    bool passed = false;
    std::string explanation;  // empty when passed: first difference, visible whitespace, hints
};

// Returns whether actual matches expected: standard output under mode, the exit status
// when compareStatus is set, standard error when compareError is set, and each file
// expected saved (RunResult::files).
Verdict compareRuns(const RunResult &expected, const RunResult &actual, CompareMode mode, bool compareError,
                    bool compareStatus = true);

}  // namespace dotslab
