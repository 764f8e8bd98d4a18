#include "harness/submission_answers.h"

#include <sys/mman.h>
#include <unistd.h>

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
    // Standard output itself stands in a memory file during the call, so that whatever the
    // display writes there (std::cout, printf, puts, write) is kept, in the order written.
    // The first standard output is remembered once: a display that crashed mid-way (the
    // in-process harness goes on) cannot leave the capture as the one restored.
    static const int original = dup(STDOUT_FILENO);
    static const int capture = memfd_create("display", MFD_CLOEXEC);
    if (original < 0 || capture < 0) throw std::runtime_error("printedBy: cannot capture standard output");
    std::cout.flush();
    std::fflush(stdout);
    if (ftruncate(capture, 0) != 0 || lseek(capture, 0, SEEK_SET) != 0 || dup2(capture, STDOUT_FILENO) < 0)
        throw std::runtime_error("printedBy: cannot capture standard output");
    std::cout.clear();
    display(grid);
    std::cout.flush();
    std::fflush(stdout);
    dup2(original, STDOUT_FILENO);
    const off_t size = lseek(capture, 0, SEEK_CUR);
    std::string printed(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
    for (std::size_t done = 0; done < printed.size();) {
        const ssize_t n =
            pread(capture, printed.data() + done, printed.size() - done, static_cast<off_t>(done));
        if (n <= 0) throw std::runtime_error("printedBy: cannot read what the display printed");
        done += static_cast<std::size_t>(n);
    }
    return printed;
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
