#include "function_checks.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
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

// A worker run's limits, in processor time and on the wall clock (which only stops a
// function that sleeps). All of a suite's calls first run together, briefly: the model
// answers them in milliseconds. Where they run out, each function's calls run alone,
// with time enough for any sensible function; the careful re-runs that find the call to
// blame give each call little.
enum class RunKind { kTogether, kAlone, kCareful };
struct RunTime {
    double seconds, wallSeconds;
};
constexpr RunTime kTogether{2, 30};
constexpr RunTime kAlone{10, 120};
constexpr RunTime kCareful{2, 30};
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

// Returns how a careful worker run that stopped at call ended, in the words of the call.
std::string stoppedAt(const std::string &call, const RunResult &run) {
    const std::string rest = "; the calls of it after this one were not made";
    if (run.timedOut)
        return call + " never returned (stopped after " +
               std::to_string(static_cast<int>(kCareful.wallSeconds)) + " s on the clock)" + rest;
    if (run.outputLimited) return call + " printed far too much" + rest;
    if (run.cpuLimited)
        return call + " did not return within the processor time one call may take (" +
               std::to_string(static_cast<int>(kCareful.seconds)) + " s)" + rest;
    if (run.signal != 0)
        return call + " crashed: " + run.ending() + (run.signal == 11 ? ", a memory access violation" : "");
    return call + " ended the program (" + run.ending() +
           "): the submission called exit() inside a mandated function, which must return to its caller";
}

// Returns the limits of a worker run (its time depends on the run).
Limits workerLimits() {
    Limits limits;
    limits.seconds = kAlone.seconds;
    limits.memoryMb = DOTSGRADE_SANITIZED ? 0 : 1024;
    limits.outputKb = kAnswerLimitKb;
    return limits;
}

// A suite's calls, in order, and the same as the worker reads them (call_wire.h).
struct SuiteCalls {
    std::vector<Call> calls;
    std::string stream;
};

// Returns suite's calls, made once per process.
const SuiteCalls &callsOf(const std::string &suite, const PackedGame &game) {
    static std::mutex mutex;
    static std::map<std::pair<const PackedGame *, std::string>, SuiteCalls> made;
    std::lock_guard<std::mutex> lock(mutex);
    const auto [entry, fresh] = made.try_emplace({&game, suite});
    SuiteCalls &calls = entry->second;
    if (fresh)
        forEachCall(suite, game, 0, [&](std::size_t, const Call &call) {
            calls.calls.push_back(call);
            appendCall(calls.stream, call);
            return true;
        });
    return calls;
}

// Runs the worker on input (calls as call_wire.h writes them).
RunResult runWorker(const SandboxHolder &sandbox, std::string input, RunKind kind) {
    const RunTime time = kind == RunKind::kTogether ? kTogether : kind == RunKind::kAlone ? kAlone : kCareful;
    RunRequest request;
    request.holder = &sandbox;
    request.program = sandbox.program();
    request.args = {kind == RunKind::kCareful ? "1" : "0"};
    request.input = std::move(input);
    request.limits = workerLimits();
    request.limits.seconds = time.seconds;
    request.limits.wallSeconds = time.wallSeconds;
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
    bool tooSlow = false;  // its calls, on their own, outlasted a run: none was judged
    bool allModel = false;  // every answer of the whole suite was the model's, byte for byte
    std::vector<std::pair<Call, Answer>> given;  // otherwise: every answer read, as given
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

// Returns true if suite makes any call of op's function on game.
bool suiteCalls(const std::string &suite, const PackedGame &game, Op op) {
    const std::vector<Call> &calls = callsOf(suite, game).calls;
    return std::any_of(calls.begin(), calls.end(), [op](const Call &call) { return call.op == op; });
}

// Returns the suite whose calls check op's function on every checked grid.
const char *gridSuite(Op op) { return op == Op::kDisplay ? "rendering" : "equivalence"; }

// How judging some of a suite's calls ended.
enum class Ending {
    kAnswered,  // every call answered, or charged where it crashed
    kStopped,   // a call charged for hanging or printing too much, or too many crashes: the rest not made
    kTooSlow,   // the calls outlasted their runs with no one call to blame (together: any run
                // out of time or output, or too many crashes)
};

// Judges the calls of suite at positions todo (in order) into judged: runs the worker,
// and after a run that stops early, a careful one (every answer flushed) from the first
// call left unanswered, to find the very call that failed. A call that crashed is charged
// and the calls after it go on in a new run; one where a careful run ran out of time
// before answering it, or that printed too much, is charged and ends the judging. With
// `together` (every call of the suite), running out of time or output ends it at once:
// the caller judges each function on its own instead.
Ending judgeCalls(const SandboxHolder &sandbox, const SuiteCalls &suite, const std::vector<std::size_t> &todo,
                  bool together, const std::string &suiteName, const PackedGame &game, CompareMode mode,
                  SuiteJudgement &judged) {
    const SubmissionApi names = namesOf(game);
    auto of = [&](Op op) -> Judged & {
        return judged.try_emplace(op, functionName(op, names)).first->second;
    };
    std::size_t from = 0;  // into todo
    bool careful = false;
    int ranOutCareful = 0;  // careful runs that answered calls, then ran out of time
    bool ranOut = false;    // a run (not careful) ran out of time: the calls are too slow unless one hangs
    for (int restarts = 0;;) {
        std::string input;
        if (together) {
            input = suite.stream.substr(from * kCallBytes);  // todo is every call
        } else {
            for (std::size_t k = from; k < todo.size(); ++k) appendCall(input, suite.calls[todo[k]]);
        }
        const RunKind kind = careful ? RunKind::kCareful : together ? RunKind::kTogether : RunKind::kAlone;
        const RunResult run = withWorkingSandbox(runWorker(sandbox, input, kind),
                                                 [&] { return runWorker(sandbox, input, kind); });
        AnswerReader reader(run.out);
        unsigned char present = 0;
        if (!reader.header(present)) {
            const std::string problem = "the functions' process ended before making any call (" +
                                        run.ending() +
                                        "): a global object whose constructor ends the program?" +
                                        (run.err.empty() ? "" : "\nit said: " + run.err.substr(0, 500));
            for (std::size_t k = from; k < todo.size(); ++k) {
                Judged &j = of(suite.calls[todo[k]].op);
                ++j.report.calls;
                ++j.report.failures;
                if (j.problems.empty()) j.problems.push_back(problem);
            }
            return Ending::kAnswered;
        }
        if (together && from == 0 && present == kAllPresent && run.exited() && run.status == 0 &&
            std::string_view(run.out).substr(kPresentBytes) == modelStream(suiteName, game)) {
            for (const Call &call : suite.calls) {  // every answer is the model's
                Judged &j = of(call.op);
                ++j.report.calls;
                j.allModel = true;
            }
            return Ending::kAnswered;
        }
        // Judge the answers in order; `stopped` is the first call left unanswered.
        std::optional<std::size_t> stopped;
        for (std::size_t k = from; k < todo.size() && !stopped; ++k) {
            const Call &call = suite.calls[todo[k]];
            Judged &j = of(call.op);
            if (!(present & presentBit(call.op))) {
                ++j.report.calls;
                j.missing =
                    "missing mandated function: " + prototype(names, functionName(call.op, names).c_str());
                continue;
            }
            Answer got;
            if (!reader.next(call.op, got)) {
                stopped = k;
                break;
            }
            ++j.report.calls;
            j.given.push_back({call, got});
            const Answer want = modelAnswer(game, call);
            if (!answersMatch(call.op, want, got, mode)) {
                j.report.fail(mismatchText(call, want, got, names));
                if (j.wrong.size() < kMostWrongKept)
                    j.wrong.push_back({call, got});
                else
                    j.tooWrong = true;
                if (call.op == Op::kDisplay && mostLinesAlike(want.text, got.text)) ++j.nearlyRight;
            }
        }
        // Calls that outlast their run are too slow, even where careful runs, with time of
        // their own, answer the rest: one limit, the run's, decides.
        if (!stopped) return ranOut ? Ending::kTooSlow : Ending::kAnswered;
        const bool outOfTime = run.timedOut || run.cpuLimited;
        if (together && (outOfTime || run.outputLimited)) return Ending::kTooSlow;
        if (!careful) {
            ranOut = outOfTime;
            careful = true;
            from = *stopped;
            continue;
        }
        // A careful run answers calls its slow predecessor had made but not yet flushed, so
        // one that answered some before running out starts again from there: the call it
        // then cannot answer is to blame. Twice so, the calls are slow together.
        if (outOfTime && *stopped > from) {
            if (++ranOutCareful > 1) return Ending::kTooSlow;
            from = *stopped;
            continue;
        }
        const Call &call = suite.calls[todo[*stopped]];
        Judged &j = of(call.op);
        j.problems.push_back(stoppedAt(callText(call, names), run));
        ++j.report.calls;
        ++j.report.failures;
        if (outOfTime || run.outputLimited || ++restarts > kMostRestarts)
            return together ? Ending::kTooSlow : Ending::kStopped;
        from = *stopped + 1;
        careful = false;
        ranOutCareful = 0;
    }
}

// Runs suite's calls in worker and judges every answer: all of them in one run, as long as
// they finish. Where they run out of time or output, or crash too often, each function's
// calls are judged again on their own (the others' left out), from the first: one
// function's slowness is never charged to another, and never leaves another's calls
// unjudged, and where time runs out never depends on the machine's load.
SuiteJudgement judgeSuite(const std::string &worker, const std::string &suite, const PackedGame &game,
                          CompareMode mode) {
    const SuiteCalls &calls = callsOf(suite, game);
    const SandboxHolder sandbox(worker, workerLimits());  // one for the suite's every run
    SuiteJudgement judged;
    std::vector<std::size_t> every(calls.calls.size());
    for (std::size_t k = 0; k < every.size(); ++k) every[k] = k;
    if (judgeCalls(sandbox, calls, every, true, suite, game, mode, judged) != Ending::kTooSlow) return judged;

    judged.clear();
    for (int k = 0; k < kOpCount; ++k) {
        const Op op = static_cast<Op>(k);
        std::vector<std::size_t> own;
        for (std::size_t i = 0; i < calls.calls.size(); ++i)
            if (calls.calls[i].op == op) own.push_back(i);
        if (own.empty()) continue;
        // A time verdict moves with the machine's load (adversary round 21: 94 and 100 for
        // one file in a row): it holds only where a second try runs out too.
        SuiteJudgement alone;
        if (judgeCalls(sandbox, calls, own, false, suite, game, mode, alone) == Ending::kTooSlow &&
            (alone.clear(), judgeCalls(sandbox, calls, own, false, suite, game, mode, alone)) ==
                Ending::kTooSlow) {
            Judged slow(functionName(op, namesOf(game)));
            slow.tooSlow = true;
            slow.report.calls = static_cast<long long>(own.size());
            slow.problems.push_back(
                slow.report.function + " is too slow: its " + std::to_string(own.size()) +
                " calls here, on their own, did not finish within " +
                std::to_string(static_cast<int>(kAlone.seconds)) +
                " s of processor time (the sample solution's take a few milliseconds), so "
                "none of them was judged");
            alone.insert_or_assign(op, std::move(slow));
        }
        judged.insert(alone.begin(), alone.end());
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
            wrong += found->second.tooSlow ? found->second.report.calls
                                           : found->second.report.failures - found->second.nearlyRight;
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

bool mostLinesAlike(const std::string &want, const std::string &got) {
    auto linesOf = [](std::string_view rest) {
        std::vector<std::string_view> lines;
        while (!rest.empty()) {  // a last line without its newline is a line too
            const std::size_t end = rest.find('\n');
            lines.push_back(rest.substr(0, end));
            if (end == std::string_view::npos) break;
            rest.remove_prefix(end + 1);
        }
        return lines;
    };
    const std::vector<std::string_view> wanted = linesOf(want), gotten = linesOf(got);
    std::size_t same = 0;
    for (std::size_t k = 0; k < std::min(wanted.size(), gotten.size()); ++k) same += wanted[k] == gotten[k] ? 1 : 0;
    return 2 * same > std::max(wanted.size(), gotten.size());
}

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
    request.limits.wallSeconds = kAlone.wallSeconds;
    const RunResult run = withWorkingSandbox(runProgram(request), [&] { return runProgram(request); });
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

// Adds to answers every answer the student's functions gave in suite, where every call of
// the function there was answered.
void addJudgedAnswers(const std::string &suite, const SuiteJudgement &judged, const PackedGame &game,
                      RecordedAnswers &answers) {
    const SuiteCalls &calls = callsOf(suite, game);
    std::map<Op, long long> callCount;
    for (const Call &call : calls.calls) ++callCount[call.op];
    for (const auto &[op, j] : judged) {
        if (!j.problems.empty() || !j.missing.empty() || j.tooWrong || j.tooSlow ||
            j.report.calls != callCount[op])
            continue;
        if (j.allModel) {
            for (const Call &call : calls.calls)
                if (call.op == op) answers.emplace(call, modelAnswer(game, call));
        } else {
            answers.insert(j.given.begin(), j.given.end());
        }
    }
}

void prepareFunctionJudging(const PackedGame &game) {
    for (const std::string &suite : suiteNames()) {
        modelStream(suite, game);
        callsOf(suite, game);
    }
}

std::vector<FunctionVerdict> judgeFunctions(const std::string &worker, const CalledBy &calledBy,
                                            const PackedGame &game, CompareMode mode,
                                            RecordedAnswersMaker &recorded) {
    // Step 1: every suite at once, with all of the student's functions; each thread
    // writes only its own suite's judgement.
    const std::vector<std::string> &suites = suiteNames();
    const auto judged = std::make_shared<std::vector<SuiteJudgement>>(suites.size());
    runTogether(suites.size(),
                [&](std::size_t k) { (*judged)[k] = judgeSuite(worker, suites[k], game, mode); });
    auto of = [&](const std::string &suite) -> const SuiteJudgement & {
        return (*judged)[static_cast<std::size_t>(std::find(suites.begin(), suites.end(), suite) -
                                                  suites.begin())];
    };
    // The answers each function gave where it is judged: explanations, here and in the
    // games, take them as given.
    recorded = [judged, &game] {
        RecordedAnswers answers;
        for (std::size_t k = 0; k < judged->size(); ++k)
            addJudgedAnswers(suiteNames()[k], (*judged)[k], game, answers);
        return answers;
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
    // The answers are those each function gave where it is judged, wherever it was asked
    // there; the rest are asked, and all of them must come again in another order. A
    // function that keeps state could otherwise answer the explanations' questions as no
    // check of it saw (adversary round 9: playerScore wrong until the program had made
    // 90,000 calls explained every picture of a wrong displayGrid, and won it).
    const RecordedAnswers given = recorded();
    AskedAnswers asked(worker, &given);
    const std::vector<Explained> explained = explainedAnswers(asked, game, wrong, mode);
    if (!asked.sameInAnyOrder()) return verdicts;
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
