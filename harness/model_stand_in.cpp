// model_stand_in.cpp — one of the model's mandated functions as it appears in a process
// that runs student code: a stand-in with the assignment's exact prototype that asks the
// grader for the model's answer (call_wire.h: the call on kOracleCallFd, the answer on
// kOracleAnswerFd). The grader links it over a student's own definition (made weak) to
// judge the rest of the student's code apart from that function; the model itself never
// enters the student's process (see dotsgrade/function_checks.h).
//
// Compiled once per game and function: MODEL_OP is the function's Op number (0 the display
// function, then isFilled, playerScore, updateGrid, gameState), MODEL_DISPLAY the
// display's name.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "harness/call_wire.h"

#if !defined(MODEL_OP) || !defined(MODEL_DISPLAY)
#error "MODEL_OP and MODEL_DISPLAY must be defined"
#endif

namespace {

using namespace dotslab_harness;

// Returns the grader's answer to call; a grader that does not answer ends the process
// (the run then fails as the grader's, never as a wrong answer of the student's).
Answer asked(const Call &call) {
    std::string bytes;
    appendCall(bytes, call);
    if (write(kOracleCallFd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) std::_Exit(125);
    std::string answer;
    Answer parsed;
    char buffer[4096];
    for (std::size_t at = 0; !readAnswer(answer, at, call.op, parsed); at = 0) {
        const ssize_t n = read(kOracleAnswerFd, buffer, sizeof buffer);
        if (n <= 0) std::_Exit(125);
        answer.append(buffer, static_cast<std::size_t>(n));
    }
    return parsed;
}

}  // namespace

#if MODEL_OP == 0
void MODEL_DISPLAY(long long grid) { std::cout << asked({Op::kDisplay, grid, 0, 0}).text; }
#elif MODEL_OP == 1
bool isFilled(long long grid, int pos) { return asked({Op::kIsFilled, grid, pos, 0}).value != 0; }
#elif MODEL_OP == 2
int playerScore(long long grid, int p) { return static_cast<int>(asked({Op::kPlayerScore, grid, p, 0}).value); }
#elif MODEL_OP == 3
void updateGrid(long long &grid, int pos, int p) { grid = asked({Op::kUpdateGrid, grid, pos, p}).value; }
#elif MODEL_OP == 4
int gameState(long long grid) { return static_cast<int>(asked({Op::kGameState, grid, 0, 0}).value); }
#else
#error "MODEL_OP must be 0 to 4"
#endif
