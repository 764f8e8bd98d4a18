// function_worker — the student's mandated functions in a process of their own, for the
// grader: it makes the calls of one suite and streams the answers; it judges nothing.
//
//   <worker> SUITE FROM CAREFUL
//
// Standard output receives one byte saying which functions exist (bit k for Op k), then
// the answer to every call of SUITE from index FROM on whose function exists: 8 bytes
// (the value, little-endian) for a number, or 4 bytes of length and the text for what a
// display function printed. With CAREFUL 1 every answer is flushed at once, so that all
// answers before a crash arrive and the grader can name the call that crashed.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "harness/function_calls.h"

namespace {

using namespace dotslab_harness;

// Answers go to a copy of the original standard output, buffered (or not: careful).
class AnswerStream {
  public:
    AnswerStream(int fd, bool careful) : fd_(fd), careful_(careful) {}
    ~AnswerStream() { flush(); }
    void add(Op op, const Answer &answer) {
        appendAnswer(buffer_, op, answer);
        if (careful_ || buffer_.size() >= (1u << 16)) flush();
    }
    void add(unsigned char byte) {
        buffer_ += static_cast<char>(byte);
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

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    const std::string suite = argv[1];
    const long from = std::atol(argv[2]);
    // What the student's code prints to standard output outside a display call goes
    // nowhere; input is always at its end.
    const int answers = dup(STDOUT_FILENO), nowhere = open("/dev/null", O_RDWR);
    if (answers < 0 || nowhere < 0 || dup2(nowhere, STDOUT_FILENO) < 0 || dup2(nowhere, STDIN_FILENO) < 0)
        return 2;
    AnswerStream out(answers, std::string(argv[3]) == "1");

    const SubmissionApi &api = submission();
    unsigned char present = 0;
    for (int k = 0; k < kOpCount; ++k)
        if (defines(api, static_cast<Op>(k))) present |= static_cast<unsigned char>(1u << k);
    out.add(present);

    forEachCall(suite, api.model, static_cast<std::size_t>(std::max(0L, from)),
                [&](std::size_t, const Call &call) {
                    if (!defines(api, call.op)) return true;
                    out.add(call.op, submissionAnswer(api, call));
                    return true;
                });
    return 0;
}
