// function_calls.h — the harness's checks as plain lists of calls, so that an untrusted
// process can make the calls and a trusted one can judge the answers.
//
// The grader runs the student's functions in a worker process of their own (see
// function_worker.cpp) that only computes: it makes every call of a suite, in order, and
// streams the answers back. The grader compares them with the model. Nothing the
// student's code does (exit statuses, printed text, constructors) can turn a wrong
// answer into a right one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "harness/call_wire.h"
#include "harness/submission_api.h"

namespace dotslab::harness {

// Returns the suites the worker knows, in order: spec_examples, equivalence, rendering.
const std::vector<std::string> &suiteNames();

// Calls visit(index, call) for every call of suite on game from index `from` on, in the
// order the worker makes them, until visit returns false. (The equivalence suite has
// millions of calls: they are made as they are visited, never stored.)
void forEachCall(const std::string &suite, const dotslab::PackedGame &game, std::size_t from,
                 const std::function<bool(std::size_t, const Call &)> &visit);

// Returns the function of an op as the game names it ("displayGrid", "isFilled").
std::string functionName(Op op, const SubmissionApi &api);

// Returns call as the student would write it: "isFilled(1101011110110110, 7)",
// "updateGrid(grid, 3, 1) with grid = 1101011110110110".
std::string callText(const Call &call, const SubmissionApi &api);

// Returns what a wrong answer is reported as: the call, then what the model answers and
// what came back ("isFilled(…, 7): expected false, got true").
std::string mismatchText(const Call &call, const Answer &want, const Answer &got, const SubmissionApi &api);

// Returns true if the submission defines op's function.
bool defines(const SubmissionApi &api, Op op);

// Returns the model's answer to call.
Answer modelAnswer(const dotslab::PackedGame &game, const Call &call);

// Returns the submission's answer to call, made in this process (op's function must exist).
Answer submissionAnswer(const SubmissionApi &api, const Call &call);

}  // namespace dotslab::harness
