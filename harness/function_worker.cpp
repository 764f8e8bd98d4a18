// function_worker — the student's mandated functions in a process of their own, for the
// grader: it makes the calls it is given and streams the answers. It judges nothing and
// knows no right answer: no model is linked into it, and its object keeps no symbol but
// main for the student's code to reach (dotsgrade/CMakeLists.txt).
//
//   <worker> CAREFUL     the calls on standard input, the answers on standard output
//
// Both streams are call_wire.h's. With CAREFUL 1 every answer is flushed at once, so that
// all answers before a crash arrive and the grader can name the call that crashed.
// Compiled once per game: WORKER_DOTSTRIANGLES 0 for dotsboxes, 1 for dotstriangles.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "harness/call_wire.h"
#include "harness/submission_answers.h"

#if WORKER_DOTSTRIANGLES
__attribute__((weak)) void printGrid(long long grid);
#define WORKER_DISPLAY printGrid
#else
__attribute__((weak)) void displayGrid(long long grid);
#define WORKER_DISPLAY displayGrid
#endif
__attribute__((weak)) bool isFilled(long long grid, int pos);
__attribute__((weak)) int playerScore(long long grid, int p);
__attribute__((weak)) void updateGrid(long long &grid, int pos, int p);
__attribute__((weak)) int gameState(long long grid);

namespace {

using namespace dotslab::harness;

// Answers go to a copy of the original standard output, buffered (or not: careful).
class AnswerStream {
  public:
    AnswerStream(int fd, bool careful) : fd_(fd), careful_(careful) {}
    ~AnswerStream() { flush(); }
    void add(Op op, const Answer &answer) {
        appendAnswer(buffer_, op, answer);
        if (careful_ || buffer_.size() >= (1u << 16)) flush();
    }
    void addPresent(unsigned char present) {
        appendPresent(buffer_, present);
        flush();
    }
    void flush() {
        for (std::size_t done = 0; done < buffer_.size();) {
            const ssize_t n = write(fd_, buffer_.data() + done, buffer_.size() - done);
            if (n <= 0) std::_Exit(2);
            done += static_cast<std::size_t>(n);
        }
        buffer_.clear();
    }

  private:
    int fd_;
    bool careful_;
    std::string buffer_;
};

// Returns everything on standard input.
std::string allInput() {
    std::string bytes;
    char buffer[1 << 16];
    for (ssize_t n; (n = read(STDIN_FILENO, buffer, sizeof buffer)) != 0;)
        if (n > 0) bytes.append(buffer, static_cast<std::size_t>(n));
        else std::_Exit(2);
    return bytes;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    const std::string calls = allInput();
    // What the student's code prints to standard output outside a display call goes
    // nowhere; input is always at its end.
    const int answers = dup(STDOUT_FILENO), nowhere = open("/dev/null", O_RDWR);
    if (answers < 0 || nowhere < 0 || dup2(nowhere, STDOUT_FILENO) < 0 || dup2(nowhere, STDIN_FILENO) < 0)
        return 2;
    AnswerStream out(answers, std::string(argv[1]) == "1");

    const FunctionTable functions = {WORKER_DISPLAY, isFilled, playerScore, updateGrid, gameState};
    unsigned char present = 0;
    for (int k = 0; k < kOpCount; ++k)
        if (defines(functions, static_cast<Op>(k))) present |= presentBit(static_cast<Op>(k));
    out.addPresent(present);
    Call call;
    for (std::size_t at = 0; readCall(calls, at, call);)
        if (defines(functions, call.op)) out.add(call.op, answerOf(functions, call));
    return 0;
}
