// grid_checks.h — exhaustive comparison of a submission's mandated functions with the
// model, over every valid grid. Plain C++ (no test framework), so that the Boost.Test
// suites, the benchmarks and the grader all run the very same checks.
//
// "Every valid grid" is every set of filled lines (2^16 for dotsboxes, 2^12 for
// dotstriangles) combined with every score split (dotsboxes) or every owner assignment
// (dotstriangles) that is consistent with the cells those lines close.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/submission_api.h"

namespace dotslab_harness {

// The outcome of one exhaustive check: how many calls, how many wrong, the first few.
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

// Returns every valid grid of the game (about 160 thousand for dotsboxes); safe from any thread.
const std::vector<long long> &validGrids(const dotslab::PackedGame &game);

// Returns one valid grid for every set of filled lines, with varied scores/owners.
std::vector<long long> oneGridPerLineSet(const dotslab::PackedGame &game);

// Returns a report on isFilled for every position of every valid grid.
CheckReport checkIsFilled(const SubmissionApi &api);
// Returns a report on updateGrid for every open position and both players of every valid grid.
CheckReport checkUpdateGrid(const SubmissionApi &api);
// Returns a report on playerScore for both players of every valid grid.
CheckReport checkPlayerScore(const SubmissionApi &api);
// Returns a report on gameState for every valid grid.
CheckReport checkGameState(const SubmissionApi &api);
// Returns a report on the printed grid for every set of filled lines.
CheckReport checkRendering(const SubmissionApi &api);

// Returns what the submission's display function prints to std::cout for grid.
std::string capturedDisplay(const SubmissionApi &api, long long grid);

}  // namespace dotslab_harness
