// trace_shim.cpp — one of the student's mandated functions, watched: linked over the
// student's own definition (made weak, and kept under the alias dotsgrade_own_OP), it
// tells the grader of each call (call_wire.h, on kOracleCallFd) and then makes it to the
// student's own function. The grader so sees every call a student's program made to its
// own functions during a run, and checks the student's answers to exactly those calls
// (see dotsgrade/grade.cpp, attributedRuns). What a program writes there itself can only
// name calls; their answers come from the student's functions, asked apart.
//
// Compiled once per game and function: MODEL_OP and MODEL_DISPLAY as model_stand_in.cpp's.
#include <unistd.h>

#include <string>

#include "harness/call_wire.h"

#if !defined(MODEL_OP) || !defined(MODEL_DISPLAY)
#error "MODEL_OP and MODEL_DISPLAY must be defined"
#endif

namespace {

using namespace dotslab_harness;

// Tells the grader of call; a grader that does not listen changes nothing.
void told(const Call &call) {
    std::string bytes;
    appendCall(bytes, call);
    (void)!write(kOracleCallFd, bytes.data(), bytes.size());
}

}  // namespace

// The student's own function, under the name the grader gives it (kOwnAlias + Op number).
#if MODEL_OP == 0
extern "C" void dotsgrade_own_0(long long grid);
void MODEL_DISPLAY(long long grid) {
    told({Op::kDisplay, grid, 0, 0});
    dotsgrade_own_0(grid);
}
#elif MODEL_OP == 1
extern "C" bool dotsgrade_own_1(long long grid, int pos);
bool isFilled(long long grid, int pos) {
    told({Op::kIsFilled, grid, pos, 0});
    return dotsgrade_own_1(grid, pos);
}
#elif MODEL_OP == 2
extern "C" int dotsgrade_own_2(long long grid, int p);
int playerScore(long long grid, int p) {
    told({Op::kPlayerScore, grid, p, 0});
    return dotsgrade_own_2(grid, p);
}
#elif MODEL_OP == 3
extern "C" void dotsgrade_own_3(long long &grid, int pos, int p);
void updateGrid(long long &grid, int pos, int p) {
    told({Op::kUpdateGrid, grid, pos, p});
    dotsgrade_own_3(grid, pos, p);
}
#elif MODEL_OP == 4
extern "C" int dotsgrade_own_4(long long grid);
int gameState(long long grid) {
    told({Op::kGameState, grid, 0, 0});
    return dotsgrade_own_4(grid);
}
#else
#error "MODEL_OP must be 0 to 4"
#endif
