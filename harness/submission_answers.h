// submission_answers.h — a submission's answer to a call of one of its mandated functions,
// made in this process: the function worker's one job, and the in-process harness's.
// Nothing here knows a right answer.
#pragma once

#include <string>

#include "harness/call_wire.h"

namespace dotslab::harness {

// The submission's mandated functions (null where it does not define one).
struct FunctionTable {
    void (*display)(long long grid) = nullptr;  // displayGrid or printGrid
    bool (*isFilled)(long long grid, int pos) = nullptr;
    int (*playerScore)(long long grid, int p) = nullptr;
    void (*updateGrid)(long long &grid, int pos, int p) = nullptr;
    int (*gameState)(long long grid) = nullptr;
};

// Returns true if the table has op's function.
bool defines(const FunctionTable &functions, Op op);

// Returns what display printed to standard output for grid (with std::cout or C's stdio).
std::string printedBy(void (*display)(long long grid), long long grid);

// Returns the answer of op's function to call (the table must have it).
Answer answerOf(const FunctionTable &functions, const Call &call);

}  // namespace dotslab::harness
