// function_checks.h — the mandated functions judged by the grader: the student's code
// runs in an untrusted worker that only answers calls (harness/function_worker.cpp);
// expected answers and every comparison are made here, in the trusted grader.
#pragma once

#include <string>

#include "packed/packed_games.h"
#include "process/process_runner.h"

namespace dotslab::grader {

struct SuiteVerdict {
    bool passed = false;
    std::string output;  // what differs, or how the worker failed ("" when passed)
};

// Makes the model's answers to every suite of game ahead of time (they are made once per
// process, when first needed): a grading calls this while the submission is built.
void prepareFunctionJudging(const PackedGame &game);

// Runs suite's calls in the worker (built with the student's functions) on sandbox slot
// `slot` and returns the verdict.
SuiteVerdict judgeFunctions(const std::string &worker, const std::string &suite, const PackedGame &game,
                            int slot);

}  // namespace dotslab::grader
