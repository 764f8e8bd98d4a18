#include "harness/submission_answers.h"

#include <iostream>
#include <sstream>

namespace dotslab::harness {

bool defines(const FunctionTable &functions, Op op) {
    switch (op) {
        case Op::kDisplay:
            return functions.display != nullptr;
        case Op::kIsFilled:
            return functions.isFilled != nullptr;
        case Op::kPlayerScore:
            return functions.playerScore != nullptr;
        case Op::kUpdateGrid:
            return functions.updateGrid != nullptr;
        case Op::kGameState:
            return functions.gameState != nullptr;
    }
    return false;
}

std::string printedBy(void (*display)(long long grid), long long grid) {
    // The first buffer of std::cout is remembered once, so that a display function that
    // crashed mid-way (leaving cout redirected) cannot make the capture lose track of it.
    static std::streambuf *const original = std::cout.rdbuf();
    static std::ostringstream sink;
    sink.str("");
    sink.clear();
    std::cout.clear();
    std::cout.rdbuf(sink.rdbuf());
    display(grid);
    std::cout.flush();
    std::cout.rdbuf(original);
    return sink.str();
}

Answer answerOf(const FunctionTable &functions, const Call &call) {
    switch (call.op) {
        case Op::kDisplay:
            return {0, printedBy(functions.display, call.grid)};
        case Op::kIsFilled:
            return {functions.isFilled(call.grid, call.a) ? 1 : 0, ""};
        case Op::kPlayerScore:
            return {functions.playerScore(call.grid, call.a), ""};
        case Op::kUpdateGrid: {
            long long grid = call.grid;
            functions.updateGrid(grid, call.a, call.b);
            return {grid, ""};
        }
        case Op::kGameState:
            return {functions.gameState(call.grid), ""};
    }
    return {};
}

}  // namespace dotslab::harness
