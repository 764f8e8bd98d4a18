#include "function_checks.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>

#include "harness/function_calls.h"
#include "harness/grid_checks.h"

namespace dotslab::grader {
namespace {

using namespace dotslab_harness;

constexpr double kRunSeconds = 20;     // one worker run
constexpr double kCarefulSeconds = 5;  // a re-run that finds the call that failed
constexpr int kMostRestarts = 20;      // crashes tolerated in one suite
constexpr long kAnswerLimitKb = 256 * 1024;

// Reads the answers in a worker's output, in order.
class AnswerReader {
  public:
    explicit AnswerReader(const std::string &bytes) : bytes_(bytes) {}
    bool header(unsigned char &present) {
        if (bytes_.empty()) return false;
        present = static_cast<unsigned char>(bytes_[0]);
        at_ = 1;
        return true;
    }
    // Reads the next answer to a call of op; false if the output ends first.
    bool next(Op op, Answer &answer) {
        if (op != Op::kDisplay) return number(answer.value);
        long long length = 0;
        if (!fixed(4, length) || bytes_.size() - at_ < static_cast<std::size_t>(length)) return false;
        answer.text = bytes_.substr(at_, static_cast<std::size_t>(length));
        at_ += static_cast<std::size_t>(length);
        return true;
    }

  private:
    bool number(long long &value) { return fixed(8, value); }
    bool fixed(int size, long long &value) {
        if (bytes_.size() - at_ < static_cast<std::size_t>(size)) return false;
        std::uint64_t v = 0;
        for (int k = 0; k < size; ++k)
            v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[at_ + k])) << (8 * k);
        at_ += static_cast<std::size_t>(size);
        value = static_cast<long long>(v);
        return true;
    }
    const std::string &bytes_;
    std::size_t at_ = 0;
};

// Returns how a worker run that stopped early ended, in the words of the call it made.
std::string stoppedAt(const std::string &call, const RunResult &run, double seconds) {
    if (run.timedOut)
        return call + " never returned (stopped after " + std::to_string(static_cast<int>(seconds)) +
               " s); the calls after it were not made";
    if (run.outputLimited) return call + " printed far too much; the calls after it were not made";
    if (run.signal != 0)
        return call + " crashed: " + run.ending() + (run.signal == 11 ? ", a memory access violation" : "");
    return call + " ended the program (" + run.ending() +
           "): the submission called exit() inside a mandated function, which must return to its caller";
}

// Returns the limits of a worker run (its time depends on the run).
Limits workerLimits() {
    Limits limits;
    limits.seconds = kRunSeconds;
    limits.memoryMb = DOTSGRADE_SANITIZED ? 0 : 1024;
    limits.outputKb = kAnswerLimitKb;
    return limits;
}

RunResult runWorker(const SandboxHolder &sandbox, const std::string &suite, std::size_t from, bool careful,
                    int slot) {
    RunRequest request;
    request.holder = &sandbox;
    request.program = sandbox.program();
    request.args = {suite, std::to_string(from), careful ? "1" : "0"};
    request.limits = workerLimits();
    request.limits.seconds = careful ? kCarefulSeconds : kRunSeconds;
    request.slot = slot;
    return runProgram(request);
}

// Returns the stream a worker whose functions all agree with the model writes for suite
// (after its first byte), made once per process: a batch compares every student's stream
// with it at the speed of memcmp, and walks the calls only where one differs.
const std::string &modelStream(const std::string &suite, const PackedGame &game) {
    static std::mutex mutex;
    static std::map<std::pair<const PackedGame *, std::string>, std::string> streams;
    std::lock_guard<std::mutex> lock(mutex);
    const auto [entry, made] = streams.try_emplace({&game, suite});
    std::string &stream = entry->second;  // a plain name: lambdas cannot capture structured bindings in C++17
    if (made)
        forEachCall(suite, game, 0, [&](std::size_t, const Call &call) {
            appendAnswer(stream, call.op, modelAnswer(game, call));
            return true;
        });
    return stream;
}

constexpr unsigned char kAllFunctions = (1u << kOpCount) - 1;

}  // namespace

void prepareFunctionJudging(const PackedGame &game) {
    for (const std::string &suite : suiteNames()) modelStream(suite, game);
}

SuiteVerdict judgeFunctions(const std::string &worker, const std::string &suite, const PackedGame &game,
                            int slot) {
    const SubmissionApi names{game,
                              nullptr,
                              nullptr,
                              nullptr,
                              nullptr,
                              nullptr,
                              game.kind == PackedGame::Kind::kDotsboxes ? "displayGrid" : "printGrid"};
    std::map<Op, CheckReport> reports;  // per function, in Op order
    std::vector<std::string> problems;  // crashes, hangs, exits
    auto reportOf = [&](Op op) -> CheckReport & {
        return reports.try_emplace(op, functionName(op, names)).first->second;
    };

    std::size_t from = 0;
    bool careful = false;
    const SandboxHolder sandbox(worker, workerLimits());  // one for the suite's every restart
    for (int restarts = 0;;) {
        const RunResult run = runWorker(sandbox, suite, from, careful, slot);
        AnswerReader reader(run.out);
        unsigned char present = 0;
        if (!reader.header(present)) {
            problems.push_back("the functions' process ended before making any call (" + run.ending() +
                               "): a global object whose constructor ends the program?" +
                               (run.err.empty() ? "" : "\nit said: " + run.err.substr(0, 500)));
            forEachCall(suite, game, from, [&](std::size_t, const Call &call) {
                ++reportOf(call.op).calls;
                ++reportOf(call.op).failures;
                return true;
            });
            break;
        }
        if (from == 0 && present == kAllFunctions && run.exited() && run.status == 0 &&
            std::string_view(run.out).substr(1) == modelStream(suite, game))
            break;  // every answer is the model's
        // Judge the answers in order; `stopped` is the first call left unanswered.
        std::optional<std::pair<std::size_t, Call>> stopped;
        forEachCall(suite, game, from, [&](std::size_t i, const Call &call) {
            CheckReport &report = reportOf(call.op);
            if (!(present >> static_cast<int>(call.op) & 1)) {
                ++report.calls;
                report.fail("missing mandated function: " +
                            prototype(names, functionName(call.op, names).c_str()));
                return true;
            }
            Answer got;
            if (!reader.next(call.op, got)) {
                stopped = {i, call};
                return false;
            }
            ++report.calls;
            const Answer want = modelAnswer(game, call);
            if (got == want) return true;
            report.fail(mismatchText(call, want, got, names));
            return true;
        });
        if (!stopped) break;
        if (!careful) {  // find the very call that failed: answers are flushed one by one
            careful = true;
            from = stopped->first;
            continue;
        }
        problems.push_back(stoppedAt(callText(stopped->second, names), run, kCarefulSeconds));
        ++reportOf(stopped->second.op).calls;
        ++reportOf(stopped->second.op).failures;
        if (run.timedOut || run.outputLimited || ++restarts > kMostRestarts) break;
        from = stopped->first + 1;
        careful = false;
    }

    SuiteVerdict verdict;
    verdict.passed = problems.empty();
    for (const std::string &problem : problems) verdict.output += problem + "\n";
    std::map<std::string, bool> missingSaid;
    for (const auto &[op, report] : reports) {
        if (report.ok()) continue;
        verdict.passed = false;
        // A missing function is said once, not once per call.
        if (!report.examples.empty() && report.examples[0].rfind("missing mandated function", 0) == 0) {
            verdict.output += report.examples[0] + "\n";
            continue;
        }
        verdict.output += report.summary() + "\n";
    }
    return verdict;
}

}  // namespace dotslab::grader
