// function_checks.h — the mandated functions judged by the grader: the student's code
// runs in an untrusted worker that only answers calls (harness/function_worker.cpp);
// expected answers and every comparison are made here, in the trusted grader.
//
// Each function is judged once, on every call the suites make of it, and on its own: a
// function found wrong while another is wrong too is judged again in a worker where the
// others are the model's (harness/model_function.cpp), so that a playerScore mistake
// is not charged a second time under the displayGrid that prints its answers.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compare.h"
#include "harness/function_calls.h"
#include "packed/packed_games.h"

namespace dotslab::grader {

// What the grader says of one mandated function, in two checks of equal weight.
struct FunctionVerdict {
    dotslab_harness::Op op = dotslab_harness::Op::kDisplay;
    std::string function;         // "playerScore"
    bool examplesPassed = false;  // the spec's example encodings and figures
    bool gridsPassed = false;     // every checked grid (display: printed; others: equivalence)
    bool missing = false;         // not defined at all (nothing to judge, alone or not)
    double rightShare = 0;        // the share of its checked calls it answered right (0..1)
    std::string output;           // what is wrong, or why it is not charged here

    // Returns the share of the function's points earned (0, 0.5 or 1).
    double credit() const { return (examplesPassed ? 0.5 : 0) + (gridsPassed ? 0.5 : 0); }
};

// Makes the model's answers to every suite of game ahead of time (they are made once per
// process, when first needed): a grading calls this while the submission is built.
void prepareFunctionJudging(const PackedGame &game);

// Returns the service that answers every call of the model's stand-ins in a program (a
// student's main linked with them) from game.
RunService modelService(const PackedGame &game);

// Returns the student's answers (made by worker, which holds all of its functions) to
// calls, in order; a call it did not answer (it crashed, hung, or is not defined) has none.
std::vector<std::optional<dotslab_harness::Answer>> answersTo(const std::string &worker,
                                                               const std::vector<dotslab_harness::Call> &calls);

// Returns true if a function's answer is the model's: display text compared under mode.
bool answersMatch(dotslab_harness::Op op, const dotslab_harness::Answer &want, const dotslab_harness::Answer &got,
                  CompareMode mode);

// Returns a worker in which only op's function is the student's ("" where the student's
// object cannot be linked so; a failure of the grader's own throws NotGraded).
using IsolatedWorker = std::function<std::string(dotslab_harness::Op op)>;

// Returns the verdict on each of game's mandated functions, display first. `worker` holds
// every function of the student's; `isolated` makes the workers that judge a function on
// its own. Display text is compared under mode.
std::vector<FunctionVerdict> judgeFunctions(const std::string &worker, const IsolatedWorker &isolated,
                                            const PackedGame &game, CompareMode mode);

}  // namespace dotslab::grader
