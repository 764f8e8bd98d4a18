// submission_api.h — the mandated functions of the submission linked into this runner.
//
// The submission is compiled as its own translation unit with main renamed, and its
// functions are reached through this table. Each game's *_submission.cpp declares the
// mandated prototypes as weak symbols, so a submission that lacks one (or spells its
// prototype differently) still links: the pointer is null and the harness says which
// prototype is missing, instead of the linker printing a wall of errors.
#pragma once

#include <string>
#include <vector>

#include "harness/submission_answers.h"
#include "packed/mandated_functions.h"
#include "packed/packed_games.h"

namespace dotslab::harness {

struct SubmissionApi {
    const dotslab::PackedGame &model;  // how the functions must behave
    void (*display)(long long grid);   // displayGrid or printGrid
    bool (*isFilled)(long long grid, int pos);
    int (*playerScore)(long long grid, int p);
    void (*updateGrid)(long long &grid, int pos, int p);
    int (*gameState)(long long grid);
    const char *displayName;  // "displayGrid" or "printGrid"
};

// Returns the prototype of the submission's mandated function called name.
inline std::string prototype(const SubmissionApi &api, const char *name) {
    return dotslab::prototypeOf(api.model.kind, name);
}

// Returns the display function's prototype: "void displayGrid(long long grid)".
inline std::string displayPrototype(const SubmissionApi &api) { return prototype(api, api.displayName); }

// Returns the table of the submission's functions.
inline FunctionTable functionTable(const SubmissionApi &api) {
    return {api.display, api.isFilled, api.playerScore, api.updateGrid, api.gameState};
}

// Returns the submission linked into this runner.
const SubmissionApi &submission();

// Returns one line for each mandated function the submission does not define:
// "missing mandated function: bool isFilled(long long grid, int pos)".
std::vector<std::string> missingFunctions(const SubmissionApi &api);

}  // namespace dotslab::harness
