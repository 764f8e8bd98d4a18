// not_graded.h — the third outcome of a grading: not passed, not failed, not graded.
//
// A failure on the grader's side (its own files, tools, sandbox, disk or time) is never a
// student's loss. It is thrown as NotGraded, ends that one grading, and every report says
// "not graded" and why instead of a score. It is thrown only where the grader has shown
// the fault to be its own (the same step fails for the sample solution, or for a program
// that does nothing), so that no submission can make itself "not graded".
#pragma once

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>

#include "process/process_runner.h"

namespace dotslab::grader {

class NotGraded : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws NotGraded where a run ended as one whose sandbox could not be set up and a
// program that does nothing cannot run in the sandbox now either.
inline void requireWorkingSandbox(const RunResult &run) {
    if (!looksLikeSetupFailure(run)) return;
    if (const std::string fault = sandboxFault(); !fault.empty()) throw NotGraded(fault);
}

// Throws NotGraded where no untrusted run can work here (sandboxFault): checked before a
// process's first grading, and again after one that failed so. A run that fails in ways
// no setup failure looks like (a damaged library killing every program with SIGBUS, a
// TMPDIR that refuses what every run needs) would otherwise be charged to students.
inline void requireWorkingRuns() {
    static std::atomic<bool> working{false};
    if (working) return;
    if (const std::string fault = sandboxFault(); !fault.empty()) throw NotGraded(fault);
    working = true;
}

// Times a run whose sandbox could not be set up is done again while a program that does
// nothing runs: past that, the failure is the program's alone and is left as it is.
constexpr int kSetupRetries = 3;

// Returns run, or, where its sandbox could not be set up, the same run done again (again()):
// a sandbox that fails for a moment (bubblewrap under load, as the grader's own user) is
// the grader's to retry, never the student's loss (once seen: a correct program "printed
// nothing" for one malformed input). Throws NotGraded where the sandbox stays broken.
inline RunResult withWorkingSandbox(RunResult run, const std::function<RunResult()> &again) {
    for (int tries = 0; looksLikeSetupFailure(run); ++tries) {
        requireWorkingSandbox(run);
        if (tries == kSetupRetries) break;
        run = again();
    }
    return run;
}

}  // namespace dotslab::grader
