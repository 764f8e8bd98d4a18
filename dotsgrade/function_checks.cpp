#include "function_checks.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <tuple>

#include "harness/function_calls.h"
#include "harness/grid_checks.h"
#include "not_graded.h"
#include "through_functions.h"
#include "together.h"

namespace dotslab::grader {
namespace {

using namespace dotslab::harness;

constexpr double kRunSeconds = 20;     // one worker run
constexpr double kCarefulSeconds = 5;  // a re-run that finds the call that failed
constexpr double kWallSeconds = 120;   // either, on the wall clock
constexpr int kMostRestarts = 20;      // crashes tolerated in one suite
constexpr long kAnswerLimitKb = 256 * 1024;

// Reads the answers in a worker's output, in order (call_wire.h).
class AnswerReader {
  public:
    explicit AnswerReader(const std::string &bytes) : bytes_(bytes) {}
    // Reads which functions exist; false if the output has no header.
    bool header(unsigned char &present) { return readPresent(bytes_, at_, present); }
    // Reads the next answer to a call of op; false if the output ends first.
    bool next(Op op, Answer &answer) { return readAnswer(bytes_, at_, op, answer); }

  private:
    const std::string &bytes_;
    std::size_t at_ = 0;
};

// Returns how a worker run that stopped early ended, in the words of the call it made.
std::string stoppedAt(const std::string &call, const RunResult &run, double seconds) {
    if (run.timedOut)
        return call + " never returned (stopped after " + std::to_string(static_cast<int>(seconds)) +
               " s); the calls after it were not made";
    if (run.outputLimited) return call + " printed far too much; the calls after it were not made";
    if (run.cpuLimited)
        return call + " used up the processor time of the whole run (" + run.ending() +
               "); the calls after it were not made";
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

// Returns suite's calls as the worker reads them (call_wire.h), made once per process.
const std::string &callStream(const std::string &suite, const PackedGame &game) {
    static std::mutex mutex;
    static std::map<std::pair<const PackedGame *, std::string>, std::string> streams;
    std::lock_guard<std::mutex> lock(mutex);
    const auto [entry, fresh] = streams.try_emplace({&game, suite});
    std::string &stream = entry->second;
    if (fresh)
        forEachCall(suite, game, 0, [&](std::size_t, const Call &call) {
            appendCall(stream, call);
            return true;
        });
    return stream;
}

// Runs the worker on suite's calls from index `from` on.
RunResult runWorker(const SandboxHolder &sandbox, const std::string &suite, const PackedGame &game,
                    std::size_t from, bool careful) {
    RunRequest request;
    request.holder = &sandbox;
    request.program = sandbox.program();
    request.args = {careful ? "1" : "0"};
    const std::string &calls = callStream(suite, game);
    request.input = calls.substr(std::min(calls.size(), from * kCallBytes));
    request.limits = workerLimits();
    request.limits.seconds = careful ? kCarefulSeconds : kRunSeconds;
    // Processor time decides, never the machine's load: the wall clock only stops a
    // function that sleeps.
    request.limits.wallSeconds = kWallSeconds;
    return runProgram(request);
}

// Returns the stream a worker whose functions all agree with the model writes for suite
// (after its header), made once per process: a batch compares every student's stream
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

// What one suite's calls of one function came to.
struct Judged {
    explicit Judged(std::string function) : report(std::move(function)) {}
    CheckReport report;
    std::vector<std::string> problems;  // the calls that crashed, hung, exited or printed too much
    std::string missing;                // "missing mandated function: …" ("" if it is defined)
    long long nearlyRight = 0;          // of the wrong answers: pictures with most lines right
    // The wrong answers, each with its call (at most kMostWrongKept: past that, a function
    // is too wrong for its answers to be explained by others').
    std::vector<std::pair<Call, Answer>> wrong;
    bool tooWrong = false;
    bool ok() const { return missing.empty() && problems.empty() && report.ok(); }
};
constexpr std::size_t kMostWrongKept = 100000;
using SuiteJudgement = std::map<Op, Judged>;


SubmissionApi namesOf(const PackedGame &game) {
    return {game,
            nullptr,
            nullptr,
            nullptr,
            nullptr,
            nullptr,
            game.kind == PackedGame::Kind::kDotsboxes ? "displayGrid" : "printGrid"};
}

// Returns true if got has most of want's lines (three in four, in their places): a picture
// with one line wrong (a space too many before a score) is one mistake, not no picture.
bool mostLinesAlike(const std::string &want, const std::string &got) {
    auto linesOf = [](std::string_view rest) {
        std::vector<std::string_view> lines;
        for (std::size_t end; !rest.empty(); rest.remove_prefix(std::min(rest.size(), end + 1))) {
            end = rest.find('\n');
            lines.push_back(rest.substr(0, end));
        }
        return lines;
    };
    const std::vector<std::string_view> wanted = linesOf(want), gotten = linesOf(got);
    std::size_t same = 0;
    for (std::size_t k = 0; k < std::min(wanted.size(), gotten.size()); ++k) same += wanted[k] == gotten[k] ? 1 : 0;
    return 4 * same >= 3 * std::max(wanted.size(), gotten.size()) && !wanted.empty();
}

// Returns true if suite makes any call of op's function on game.
bool suiteCalls(const std::string &suite, const PackedGame &game, Op op) {
    bool any = false;
    forEachCall(suite, game, 0, [&](std::size_t, const Call &call) { return !(any = call.op == op); });
    return any;
}

// Returns the suite whose calls check op's function on every checked grid.
const char *gridSuite(Op op) { return op == Op::kDisplay ? "rendering" : "equivalence"; }

// Runs suite's calls in worker and judges every answer.
SuiteJudgement judgeSuite(const std::string &worker, const std::string &suite, const PackedGame &game,
                          CompareMode mode) {
    const SubmissionApi names = namesOf(game);
    SuiteJudgement judged;
    auto of = [&](Op op) -> Judged & {
        return judged.try_emplace(op, functionName(op, names)).first->second;
    };

    std::size_t from = 0;
    bool careful = false;
    const SandboxHolder sandbox(worker, workerLimits());  // one for the suite's every restart
    for (int restarts = 0;;) {
        const RunResult run = runWorker(sandbox, suite, game, from, careful);
        AnswerReader reader(run.out);
        unsigned char present = 0;
        if (!reader.header(present)) {
            requireWorkingSandbox(run);
            const std::string problem = "the functions' process ended before making any call (" +
                                        run.ending() +
                                        "): a global object whose constructor ends the program?" +
                                        (run.err.empty() ? "" : "\nit said: " + run.err.substr(0, 500));
            forEachCall(suite, game, from, [&](std::size_t, const Call &call) {
                Judged &j = of(call.op);
                ++j.report.calls;
                ++j.report.failures;
                if (j.problems.empty()) j.problems.push_back(problem);
                return true;
            });
            break;
        }
        if (from == 0 && present == kAllPresent && run.exited() && run.status == 0 &&
            std::string_view(run.out).substr(kPresentBytes) == modelStream(suite, game))
            break;  // every answer is the model's
        // Judge the answers in order; `stopped` is the first call left unanswered.
        std::optional<std::pair<std::size_t, Call>> stopped;
        forEachCall(suite, game, from, [&](std::size_t i, const Call &call) {
            Judged &j = of(call.op);
            if (!(present & presentBit(call.op))) {
                ++j.report.calls;
                j.missing =
                    "missing mandated function: " + prototype(names, functionName(call.op, names).c_str());
                return true;
            }
            Answer got;
            if (!reader.next(call.op, got)) {
                stopped = {i, call};
                return false;
            }
            ++j.report.calls;
            const Answer want = modelAnswer(game, call);
            if (!answersMatch(call.op, want, got, mode)) {
                j.report.fail(mismatchText(call, want, got, names));
                if (j.wrong.size() < kMostWrongKept)
                    j.wrong.push_back({call, got});
                else
                    j.tooWrong = true;
                if (call.op == Op::kDisplay && mostLinesAlike(want.text, got.text)) ++j.nearlyRight;
            }
            return true;
        });
        if (!stopped) break;
        if (!careful) {  // find the very call that failed: answers are flushed one by one
            careful = true;
            from = stopped->first;
            continue;
        }
        requireWorkingSandbox(run);
        Judged &j = of(stopped->second.op);
        j.problems.push_back(stoppedAt(callText(stopped->second, names), run, kWallSeconds));
        ++j.report.calls;
        ++j.report.failures;
        if (run.timedOut || run.outputLimited || run.cpuLimited || ++restarts > kMostRestarts) break;
        from = stopped->first + 1;
        careful = false;
    }
    return judged;
}

// Returns what one check of a function found, in a few lines ("" if it passed).
std::string checkText(const char *check, const SuiteJudgement &suite, Op op) {
    const auto found = suite.find(op);
    if (found == suite.end() || found->second.ok()) return "";
    const Judged &j = found->second;
    std::string text;
    for (const std::string &problem : j.problems) text += problem + "\n";
    if (!j.report.ok()) {
        text += check + std::string(": ") + std::to_string(j.report.failures) + " of " +
                std::to_string(j.report.calls) + " calls differ from the sample solution\n";
        for (const std::string &e : j.report.examples) text += "  " + e + "\n";
        if (j.report.failures > static_cast<long long>(j.report.examples.size())) text += "  ...\n";
    }
    return text;
}

// Returns the verdict on op's function from its calls in the two suites that check it.
FunctionVerdict verdictOn(Op op, const PackedGame &game, const SuiteJudgement &examples,
                          const SuiteJudgement &grids) {
    FunctionVerdict v;
    v.op = op;
    v.function = functionName(op, namesOf(game));
    auto ok = [op](const SuiteJudgement &s) {
        const auto found = s.find(op);
        return found == s.end() || found->second.ok();
    };
    v.gridsPassed = ok(grids);
    // Where the spec has no example of a function (dotsboxes' updateGrid), its examples
    // half is what its checked grids show: nothing is earned for calls never made.
    v.examplesPassed = suiteCalls("spec_examples", game, op) ? ok(examples) : v.gridsPassed;
    long long calls = 0, wrong = 0;
    for (const SuiteJudgement *s : {&examples, &grids})
        if (const auto found = s->find(op); found != s->end()) {
            calls += found->second.report.calls;
            wrong += found->second.report.failures - found->second.nearlyRight;
        }
    v.rightShare = calls == 0 ? 0 : 1 - static_cast<double>(wrong) / static_cast<double>(calls);
    for (const SuiteJudgement *s : {&examples, &grids}) {
        const auto found = s->find(op);
        if (found != s->end() && !found->second.missing.empty()) {
            v.missing = true;  // earns nothing, whichever suites happened to call it
            v.examplesPassed = v.gridsPassed = false;
            v.rightShare = 0;
            v.output = found->second.missing + "\n";  // said once, not once per call
            return v;
        }
    }
    v.output =
        checkText("on the spec's examples", examples, op) + checkText("on every checked grid", grids, op);
    return v;
}

}  // namespace

bool answersMatch(Op op, const Answer &want, const Answer &got, CompareMode mode) {
    if (op != Op::kDisplay) return want.value == got.value;
    return want.text == got.text || normalisedText(want.text, mode) == normalisedText(got.text, mode);
}

std::vector<std::optional<Answer>> answersTo(const std::string &worker, const std::vector<Call> &calls,
                                             bool careful) {
    std::vector<std::optional<Answer>> answers(calls.size());
    RunRequest request;
    request.program = worker;
    request.args = {careful ? "1" : "0"};
    for (const Call &call : calls) appendCall(request.input, call);
    request.limits = workerLimits();
    request.limits.wallSeconds = kWallSeconds;
    const RunResult run = runProgram(request);
    requireWorkingSandbox(run);
    AnswerReader reader(run.out);
    unsigned char present = 0;
    if (!reader.header(present)) return answers;
    for (std::size_t k = 0; k < calls.size(); ++k) {
        if (!(present & presentBit(calls[k].op))) continue;
        Answer answer;
        if (!reader.next(calls[k].op, answer)) break;
        answers[k] = answer;
    }
    return answers;
}

void prepareFunctionJudging(const PackedGame &game) {
    for (const std::string &suite : suiteNames()) {
        modelStream(suite, game);
        callStream(suite, game);
    }
}

std::vector<FunctionVerdict> judgeFunctions(const std::string &worker, const CalledBy &calledBy,
                                            const PackedGame &game, CompareMode mode) {
    // Step 1: every suite at once, with all of the student's functions; each thread
    // writes only its own suite's judgement.
    const std::vector<std::string> &suites = suiteNames();
    std::vector<SuiteJudgement> judged(suites.size());
    runTogether(suites.size(), [&](std::size_t k) { judged[k] = judgeSuite(worker, suites[k], game, mode); });
    auto of = [&](const std::string &suite) -> const SuiteJudgement & {
        return judged[static_cast<std::size_t>(std::find(suites.begin(), suites.end(), suite) - suites.begin())];
    };

    // Step 2: one verdict per function, from the calls of it in every suite.
    std::vector<FunctionVerdict> verdicts;
    for (int k = 0; k < kOpCount; ++k) {
        const Op op = static_cast<Op>(k);
        verdicts.push_back(verdictOn(op, game, of("spec_examples"), of(gridSuite(op))));
    }

    // Step 3: where two or more are wrong, one may be wrong only through another it calls
    // (a display printing playerScore's wrong scores). Each wrong answer of each is asked
    // whether a right function gives the same with the student's other answers
    // (through_functions.h); one that does, through wrong functions it calls, is not
    // charged again here.
    unsigned wrongOps = 0;
    for (const FunctionVerdict &v : verdicts)
        if (v.credit() < 1 && !v.missing) wrongOps |= 1u << static_cast<unsigned>(v.op);
    if (std::bitset<kOpCount>(wrongOps).count() < 2) return verdicts;
    std::vector<std::pair<Call, Answer>> wrong;
    for (const SuiteJudgement *suite : {&of("spec_examples"), &of("equivalence"), &of("rendering")})
        for (const auto &[op, j] : *suite)
            if (wrongOps >> static_cast<unsigned>(op) & 1) wrong.insert(wrong.end(), j.wrong.begin(), j.wrong.end());
    const std::vector<Explained> explained = explainedAnswers(worker, game, wrong, mode);
    std::map<Call, Explained> explanationOf;
    for (std::size_t k = 0; k < wrong.size(); ++k) explanationOf[wrong[k].first] = explained[k];
    const SubmissionApi names = namesOf(game);
    for (FunctionVerdict &v : verdicts) {
        if (!(wrongOps >> static_cast<unsigned>(v.op) & 1)) continue;
        const unsigned callees = calledBy(v.op) & wrongOps & ~(1u << static_cast<unsigned>(v.op));
        // One suite's wrong answers that stay wrong: those not explained through callees.
        std::map<Op, long long> through;  // per callee: the wrong answers it explains
        auto left = [&](const SuiteJudgement &suite, std::vector<std::string> &examples) {
            const auto found = suite.find(v.op);
            if (found == suite.end()) return 0LL;
            const Judged &j = found->second;
            if (!j.problems.empty() || !j.missing.empty() || j.tooWrong) return j.report.failures + 1;
            long long stays = 0;
            for (const auto &[call, got] : j.wrong) {
                const Explained &e = explanationOf[call];
                if (e.explained && e.through != 0 && (e.through & ~callees) == 0) {
                    for (int k = 0; k < kOpCount; ++k)
                        if (e.through >> k & 1) ++through[static_cast<Op>(k)];
                    continue;
                }
                ++stays;
                if (examples.size() < 3)
                    examples.push_back(mismatchText(call, modelAnswer(game, call), got, names));
            }
            return stays;
        };
        std::vector<std::string> stillWrong;
        const long long examplesLeft = left(of("spec_examples"), stillWrong),
                        gridsLeft = left(of(gridSuite(v.op)), stillWrong);
        if (through.empty()) continue;  // nothing of it explained
        FunctionVerdict own = v;
        own.gridsPassed = gridsLeft == 0;
        own.examplesPassed = suiteCalls("spec_examples", game, v.op) ? examplesLeft == 0 : own.gridsPassed;
        if (own.credit() <= v.credit()) continue;
        std::string from;
        for (const auto &[op, count] : through) own.throughOthers |= 1u << static_cast<unsigned>(op);
        for (const auto &[op, count] : through)
            from += (from.empty() ? "" : " and ") + functionName(op, names) + " (" + std::to_string(count) +
                    " of them)";
        own.output = "its wrong answers are what a right " + v.function + " gives with the answers of your " +
                     from + ", which it calls: charged there, not again here\n";
        if (own.credit() == 1) {
            own.output = "right on its own: " + own.output;
        } else {
            own.output += "the rest is still wrong:\n";
            for (const std::string &example : stillWrong) own.output += "  " + example + "\n";
        }
        v = own;
    }    return verdicts;
}

}  // namespace dotslab::grader
