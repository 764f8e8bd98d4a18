#include "harness/submission_answers.h"

#include <ext/stdio_sync_filebuf.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>

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
    // During the call, C's stdout and std::cout write into one memory stream, so that what
    // the display prints with either (printf, puts, putchar, std::cout) is kept in the
    // order written, with no system call. The first stdout and std::cout buffer are
    // remembered once: a display that crashed mid-way (the in-process harness goes on)
    // cannot leave the capture as the one restored.
    static FILE *const originalFile = stdout;
    static std::streambuf *const originalBuffer = std::cout.rdbuf();
    static char *printed = nullptr;
    static std::size_t size = 0;
    static FILE *const capture = open_memstream(&printed, &size);
    static __gnu_cxx::stdio_sync_filebuf<char> captureBuffer(capture);
    if (capture == nullptr) throw std::runtime_error("printedBy: cannot capture standard output");
    std::cout.flush();
    std::fflush(originalFile);
    std::fseek(capture, 0, SEEK_SET);
    stdout = capture;
    std::cout.clear();
    std::cout.rdbuf(&captureBuffer);
    display(grid);
    std::cout.flush();
    std::cout.rdbuf(originalBuffer);
    stdout = originalFile;
    std::fflush(capture);
    return std::string(printed, size);
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
