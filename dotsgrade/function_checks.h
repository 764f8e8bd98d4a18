// function_checks.h — the mandated functions judged by the grader: the student's code
// runs in an untrusted worker that only answers calls (harness/function_worker.cpp);
// expected answers and every comparison are made here, in the trusted grader.
//
// Each function is judged once, on every call the suites make of it, and on its own: where
// a function's wrong answers are what a right one gives with the student's answers of
// other wrong functions it calls (through_functions.h), they are charged there, so that a
// playerScore mistake is not charged a second time under the displayGrid that prints its
// answers.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/function_calls.h"
#include "packed/packed_games.h"
#include "process/run_comparison.h"

namespace dotslab::grader {

// What the grader says of one mandated function, in two checks of equal weight.
struct FunctionVerdict {
    dotslab::harness::Op op = dotslab::harness::Op::kDisplay;
    std::string function;         // "playerScore"
    bool examplesPassed = false;  // the spec's example encodings and figures
    bool gridsPassed = false;     // every checked grid (display: printed; others: equivalence)
    bool missing = false;         // not defined at all (nothing to judge, alone or not)
    double rightShare = 0;        // the share of its checked calls it answered right (0..1)
    unsigned throughOthers = 0;   // Op bits: the wrong functions (it calls) that its wrong answers came from
    std::string output;           // what is wrong, or why it is not charged here

    // Returns the share of the function's points earned (0, 0.5 or 1).
    double credit() const { return (examplesPassed ? 0.5 : 0) + (gridsPassed ? 0.5 : 0); }
};

// Makes the model's answers to every suite of game ahead of time (they are made once per
// process, when first needed): a grading calls this while the submission is built.
void prepareFunctionJudging(const PackedGame &game);

// Returns the student's answers (made by worker, which holds all of its functions) to
// calls, in order; a call it did not answer (it crashed, hung, or is not defined) has none.
// Careful: each answer is flushed as it is made (every answer before a crash arrives).
std::vector<std::optional<dotslab::harness::Answer>> answersTo(
    const std::string &worker, const std::vector<dotslab::harness::Call> &calls, bool careful = true);

// Returns true if got has most of want's lines (more than half, in their places): a
// picture with its score lines wrong (a space too few before each score) is one mistake,
// not no picture. Three in four once made that typo, on every picture, two mistakes
// charged (the function's and the runs'), where a function that made it only once main
// had started was charged once.
bool mostLinesAlike(const std::string &want, const std::string &got);

// Returns true if a function's answer is the model's: display text compared under mode.
bool answersMatch(dotslab::harness::Op op, const dotslab::harness::Answer &want,
                  const dotslab::harness::Answer &got, CompareMode mode);

// Returns the Op bits of the mandated functions op's function calls, directly or through
// other functions of the student's (0 where the object cannot be read so).
using CalledBy = std::function<unsigned(dotslab::harness::Op op)>;

// Answers the student's functions gave, by call.
using RecordedAnswers = std::map<dotslab::harness::Call, dotslab::harness::Answer>;
// Returns recorded answers when called: made only then, as most gradings never need them.
using RecordedAnswersMaker = std::function<RecordedAnswers()>;

// Returns the verdict on each of game's mandated functions, display first. `worker` holds
// every function of the student's; a function whose wrong answers are what a right one
// gives with the answers of wrong functions it calls (calledBy) is not charged for them.
// Display text is compared under mode. Sets recorded to what makes every answer the
// student's functions gave in the checks that judge them, where every call of a function
// in a check was answered: the answers any explanation takes as the student's.
std::vector<FunctionVerdict> judgeFunctions(const std::string &worker, const CalledBy &calledBy,
                                            const PackedGame &game, CompareMode mode,
                                            RecordedAnswersMaker &recorded);

}  // namespace dotslab::grader
