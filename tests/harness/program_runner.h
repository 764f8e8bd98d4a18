// program_runner.h — run a built program on a given standard input, with a time limit.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace dotslab_harness {

struct ProgramOutcome {
    std::string out;        // standard output
    std::string err;        // standard error
    int status = -1;        // exit status when it exited normally
    int signal = 0;         // the signal that ended it, or 0
    bool timedOut = false;  // killed at the time limit

    // Returns "exit status 1", "killed by signal 11" or "stopped after the time limit".
    std::string ending() const;
};

// Returns what program printed and how it ended when run with input on standard input
// (closed after the input) in a fresh temporary directory.
ProgramOutcome runProgram(const std::string &program, const std::vector<std::string> &args, const std::string &input,
                          std::chrono::milliseconds limit = std::chrono::seconds(10));

}  // namespace dotslab_harness
