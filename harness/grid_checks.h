// grid_checks.h — the grids the function suites check, and the check of one function
// against the model over them. Plain C++ (no test framework), so that the Boost.Test
// suites, the benchmarks and the grader all run the very same calls.
//
// The checked line sets are every set of at most two or all but at most two filled
// lines, and one in sixteen of the others (a fixed spread: 4,354 of dotsboxes' 2^16, 405
// of dotstriangles' 2^12). Each is combined with every score split (dotsboxes) or every
// owner assignment (dotstriangles) consistent with the cells its lines close: 5,995 and
// 1,620 grids. Every function is called at every position on each of these grids; each
// box or triangle is closed in hundreds of them, alone and with others. The sample costs
// 4% of every valid grid (the grader runs it on every submission) and misses no
// bug of a position, a cell or a digit that the whole would find.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/function_calls.h"
#include "harness/submission_api.h"

namespace dotslab::harness {

// The outcome of one check: how many calls, how many wrong, the first few.
struct CheckReport {
    explicit CheckReport(std::string name) : function(std::move(name)) {}

    std::string function;  // "isFilled"
    long long calls = 0;
    long long failures = 0;
    std::vector<std::string> examples;  // "isFilled(1101011110110110, 7): expected false, got true"

    // Records one wrong call, keeping the first few descriptions.
    void fail(const std::string &description);
    // Returns true if no call was wrong.
    bool ok() const { return failures == 0; }
    // Returns a readable summary: counts and the first few wrong calls.
    std::string summary() const;
};

// Returns the grid number with the given lines filled and no scores or owners.
long long gridOfLines(const dotslab::PackedGame &game, dotslab::LineSet lines);

// Returns every valid grid of the line sets the suites check; safe from any thread.
const std::vector<long long> &checkedGrids(const dotslab::PackedGame &game);

// Returns one valid grid for every line set the suites check, with varied scores/owners.
std::vector<long long> renderedGrids(const dotslab::PackedGame &game);

// Returns a report on op's function over its suite (the display function: rendering;
// the others: equivalence), every answer compared with the model's.
CheckReport checkFunction(const SubmissionApi &api, Op op);

// Returns what the submission's display function prints to std::cout for grid.
std::string capturedDisplay(const SubmissionApi &api, long long grid);

}  // namespace dotslab::harness
