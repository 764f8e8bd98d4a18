#include "files.h"
#include "program_runner.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace dotslab_harness {
namespace {

namespace fs = std::filesystem;


// In the child: redirects the standard streams, moves to `work` and runs the program.
// Only async-signal-safe calls between fork and exec.
[[noreturn]] void execChild(const char *program, char *const argv[], const char *in, const char *out, const char *err,
                            const char *work) {
    setpgid(0, 0);  // its own process group, so a time-out can stop its children too
    int fdIn = open(in, O_RDONLY), fdOut = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600),
        fdErr = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fdIn < 0 || fdOut < 0 || fdErr < 0 || dup2(fdIn, 0) < 0 || dup2(fdOut, 1) < 0 || dup2(fdErr, 2) < 0 ||
        chdir(work) != 0)
        _exit(127);
    execv(program, argv);
    _exit(127);
}

}  // namespace

std::string ProgramOutcome::ending() const {
    if (timedOut) return "stopped after the time limit (still running: an endless loop, or waiting for input?)";
    if (signal != 0) return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return "exit status " + std::to_string(status);
}

ProgramOutcome runProgram(const std::string &program, const std::vector<std::string> &args, const std::string &input,
                          std::chrono::milliseconds limit) {
    dotslab::TemporaryDirectory scratch("dotslab-run");
    const fs::path in = scratch.path() / "stdin", out = scratch.path() / "stdout", err = scratch.path() / "stderr",
                   work = scratch.path() / "work";
    std::ofstream(in, std::ios::binary) << input;
    fs::create_directory(work);

    const std::string absolute = fs::absolute(program).string();
    std::vector<std::string> words{absolute};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (std::string &w : words) argv.push_back(w.data());
    argv.push_back(nullptr);

    pid_t child = fork();
    if (child < 0) throw std::runtime_error("fork failed");
    if (child == 0)
        execChild(absolute.c_str(), argv.data(), in.c_str(), out.c_str(), err.c_str(), work.c_str());
    setpgid(child, child);  // also here, so the group exists whichever process runs first

    ProgramOutcome outcome;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    auto pause = std::chrono::microseconds(50);
    int raw = 0;
    while (waitpid(child, &raw, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= deadline) {
            outcome.timedOut = true;
            kill(-child, SIGKILL);
            waitpid(child, &raw, 0);
            break;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(5000));
    }
    kill(-child, SIGKILL);  // anything the program left running in its group
    if (!outcome.timedOut) {
        if (WIFSIGNALED(raw)) outcome.signal = WTERMSIG(raw);
        else outcome.status = WEXITSTATUS(raw);
    }
    outcome.out = dotslab::readFileText(out);
    outcome.err = dotslab::readFileText(err);
    return outcome;
}

}  // namespace dotslab_harness
