// through_functions.h — whether a mistake is only a student's function's: what a right
// function, or a right main, gives with the student's own answers to the calls it makes.
//
// It is computed here, in the grader, from the student's answers, which the function
// worker (the student's code alone) gives to calls like any other. Nothing of ours runs
// beside the student's code, so it cannot tell these questions from any other, and no
// answer can be bought by behaving differently when it is asked.
//
//   a right displayGrid(g)       prints g with the lines your isFilled(g, 1..n) says are
//                                filled and the scores your playerScore(g, 1), (g, 2) say;
//   a right gameState(g)         decides from the same answers;
//   a right updateGrid(g, k, p)  draws k unless your isFilled(g, k) says it is filled, and
//                                closes the cells your isFilled says are closed (asked of g,
//                                or of g with k drawn), p's score counted on from its digit
//                                or from your playerScore(g, p);
//   a right main                 is the model's (console_model.h), calling your functions.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/call_wire.h"
#include "packed/console_model.h"
#include "process/run_comparison.h"

namespace dotslab::grader {

// What a right function gives with the student's answers, for one wrong answer of its.
struct Explained {
    bool explained = false;  // a right function gives exactly the student's answer so
    unsigned through = 0;    // Op bits: the functions whose answers it used differ from the model's
};

// Of the distinct calls of each function asked: how many, those the student's function did
// not answer, and those it answered otherwise than the model (with the answer).
struct AnswerTally {
    long long calls[dotslab::harness::kOpCount] = {};
    long long unanswered[dotslab::harness::kOpCount] = {};
    std::vector<std::pair<dotslab::harness::Call, dotslab::harness::Answer>> differing;
};

// The student's answers, asked of worker (which holds every function of the student's) in
// batches, each a process of its own: a call not known yet is noted, and asked with the
// others at the next ask(). Each call is asked once: every question of it, by a right main
// or a right function, gets the answer the student's function gave first.
class AskedAnswers {
  public:
    // recorded: answers the student's functions already gave where they are judged, taken
    // as they are instead of asking them again (null: none).
    explicit AskedAnswers(
        const std::string &worker,
        const std::map<dotslab::harness::Call, dotslab::harness::Answer> *recorded = nullptr)
        : worker_(worker), recorded_(recorded) {}

    // Returns the student's answer to call (nothing where its function gave none), or
    // null where it is not known yet.
    const std::optional<dotslab::harness::Answer> *lookup(const dotslab::harness::Call &call);
    // Asks the worker every call needed since the last ask; false if none was.
    bool ask(bool careful);
    // Returns how the answers known so far compare with the model's, display text under mode.
    AnswerTally tally(const PackedGame &game, CompareMode mode) const;
    // Returns true if the worker, asked every answered call again in one process in the
    // opposite order, gives the same answers: functions that keep no state between calls,
    // whose answers are what they give inside the student's program too.
    bool sameInAnyOrder() const;

  private:
    const std::string &worker_;
    const std::map<dotslab::harness::Call, dotslab::harness::Answer> *recorded_;
    std::map<dotslab::harness::Call, std::optional<dotslab::harness::Answer>> known_;
    std::set<dotslab::harness::Call> needed_;
};

// Returns, for each wrong answer (a call and what the student's function gave), whether a
// right function of its op gives the same with the student's other answers (asked of
// worker, or looked up in asked). Display text is compared under mode.
std::vector<Explained> explainedAnswers(
    AskedAnswers &asked, const PackedGame &game,
    const std::vector<std::pair<dotslab::harness::Call, dotslab::harness::Answer>> &wrong, CompareMode mode);

// What a right main does with the student's functions on one input.
struct RightMainRun {
    bool complete = false;  // every call answered by the student's functions
    ProgramRun run;         // what it prints, and its exit status
    std::optional<dotslab::harness::Call> firstWrong;  // the first call the student's answer differs on
    unsigned through = 0;   // Op bits: the functions whose answers differed from the model's
    // Every call the student's answer differs on, with that answer.
    std::vector<std::pair<dotslab::harness::Call, dotslab::harness::Answer>> differing;
};

// Returns, for each input, what a right main prints with the student's functions (asked as
// the main goes on, in rounds: its next calls follow from the answers before).
std::vector<RightMainRun> rightMainRuns(AskedAnswers &asked, const PackedGame &game,
                                        const std::vector<std::string> &inputs);

}  // namespace dotslab::grader
