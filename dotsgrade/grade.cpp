#include "grade.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cctype>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include "build.h"
#include "data_files.h"
#include "files/files.h"
#include "files/transcript_case.h"
#include "function_checks.h"
#include "harness/function_calls.h"
#include "packed/console_model.h"
#include "packed/packed_games.h"
#include "process/capped_folder.h"
#include "report.h"
#include "source_rules.h"
#include "text/characters.h"
#include "text/text_diff.h"
#include "through_functions.h"
#include "together.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

// Returns the packed game of dotsboxes or dotstriangles.
const PackedGame &packedGame(const Assignment &assignment) {
    assert(assignment.packed != nullptr);  // only the packed games have mandated functions
    return *assignment.packed;
}

// One run of the whole program: its name, arguments, input and the files it may read.
struct ProgramCase {
    ProgramCase(std::string caseCategory, std::string caseName)
        : category(std::move(caseCategory)), name(std::move(caseName)) {}

    std::string category;  // transcripts, tests, fuzz or robustness
    bool random = false;   // one of the random cases (scored together, see RandomKind)
    std::string name;
    std::string description;
    std::vector<std::string> args;
    std::string input;
    std::optional<std::string> settledInput;  // see FuzzCase
    std::vector<std::string> readings;        // see FuzzCase
    std::vector<std::string> inputFiles;
    std::vector<std::pair<std::string, std::string>> givenFiles;  // see FuzzCase
    std::vector<std::string> saves;  // files it saves in its working folder, compared too
    std::string programName;         // its argv[0]: the name the assignment's text runs it by
    // A --tests case's own .out, .err and .rc: what it expects where it says.
    std::optional<std::string> expectedOut, expectedErr;
    std::optional<int> expectedStatus;
};

// Returns the cases of folder whose name starts with prefix, as one category, each called
// kind + " " + NAME ("transcript dotsboxes-sample", "test quick"); with ownExpected, each
// expects what its NAME.out/.err/.rc say.
std::vector<ProgramCase> casesIn(const fs::path &folder, const std::string &prefix,
                                 const std::string &category, const std::string &kind, bool ownExpected) {
    std::vector<ProgramCase> cases;
    for (const TranscriptCase &files : readTranscriptCases(folder, prefix)) {
        ProgramCase c{category, kind + " " + files.name};
        if (ownExpected) {
            // Saved with CR LF by an editor, they are read with LF: the runs are a Linux
            // program's (a .out with CR LF failed our own reference, adversary round 25 F9).
            if (files.out) c.expectedOut = withoutCarriageReturns(*files.out);
            if (files.err) c.expectedErr = withoutCarriageReturns(*files.err);
            c.expectedStatus = files.status;
        }
        c.input = files.input;
        c.saves = files.saves;
        // An instructor's input saved with CR LF (Notepad, git's autocrlf), or with its last
        // line unended, is judged as the random inputs with CR LF are: no text mentions CR nor
        // an unended line, so a run that differs is charged only where the same game, its
        // lines ended by LF alone, differs too (adversary round 25 F5).
        if (ownExpected && !files.input.empty()) {
            std::string settled = withoutCarriageReturns(files.input);
            if (settled.back() != '\n') settled += '\n';
            if (settled != files.input) c.settledInput = settled;
        }
        for (const std::string &arg : files.args) {
            // An argument naming a file beside the test is handed to the run as that file, by
            // its name: also where it names it as the instructor ran the sample, from the
            // course's folder (`tests/example.txt`: every program failed it, adversary round
            // 25 F9). A test that means another file is told by the check of its expected
            // files against the sample's run (instructorTestProblem).
            const fs::path named(arg);
            const fs::path file = fs::is_regular_file(folder / named) || !named.is_relative() ||
                                          !named.has_parent_path() ||
                                          std::find(named.begin(), named.end(), "..") != named.end()
                                      ? folder / named
                                      : folder / named.filename();
            if (fs::is_regular_file(file)) {
                c.inputFiles.push_back(file.string());
                c.args.push_back(named.filename().string());
            } else {
                c.args.push_back(arg);
            }
        }
        c.description = (files.description.empty() ? "" : files.description + ": ") + "runs with " +
                        files.name + ".in" +
                        (files.args.empty() ? "" : " and arguments '" + files.argsLine().substr(0, 60) + "'");
        cases.push_back(c);
    }
    return cases;
}

// The random cases' categories, and the one test that scores each kind in proportion to
// the cases passed.
struct RandomKind {
    const char *category;
    const char *test;     // "random games"
    const char *cases;    // what one case is called: "random game 7"
    const char *counted;  // what several are called: "3 of 5 random games match"
    const char *what;     // for the plan: "random games of valid moves, played to the end"
    FuzzCase (*Assignment::*make)(std::mt19937 &rng);  // the assignment's generator of one case
    int GradeOptions::*count;                          // how many the options ask for
};
constexpr RandomKind kRandomKinds[] = {
    {"fuzz", "random games", "random game", "random games", "random games of valid moves played to the end",
     &Assignment::validGame, &GradeOptions::fuzzGames},
    {"robustness", "random malformed input", "malformed input", "malformed inputs",
     "random inputs beyond the assignment's promise (junk tokens, end of input mid-game, CR LF, huge lines, "
     "binary)",
     &Assignment::malformedInput, &GradeOptions::malformedInputs}};

// Returns the files run saved, of those the expected run saved, as lines before its output:
// a line naming each, then its lines. A saved file's mistakes are then differences like
// any other, each counted once (one wrong field in every saved game is one mistake).
std::string savedFilesText(const RunResult &expected, const RunResult &run, CompareMode mode) {
    std::string text;
    for (const auto &[name, content] : expected.files) {
        const auto saved = run.files.find(name);
        if (saved == run.files.end()) {
            text += "(no file " + name + " saved)\n";
            continue;
        }
        std::string lines = normalisedText(saved->second, mode);
        if (!lines.empty() && lines.back() != '\n') lines += '\n';  // a final newline is the writer's choice
        text += "(the file " + name + " as saved:)\n" + lines;
    }
    return text;
}

// Returns the random engine of the cases of seed: a number as it was always used (--seed 1
// gives the cases it gave), any other text through all its bytes.
std::mt19937 randomCases(const std::string &seed) {
    if (!seed.empty() && seed.size() <= 9 && std::all_of(seed.begin(), seed.end(), isDigit))
        return std::mt19937(static_cast<std::mt19937::result_type>(std::stoul(seed)));
    std::seed_seq bytes(seed.begin(), seed.end());
    return std::mt19937(bytes);
}

// Returns seed as the report shows it: "" is each submission's own.
std::string seedText(const std::string &seed) { return seed.empty() ? "each submission's own" : seed; }

// Returns every whole-program case: transcripts (those of input beyond the assignment's
// promise are robustness) and our own cases (dotsgrade/cases), --tests (scored with the transcripts unless
// the rubric gives them points of their own), random valid games, random malformed inputs.
std::vector<ProgramCase> programCases(const Assignment &assignment, const GradeOptions &options) {
    std::vector<ProgramCase> cases =
        casesIn(dataFiles().transcripts, assignment.name + "-", "transcripts", "transcript", false);
    for (ProgramCase &c : cases)
        for (const std::string &robust : assignment.robustnessTranscripts)
            if (c.name == "transcript " + robust) c.category = "robustness";
    // Our own cases of what the transcripts never run (boxes' saved games): scored with them.
    std::vector<ProgramCase> ours =
        casesIn(dataFiles().cases, assignment.name + "-", "transcripts", "case", false);
    cases.insert(cases.end(), ours.begin(), ours.end());
    const std::string testsCategory = options.rubric.count("tests") != 0 ? "tests" : "transcripts";
    std::vector<ProgramCase> extra = casesIn(options.testsDir, "", testsCategory, "test", true);
    cases.insert(cases.end(), extra.begin(), extra.end());
    std::mt19937 rng = randomCases(options.seed);
    for (const RandomKind &kind : kRandomKinds) {
        for (int i = 0; i < options.*kind.count; ++i) {
            FuzzCase game = (assignment.*kind.make)(rng);
            ProgramCase c{kind.category, std::string(kind.cases) + " " + std::to_string(i + 1)};
            c.random = true;
            c.args = game.args;
            c.input = game.input;
            c.settledInput = game.settledInput;
            c.readings = game.readings;
            c.givenFiles = game.givenFiles;
            c.saves = game.saves;
            cases.push_back(c);
        }
    }
    for (ProgramCase &c : cases) c.programName = assignment.name;
    return cases;
}

// Returns true if c's exit status is judged: where the assignment's text lists exit statuses
// (boxes), or an instructor's test says one (NAME.rc). The other texts say none ("the
// program exits immediately" at end of input): a program that exits 1 there is within
// them (adversary round 21: 2 points).
bool comparesStatus(const Assignment &assignment, const ProgramCase &c) {
    return assignment.textSettlesExitStatus || c.expectedStatus.has_value();
}

// Returns where the prompt for the move after the input's last ends in expectedOut, the
// expected output of c, where c is an instructor's test whose input so ends mid-game and
// the assignment's text does not settle what a program does then (dotsboxes, dotstriangles,
// eight: our own such transcript, dotsboxes-eof, is robustness, worth nothing); npos
// otherwise.
std::size_t unsettledEndOfInput(const Assignment &assignment, const ProgramCase &c,
                                const std::string &expectedOut) {
    const std::string &prompt = assignment.movePrompt;
    if (assignment.settlesEndOfInput() || prompt.empty() || c.random || c.name.rfind("test ", 0) != 0)
        return std::string::npos;
    std::size_t moves = 0;
    std::istringstream in(c.input);
    for (std::string token; in >> token;) ++moves;
    std::size_t seen = 0;
    for (std::size_t at = expectedOut.find(prompt); at != std::string::npos;
         at = expectedOut.find(prompt, at + prompt.size()))
        if (++seen == moves + 1) return at + prompt.size();
    return std::string::npos;  // the game ended within the input
}

// How many times a run's time limit (processor time) its clock may run.
constexpr double kWallTimes = 4;

RunResult runCase(const std::string &program, const ProgramCase &c, const GradeOptions &options,
                  bool untrusted, const SandboxHolder *holder = nullptr) {
    RunRequest request;
    request.holder = holder;
    request.program = program;
    request.args = c.args;
    request.input = c.input;
    request.inputFiles = c.inputFiles;
    request.givenFiles = c.givenFiles;
    request.collected = c.saves;
    request.name = c.programName;
    request.limits = options.limits;
    // The student's processor time decides, never a loaded machine's clock: the clock
    // stops only a program that waits (sleeps) far past it.
    request.limits.wallSeconds = std::max(request.limits.wallSeconds, kWallTimes * options.limits.seconds + 2);
    request.untrusted = untrusted;
    request.unbuffered = untrusted;  // a stopped program's last words are kept
    return runProgram(request);
}

// Returns what the expected run of a case is: the test's own files where they exist,
// the oracle's run otherwise. Our own dotsboxes and dotstriangles are not even started:
// the common model computes what they print for any input (the harness's whole_program
// suite proves the two agree byte for byte), at a fraction of a process's cost.
// sampleRun, where given, gets the oracle's own run, before the test's files replace it.
RunResult expectedRun(const Assignment &assignment, const ProgramCase &c, const GradeOptions &options,
                      RunResult *sampleRun = nullptr) {
    RunResult expected;
    if (options.sample.empty() && !assignment.functions.empty() && c.args.empty() && c.inputFiles.empty() &&
        c.givenFiles.empty() && c.saves.empty()) {
        const ProgramRun modelled = dotslab::expectedRun(packedGame(assignment), c.input);
        expected.out = modelled.out;
        expected.status = modelled.status;
    } else {
        const std::string oracle =
            options.sample.empty() ? (fs::path(dataFiles().programs) / assignment.referenceProgram()).string()
                                   : fs::absolute(options.sample).string();
        // The oracle is ours and trusted: more time than a student's run, so that a loaded
        // machine slows it without changing what it says; past that it has failed.
        GradeOptions generous = options;
        generous.limits.seconds = std::max(10.0, 5 * options.limits.seconds);
        expected = runCase(oracle, c, generous, false);
        // A case worth nothing the sample cannot finish is left unjudged (an instructor's
        // sample that loops at end of input, as its text allows: dotsboxes-eof); one worth
        // points cannot be graded without it.
        const std::map<std::string, double> rubric = rubricFor(assignment, options);
        const auto points = rubric.find(c.category);
        if (!expected.exited() && !c.expectedOut && points != rubric.end() && points->second > 0 &&
            unsettledEndOfInput(assignment, c, expected.out) == std::string::npos)
            throw NotGraded("the sample solution " + oracle + " did not finish " + c.name + " (" +
                            expected.ending() + "), so there is nothing to compare with");
    }
    if (sampleRun != nullptr) *sampleRun = expected;
    if (c.expectedOut) expected.out = *c.expectedOut;
    if (c.expectedErr) expected.err = *c.expectedErr;
    if (c.expectedStatus) expected.status = *c.expectedStatus;
    return expected;
}

// Returns how the sample solution (the instructor's --sample, else our reference) fails an
// instructor's test itself, "" where it passes (or the test expects nothing of its own): no
// program can then be charged for failing it (adversary round 25 F9: a game file named by
// its folder, an .out saved with CR LF; every program failed, the reference too, and nothing
// said so). expected is the test's expected run, sampleRun the sample's own.
std::string sampleFailsTest(const Assignment &assignment, const ProgramCase &c, const RunResult &expected,
                            const RunResult &sampleRun, const GradeOptions &options) {
    if (!c.expectedOut && !c.expectedErr && !c.expectedStatus) return "";
    return compareRuns(expected, sampleRun, options.compare, assignment.compareStandardError,
                       comparesStatus(assignment, c))
        .explanation;
}

// Returns what a test the sample fails is called in a report.
std::string unfairTestText(const GradeOptions &options) {
    return "the sample solution (" +
           std::string(options.sample.empty() ? "dotslab's reference" : options.sample) +
           ") does not pass this test itself, so no program is charged for it\n";
}

// Returns the expected run of c under another reading of the text (none: the spec's):
// our reference's run with the reading's arguments. A case of its own files keeps them
// unless they are what our reference prints under the spec's reading (a transcript), and
// one that gives arguments, files or an instructor's sample keeps its usual run (known:
// the usual run, where it was made already).
RunResult expectedRun(const Assignment &assignment, const ProgramCase &c, const GradeOptions &options,
                      const Assignment::OtherReading *reading, const RunResult *known = nullptr) {
    const RunResult usual = known != nullptr ? *known : expectedRun(assignment, c, options);
    if (reading == nullptr || !options.sample.empty() || !c.args.empty() || !c.inputFiles.empty() ||
        !c.givenFiles.empty() || !c.saves.empty())
        return usual;
    ProgramCase ours = c;
    ours.expectedOut.reset();
    ours.expectedErr.reset();
    ours.expectedStatus.reset();
    if (c.expectedOut || c.expectedErr || c.expectedStatus) {
        const RunResult plain = expectedRun(assignment, ours, options);
        if (plain.out != usual.out || plain.err != usual.err || plain.status != usual.status) return usual;
    }
    ours.args = reading->referenceArgs;
    return expectedRun(assignment, ours, options);
}

TestOutcome outcome(const std::string &category, const std::string &name, const std::string &description) {
    TestOutcome t;
    t.category = category;
    t.name = name;
    t.description = description;
    return t;
}

// Returns one test per mandated function (the display function first), each in two
// checks of equal weight.
std::vector<TestOutcome> plannedFunctionTests(const Assignment &assignment) {
    std::vector<TestOutcome> tests;
    for (const MandatedFunction &f : assignment.functions) {
        const bool display = &f == &assignment.functions.front();
        tests.push_back(outcome(
            "functions", "function " + f.name,
            f.prototype + ": half for the spec's examples, half for " +
                (display ? "the picture printed for every checked grid"
                         : "every checked grid and every argument") +
                ", against the sample solution; a wrong answer is not charged here where a right " + f.name +
                " gives it with your own answers of the functions it calls (charged there)"));
    }
    return tests;
}

// A student's function judged under the mandated name it misses (gamestate -> gameState),
// or under its own name made visible to the checker (a static isFilled).
struct Rename {
    std::string from, to;     // mangled names
    std::string readable;     // "gamestate(long long)"
    bool globalized = false;  // a static function with the exact prototype: nothing to charge
};

// Returns the mandated functions the submission misnames with the right parameters
// (one near miss each): they are judged as they are, and charged only under rule
// prototypes; and those it defines static, which the checker reaches all the same.
std::vector<Rename> misnamedFunctions(const Assignment &assignment, const ObjectListing &objects) {
    std::vector<Rename> renames;
    for (const MandatedFunction &f : assignment.functions) {
        const Definition found = definitionOf(f, objects);
        if (!found.internal.empty())
            renames.push_back({found.internal, f.mangled, f.prototype, true});
        else if (!found.exact && found.nearMisses.size() == 1 && found.nearMisses[0].sameParameters)
            renames.push_back({found.nearMisses[0].mangled, f.mangled, found.nearMisses[0].readable});
    }
    return renames;
}

// Links the submission's object into the function worker in the sandbox, in folder
// `name` beside the build folder (so that it can go on while the program runs; the
// student's object is seen read-only): the student's main renamed, the worker's main in
// its place. Returns the program's path, or "" with what the tools said in `said`.
std::string linkWorker(const Assignment &assignment, const BuildResult &build, const std::vector<Rename> &renames,
                       const std::string &name, std::string &said) {
    if (build.objects.size() != 1) return "";
    const fs::path folder = fs::path(build.folder).parent_path() / name;
    fs::create_directories(folder);
    const std::string object = objectPaths(build).front();
    std::vector<std::string> objcopy = {"/usr/bin/objcopy", "--redefine-sym", "main=submission_main"};
    for (const Rename &r : renames) {
        objcopy.insert(objcopy.end(), {"--redefine-sym", r.from + "=" + r.to});
        if (r.globalized) objcopy.push_back("--globalize-symbol=" + r.to);
    }
    objcopy.insert(objcopy.end(), {object, "submission.o"});
    if (runBuildTool(folder.string(), objcopy, said, 30, {object}) != 0) return "";
    // Ours is the worker alone, which keeps one global symbol (dotsgrade/CMakeLists.txt):
    // nothing else of ours is there for the student's object to reach.
    const std::string worker = dataFiles().worker[packedIndex(packedGame(assignment))];
    std::vector<std::string> command = {"/usr/bin/g++", "-o", name, "submission.o", worker};
    // Our link, not the course's: mold where it is installed takes a fifth of ld's time,
    // and this link is on the way to every function test.
    static const bool mold = access("/usr/bin/ld.mold", X_OK) == 0;
    if (mold) command.push_back("-fuse-ld=mold");
    for (const std::string &flag : splitWords(DOTSGRADE_EXTRA_LINK_FLAGS)) command.push_back(flag);
    if (runBuildTool(folder.string(), command, said, 30, {worker}) != 0) return "";
    return (folder / name).string();
}

// Returns the build of our own reference submission of a packed game, built once per
// process in the sandbox as a student's is: a link that fails for a student's object is
// tried again with its object, to tell the grader's failure from the student's.
const BuildResult &referenceBuild(const Assignment &assignment) {
    static std::mutex mutex;
    static std::map<std::string, std::pair<std::unique_ptr<TemporaryDirectory>, BuildResult>> built;
    std::lock_guard<std::mutex> lock(mutex);
    auto &[folder, build] = built[assignment.name];
    if (!folder) {
        folder = std::make_unique<TemporaryDirectory>("dotsgrade-reference");
        fs::permissions(folder->path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        const fs::path source = fs::path(dataFiles().source) / assignment.name / (assignment.name + ".cpp");
        build = buildSubmission(assignment, source.string(), folder->path().string());
    }
    return build;
}

// Throws NotGraded where the worker's link that failed for the student's object fails for
// our reference's too: then its fault is the grader's own (its files, tools or sandbox),
// never the student's.
void requireLinkWorks(const Assignment &assignment, const std::string &name, const std::string &said) {
    static std::atomic<unsigned> tries{0};
    const BuildResult &reference = referenceBuild(assignment);
    std::string referenceSaid = reference.diagnostics;
    if (reference.compiled &&
        !linkWorker(assignment, reference, {}, name + "-check-" + std::to_string(tries++), referenceSaid).empty())
        return;
    throw NotGraded("the grader cannot link even the sample solution into its function checker: " +
                    referenceSaid.substr(0, 600) + " (for your submission it said: " + said.substr(0, 300) + ")");
}

// Throws NotGraded where a build failed for room on the grader's own disk: the compiler
// or linker said so, and the disk of the grader's temporary folder is nearly full (a
// program that does nothing still builds in less room than a real one: a correct boxes was
// "does not compile", 0, with 240 KB free; adversary round 21). A build that fills a
// sandbox's own capped room leaves the disk free: that is the submission's.
void requireRoomToBuild(const BuildResult &build) {
    const bool saidFull = build.diagnostics.find("No space left on device") != std::string::npos ||
                          build.diagnostics.find("error writing to") != std::string::npos;
    constexpr std::uintmax_t kNearlyFull = 256u << 20;
    std::error_code error;
    const fs::space_info room = fs::space(fs::temp_directory_path(), error);
    // A grading's own folder past what a build may hold is the student's build's doing,
    // where no capped folder could stop it (no CAP_SYS_ADMIN): charged, not the disk's.
    if (saidFull && !error && room.available < kNearlyFull &&
        bytesUnder(fs::path(build.folder).parent_path()) <= kBuildFolderBytes)
        throw NotGraded(
            "the disk of the grader's temporary folder is full (" + std::to_string(room.available >> 10) +
            " KB free) and the build ran out of room: free some room (or point TMPDIR elsewhere) and "
            "grade again");
}

// A gate the expected runs wait at until the build lets them through (see gradeSubmission).
class BuildGate {
  public:
    // Lets the waiting through; again does nothing.
    void open() {
        std::lock_guard<std::mutex> lock(mutex_);
        open_ = true;
        opened_.notify_all();
    }
    // Returns once the gate is open.
    void passed() {
        std::unique_lock<std::mutex> lock(mutex_);
        opened_.wait(lock, [&] { return open_; });
    }

  private:
    std::mutex mutex_;
    std::condition_variable opened_;
    bool open_ = false;
};

// Throws NotGraded where a program that does nothing does not build with the course's
// compile command either: then the compiler, its flags or the sandbox fail, not the student.
void requireBuildWorks(const Assignment &assignment, const GradeOptions &options) {
    const TemporaryDirectory folder("dotsgrade-build-check");
    fs::permissions(folder.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    const fs::path source = folder.path() / "nothing.cpp";
    writeFileText(source, "#include <iostream>\nint main() {\n    std::cout << \"\";\n    return 0;\n}\n");
    const fs::path into = folder.path() / "into";
    fs::create_directories(into);
    fs::permissions(into, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    const BuildResult nothing = buildSubmission(assignment, source.string(), into.string(), options.compilerFlags);
    if (!nothing.compiled)
        throw NotGraded("the course's compile command does not build even a program that does nothing: " +
                        nothing.diagnostics.substr(0, 600));
}

// Judges the mandated functions, one test each (the display function first).
// What the function stage leaves for judging the program's runs.
struct FunctionFindings {
    std::string worker;       // the function worker with all the student's functions ("": none)
    unsigned forgivable = 0;  // Op bits: functions charged for a mistake (see attributedRuns)
    unsigned mistaken = 0;    // Op bits: of those, the ones charged points (the others are right on their own)
    unsigned throughOthers[dotslab::harness::kOpCount] = {};  // per op right on its own: through which
    // Makes the answers the functions gave in the checks that judge them: every
    // explanation of a run takes them as the student's (a function that answers otherwise
    // in a process of the games' questions is then caught by AskedAnswers::sameInAnyOrder).
    RecordedAnswersMaker recorded = [] { return RecordedAnswers{}; };
};

// A function charged under its test is one mistake, through which a run may be forgiven,
// when it answers at least this share of its checked calls right; one wrong on more is no
// single mistake (a stub, a missing implementation), and the runs it breaks are the
// program's failures too.
constexpr double kMistakeShare = 0.9;

// Returns what the runs' judging needs of the function stage.
FunctionFindings functionStage(const Assignment &assignment, const PackedGame &game, const BuildResult &build,
                          const std::vector<Rename> &renames, const GradeOptions &options,
                          std::vector<TestOutcome> &tests) {
    std::vector<TestOutcome> outcomes = plannedFunctionTests(assignment);
    std::string said;
    const std::string worker = linkWorker(assignment, build, renames, "worker", said);
    if (worker.empty() && build.objects.size() == 1) requireLinkWorks(assignment, "worker", said);
    if (worker.empty()) {
        for (TestOutcome &t : outcomes)
            t.output = build.objects.size() != 1
                           ? "not run: the function checks need a single source file\n"
                           : "not run: your functions could not be linked into the checker:\n" + said;
        tests.insert(tests.end(), outcomes.begin(), outcomes.end());
        return {};
    }
    // What each mandated function calls, read from the object once, when first asked.
    std::optional<std::map<std::string, std::set<std::string>>> graph;
    const CalledBy calledBy = [&](dotslab::harness::Op op) {
        if (!graph) graph = callGraph(build);
        auto symbolOf = [&](std::size_t k) {  // a misnamed function is judged under its mandated name
            assert(k == 0 || assignment.functions[k].name == dotslab::harness::kOpNames[k]);  // k is an Op
            for (const Rename &r : renames)
                if (r.to == assignment.functions[k].mangled) return r.from;
            return assignment.functions[k].mangled;
        };
        std::set<std::string> seen = {symbolOf(static_cast<std::size_t>(op))};
        std::vector<std::string> next(seen.begin(), seen.end());
        while (!next.empty()) {  // every function reached, through the student's other functions too
            const std::string at = next.back();
            next.pop_back();
            if (const auto found = graph->find(at); found != graph->end())
                for (const std::string &callee : found->second)
                    if (seen.insert(callee).second) next.push_back(callee);
        }
        unsigned bits = 0;
        for (std::size_t k = 0; k < assignment.functions.size(); ++k)
            if (k != static_cast<std::size_t>(op) && seen.count(symbolOf(k)) != 0) bits |= 1u << k;
        return bits;
    };
    RecordedAnswersMaker recorded;
    const std::vector<FunctionVerdict> verdicts =
        judgeFunctions(worker, calledBy, game, options.compare, recorded);
    for (std::size_t k = 0; k < outcomes.size() && k < verdicts.size(); ++k) {
        outcomes[k].passed = verdicts[k].credit() == 1;
        outcomes[k].credit = verdicts[k].credit();
        outcomes[k].output = verdicts[k].output;
        // A function the spec adds but the assignment's text never asks for (dotstriangles'
        // gameState): never charged, written or not. One of that name is the student's own,
        // meaning what they chose (a bool "over", 3 for a draw): shown, not judged.
        if (assignment.functionsTheTextOmits.count(assignment.functions[k].name) != 0 &&
            !outcomes[k].passed) {
            const std::string &name = assignment.functions[k].name;
            outcomes[k].passed = true;
            outcomes[k].credit = 1;
            outcomes[k].output =
                verdicts[k].missing
                    ? "not written, and not charged: your assignment's text does not ask for " + name +
                          " (the spec does)\n"
                    : "not charged: your assignment's text does not ask for " + name +
                          ", so yours may mean what you chose; it answers otherwise than the spec's " + name +
                          " (for your information):\n" + verdicts[k].output;
            continue;
        }
        for (const Rename &r : renames)
            if (r.to == assignment.functions[k].mangled && !r.globalized)
                outcomes[k].output =
                    "judged as your " + r.readable +
                    (r.readable.rfind(assignment.functions[k].name + "(", 0) == 0
                         ? ", whose parameters must be exactly " + assignment.functions[k].prototype + "'s"
                         : ", which must be named " + assignment.functions[k].name) +
                    " (charged under rule prototypes, not here)\n" + outcomes[k].output;
    }
    // With an instructor's sample, what the program prints is the sample's to say: the
    // display function is judged through the runs against it, never against our picture
    // ("exactly the same as the sample program"; dotstriangles' printGrid is provided).
    const bool sampleDecidesPictures = !options.sample.empty();
    if (sampleDecidesPictures && !outcomes.empty() && !outcomes[0].passed) {
        outcomes[0].passed = true;
        outcomes[0].credit = 1;
        outcomes[0].output =
            "not charged here: with your instructor's sample program, what your program prints "
            "is judged by its runs against that program\n" +
            outcomes[0].output;
    }
    tests.insert(tests.end(), outcomes.begin(), outcomes.end());
    FunctionFindings findings;
    findings.worker = worker;
    findings.recorded = std::move(recorded);
    for (const FunctionVerdict &v : verdicts)
        if (v.credit() < 1 && v.rightShare >= kMistakeShare &&
            !(sampleDecidesPictures && v.op == dotslab::harness::Op::kDisplay))
            findings.forgivable |= 1u << static_cast<unsigned>(v.op);
    findings.mistaken = findings.forgivable;
    // A function right on its own differs in a run only through those it calls: as they are.
    for (const FunctionVerdict &v : verdicts)
        if (v.credit() == 1 && v.throughOthers != 0 && (v.throughOthers & ~findings.mistaken) == 0) {
            findings.forgivable |= 1u << static_cast<unsigned>(v.op);
            findings.throughOthers[static_cast<std::size_t>(v.op)] = v.throughOthers;
        }
    return findings;
}

// Returns the compile command submissions get, as the report shows it.
std::string compileCommand(const Assignment &assignment, const GradeOptions &options) {
    if (!options.compilerFlags.empty()) return "g++ (or gcc) " + options.compilerFlags;
    const bool allowsC = std::find(assignment.sourceExtensions.begin(), assignment.sourceExtensions.end(),
                                   ".c") != assignment.sourceExtensions.end();
    return "g++ " + assignment.cxxFlags + (allowsC ? " (C sources: gcc " + assignment.cFlags + ")" : "");
}

// Gives every test its share of its category's points and its category's visibility,
// and scores the passed ones.
void score(std::vector<TestOutcome> &tests, const std::map<std::string, double> &rubric,
           const std::map<std::string, std::string> &visibility) {
    std::map<std::string, int> perCategory;
    for (const TestOutcome &t : tests) ++perCategory[t.category];
    // A charge (per-mistake) is a share of its category's points: what the test it is
    // charged to cannot hold is taken from the category's other tests, in order.
    struct Spill {
        std::string from;  // the test charged more than it had
        double points;
    };
    std::map<std::string, std::vector<Spill>> spilled;  // per category, in order
    for (TestOutcome &t : tests) {
        auto points = rubric.find(t.category);
        const double categoryPoints = points == rubric.end() ? 0 : points->second;
        t.maxScore = categoryPoints / perCategory[t.category];
        const double earned = t.maxScore * (t.credit >= 0 ? t.credit : t.passed ? 1 : 0);
        t.score = std::max(0.0, earned - t.charge * categoryPoints);
        if (const double over = t.charge * categoryPoints - earned; over > 0)
            spilled[t.category].push_back({t.name, over});
        if (const auto shown = visibility.find(t.category); shown != visibility.end())
            t.visibility = shown->second;
    }
    for (TestOutcome &t : tests) {
        for (Spill &spill : spilled[t.category]) {
            if (spill.points < 0.005 || t.score <= 0) continue;  // a hundredth of a point is float noise
            const double taken = std::min(spill.points, t.score);
            t.score -= taken;
            spill.points -= taken;
            if (t.credit < 0) t.credit = t.passed ? 1 : 0;  // earned, less the charge
            // Passed stays as the run was judged: a run that matched is no failure, whatever
            // points it lends (adversary round 25 F7: a run that matched showed FAIL).
            t.output += "charged here: " + points(taken) + " of what \"" + spill.from +
                        "\" is charged, more than that test is worth (its differences are listed there)" +
                        (t.passed ? "; this test's own run matches\n" : "\n");
        }
    }
}

// Returns the points tests earned.
double totalScore(const std::vector<TestOutcome> &tests) {
    return std::accumulate(tests.begin(), tests.end(), 0.0,
                           [](double s, const TestOutcome &t) { return s + t.score; });
}

}  // namespace

double GradeReport::score() const { return totalScore(tests); }

double GradeReport::maxScore() const {
    return std::accumulate(tests.begin(), tests.end(), 0.0,
                           [](double s, const TestOutcome &t) { return s + t.maxScore; });
}

const std::vector<std::string> &rubricCategories() {
    static const std::vector<std::string> categories = {"build",       "warnings", "rules", "functions",
                                                        "transcripts", "tests",    "fuzz",  "robustness"};
    return categories;
}

std::map<std::string, double> rubricFor(const Assignment &assignment, const GradeOptions &options) {
    std::map<std::string, double> rubric = assignment.rubric;
    for (const auto &[category, points] : options.rubric) rubric[category] = points;
    return rubric;
}

OutputPolicy outputPolicyFor(const Assignment &assignment, const GradeOptions &options) {
    return options.outputPolicy ? *options.outputPolicy : assignment.outputPolicy;
}

std::vector<TestOutcome> plannedTests(const Assignment &assignment, const GradeOptions &options) {
    std::vector<TestOutcome> tests = {
        outcome("build", "build", "compiles and links with " + compileCommand(assignment, options)),
        outcome("warnings", "no warnings", "the compiler prints nothing at all")};
    if (!assignment.functions.empty())
        tests.push_back(outcome("rules", "rule prototypes", "mandated functions with their exact prototypes"));
    if (assignment.noGlobals)
        tests.push_back(outcome("rules", "rule no_globals", "no variable declared outside a function"));
    if (assignment.packedEncoding)
        tests.push_back(outcome("rules", "rule no_floating_point", "no float, double or pow"));
    if (assignment.noArraysNoLibrary) {
        tests.push_back(outcome("rules", "rule no_arrays", "no array declarations or subscripts"));
        tests.push_back(outcome("rules", "rule no_library", "no library functions besides cin and cout"));
    }
    for (const TestOutcome &t : plannedFunctionTests(assignment)) tests.push_back(t);
    std::map<std::string, int> games;
    for (const ProgramCase &c : programCases(assignment, options)) {
        if (c.random)
            ++games[c.category];
        else
            tests.push_back(outcome(c.category, c.name,
                                    c.description + "; compares standard output" +
                                        (assignment.compareStandardError ? ", standard error" : "") +
                                        (c.saves.empty() ? "" : ", the files it saves") +
                                        " and exit status with the sample solution"));
    }
    for (const RandomKind &kind : kRandomKinds)
        if (games[kind.category] > 0)
            tests.push_back(outcome(
                kind.category, kind.test,
                std::to_string(games[kind.category]) + " " + kind.what + " (seed " + seedText(options.seed) +
                    ") compared with the sample solution; points in proportion to those passed"));
    score(tests, rubricFor(assignment, options), options.visibility);
    return tests;
}

std::vector<SetupProblem> setupProblems(const Assignment &assignment, const GradeOptions &options) {
    std::vector<SetupProblem> problems;
    // Step 1: categories with points and no test. The grade is then out of less than the
    // rubric's total, and Gradescope, which grades out of the points the assignment is
    // given, showed a full-marks program 75/100 (adversary round 25 F6).
    const std::vector<TestOutcome> planned = plannedTests(assignment, options);
    const double most = std::accumulate(planned.begin(), planned.end(), 0.0,
                                        [](double sum, const TestOutcome &t) { return sum + t.maxScore; });
    for (const auto &[named, worth] : rubricFor(assignment, options)) {
        const std::string category = named;  // a lambda may not capture a structured binding (C++17)
        if (worth > 0 && std::none_of(planned.begin(), planned.end(),
                                      [&](const TestOutcome &t) { return t.category == category; }))
            problems.push_back(
                {"the category '" + category + "' has " + points(worth) + " points but no test" +
                     std::string(category == "fuzz"         ? " (--fuzz 0)"
                                 : category == "robustness" ? " (--malformed 0)"
                                 : category == "tests"      ? " (no NAME.in in --tests)"
                                                            : "") +
                     ", so every grade is out of " + points(most) +
                     ": give it 0 points in a --rubric (and its points to the others), or give it tests",
                 true});
    }
    // Step 2: files of the tests folder that are no part of a test (Game1.IN, game2.in.txt:
    // a case the instructor meant, silently left out).
    if (!options.testsDir.empty()) {
        const std::vector<ProgramCase> cases = programCases(assignment, options);
        std::set<std::string> used;
        for (const ProgramCase &c : cases)
            for (const std::string &file : c.inputFiles) used.insert(fs::path(file).filename().string());
        std::set<std::string> stems;
        for (const ProgramCase &c : cases)
            if (c.name.rfind("test ", 0) == 0) stems.insert(c.name.substr(5));
        std::error_code error;
        for (const fs::directory_entry &entry : fs::directory_iterator(options.testsDir, error)) {
            const fs::path &path = entry.path();
            const std::string ext = path.extension().string(), name = path.filename().string();
            const bool part = (ext == ".in" || ext == ".args" || ext == ".out" || ext == ".err" ||
                               ext == ".rc" || ext == ".desc" || ext == ".saves") &&
                              stems.count(path.stem().string()) != 0;
            if (!part && used.count(name) == 0 && entry.is_regular_file())
                problems.push_back(
                    {(fs::path(options.testsDir) / name).string() +
                         " is no part of any test (a test is NAME.in, with NAME.args, .out, .err, "
                         ".rc, .desc or .saves beside it, the names as written; a file an .args "
                         "names is handed to the run)",
                     false});
        }
        // Step 3: tests the sample solution does not pass itself.
        for (const ProgramCase &c : cases) {
            if (!c.expectedOut && !c.expectedErr && !c.expectedStatus) continue;
            try {
                RunResult sampleRun;
                const RunResult expected = expectedRun(assignment, c, options, &sampleRun);
                if (const std::string how = sampleFailsTest(assignment, c, expected, sampleRun, options);
                    !how.empty())
                    problems.push_back(
                        {c.name + ": " + unfairTestText(options) +
                             "(its expected files against the sample's run, as a student's run is "
                             "compared:)\n" +
                             how,
                         true});
            } catch (const NotGraded &e) {
                problems.push_back({c.name + ": " + e.what(), true});
            }
        }
    }
    return problems;
}

// Returns a shell command that replays input on a student's own build (./boxes): printf
// with every byte that is not plainly printable written as an octal escape.
std::string replayCommand(const ProgramCase &c) {
    std::string text;
    for (unsigned char byte : c.input) {
        if (byte == '\n')
            text += "\\n";
        else if (byte >= 0x20 && byte < 0x7f && byte != '\'' && byte != '\\' && byte != '%')
            text += static_cast<char>(byte);
        else {
            const char digits[] = {'\\', static_cast<char>('0' + (byte >> 6)),
                                   static_cast<char>('0' + ((byte >> 3) & 7)),
                                   static_cast<char>('0' + (byte & 7)), '\0'};
            text += digits;
        }
    }
    std::string command = "printf '" + text + "' | ./" + c.programName;
    for (const std::string &arg : c.args) command += " '" + arg + "'";
    return command;
}

// Returns the file name (no extension) a case is saved under: a transcript or test keeps
// its own ("dotsboxes-eof"), a random case is named by its number ("random-game-7").
std::string savedName(const ProgramCase &c) {
    const bool named = c.name.rfind("transcript ", 0) == 0 || c.name.rfind("test ", 0) == 0;
    std::string name = named ? c.name.substr(c.name.find(' ') + 1) : c.name;
    for (char &ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '-';
    return name;
}

// Writes a failing case into folder as a --tests case that expects what our reference (or
// the sample) does: NAME.in, .args and the files they name, .out, .err where compared, .rc,
// .desc. `--tests folder` runs it again unchanged.
void saveFailure(const fs::path &folder, const Assignment &assignment, const ProgramCase &c,
                 const RunResult &expected) {
    fs::create_directories(folder);
    TranscriptCase saved;
    saved.name = savedName(c);
    saved.input = c.input;
    saved.args = c.args;
    saved.out = expected.out;
    if (assignment.compareStandardError) saved.err = expected.err;
    // Its exit status only where this grading judged one: a .rc makes any --tests case
    // compare it, and the texts but boxes' leave it free (adversary round 25: a fixed
    // program lost 14.25 points to its saved cases' exit statuses).
    if (c.expectedStatus)
        saved.status = c.expectedStatus;
    else if (expected.exited() && assignment.textSettlesExitStatus)
        saved.status = expected.status;
    saved.description = c.name + " (saved from a failing run)";
    saved.saves = c.saves;
    // A random case's files are named after it (random-game-7-game.txt): several of them
    // share a folder.
    for (const auto &[name, content] : c.givenFiles) {
        const std::string own = saved.name + "-" + name;
        std::replace(saved.args.begin(), saved.args.end(), name, own);
        dotslab::writeFileText(folder / own, content);
    }
    writeTranscriptCase(folder, saved);
    for (const std::string &file : c.inputFiles)
        fs::copy_file(file, folder / fs::path(file).filename(), fs::copy_options::overwrite_existing);
}

// Returns the input token after which a run's standard output first differs, in words
// ("" where the assignment reads no prompted tokens): every prompt printed whole before
// the difference read one token.
std::string moveBeforeDifference(const Assignment &assignment, const ProgramCase &c,
                                 const RunResult &expected, const RunResult &actual,
                                 std::size_t differs = std::string::npos) {
    const std::string &prompt = assignment.movePrompt;
    if (prompt.empty() || expected.out == actual.out) return "";
    if (differs == std::string::npos)  // the first difference
        differs = static_cast<std::size_t>(
            std::mismatch(
                expected.out.begin(),
                expected.out.begin() + static_cast<long>(std::min(expected.out.size(), actual.out.size())),
                actual.out.begin())
                .first -
            expected.out.begin());
    std::size_t read = 0;
    for (std::size_t at = expected.out.find(prompt); at != std::string::npos && at + prompt.size() <= differs;
         at = expected.out.find(prompt, at + 1))
        ++read;
    std::vector<std::string> tokens;
    std::istringstream in(c.input);
    for (std::string token; in >> token;) tokens.push_back(token);
    if (read == 0) return "the difference comes before any move is read\n";
    if (read > tokens.size())
        return "the difference comes after the input ran out (all " + std::to_string(tokens.size()) +
               " of its moves read)\n";
    return "the difference follows move " + std::to_string(read) +
           " of the input: " + visibleWhitespace(tokens[read - 1].substr(0, 40)) + "\n";
}

// Returns those of charged (Op bits) that are one mistake in the games too: a function right
// (or right on its own, through those charged) on the checked grids alone, which are
// known, and wrong on the grids its games show is not charged for those games under its
// test. Each counts where it answers at least kMistakeShare of the distinct calls of it
// in tally right, nearly right (a picture with most lines right) or as a right function
// gives with charged functions' answers. A function that leaves may take others'
// explanations with it: until none leaves.
unsigned oneMistakeInTheGames(AskedAnswers &asked, const PackedGame &game, unsigned charged, CompareMode mode) {
    using dotslab::harness::Call;
    // Step 1: each wrong answer of a charged function, with what a right function gives
    // for it; the explanations' own questions (isFilled of every line of a picture) are
    // calls of the games too, and counted with them.
    std::vector<std::pair<Call, dotslab::harness::Answer>> wrong;
    for (const auto &answer : asked.tally(game, mode).differing)
        if (charged >> static_cast<unsigned>(answer.first.op) & 1) wrong.push_back(answer);
    const std::vector<Explained> explained = explainedAnswers(asked, game, wrong, mode);
    std::map<Call, Explained> explanationOf;
    for (std::size_t k = 0; k < wrong.size(); ++k) explanationOf[wrong[k].first] = explained[k];
    const AnswerTally tally = asked.tally(game, mode);
    // Step 2: each function below the share leaves, until none does.
    for (bool left = true; left && charged != 0;) {
        left = false;
        long long unexplained[dotslab::harness::kOpCount] = {};
        for (const auto &[call, got] : tally.differing) {
            if (!(charged >> static_cast<unsigned>(call.op) & 1)) continue;
            const bool nearlyRight = call.op == dotslab::harness::Op::kDisplay &&
                                     mostLinesAlike(dotslab::harness::modelAnswer(game, call).text, got.text);
            const auto e = explanationOf.find(call);
            const bool through = e != explanationOf.end() && e->second.explained && e->second.through != 0 &&
                                 (e->second.through & ~charged) == 0;
            if (!nearlyRight && !through) ++unexplained[static_cast<std::size_t>(call.op)];
        }
        for (int k = 0; k < dotslab::harness::kOpCount; ++k) {
            const long long calls = tally.calls[k], bad = tally.unanswered[k] + unexplained[k];
            if ((charged >> k & 1) && calls > 0 &&
                static_cast<double>(calls - bad) < kMistakeShare * static_cast<double>(calls)) {
                charged &= ~(1u << static_cast<unsigned>(k));
                left = true;
            }
        }
    }
    return charged;
}

// Which failing runs the functions' mistakes explain.
struct Attribution {
    explicit Attribution(std::size_t cases) : notes(cases), functions(cases) {}
    std::vector<std::string> notes;      // per case: why its run is not charged to the program ("": it is)
    std::vector<std::string> functions;  // per case: the functions whose wrong answers explain it ("": none)
    unsigned named = 0;                  // Op bits: the functions charged in place of those runs
};

// Returns, for each case, why its failing run is not charged to the program ("" where it
// is), and the functions charged in its place. Each mistake is charged once, and only
// where it is proven for that very run: the run is the functions' (charged under their
// tests) when a right main, calling the student's own functions (through_functions.h),
// prints exactly what the student's program printed, and the functions whose answers
// made it differ are each charged under its own test for one mistake (`charged`, Op
// bits: see kMistakeShare). The student's program is never run with anything of ours, so
// nothing it does can buy this. Anything else is the program's own failure, charged as
// such.
Attribution attributedRuns(const Assignment &assignment, const GradeOptions &options,
                           const std::vector<ProgramCase> &cases, const std::vector<RunResult> &actual,
                           const std::vector<Verdict> &verdicts, const FunctionFindings &findings) {
    const std::string &worker = findings.worker;
    unsigned charged = findings.forgivable;
    Attribution attribution(cases.size());
    std::vector<std::string> &notes = attribution.notes;
    std::vector<std::size_t> played;  // the cases a right main can play: every failing one, and the rest
    std::vector<std::string> inputs;
    bool anyFailing = false;
    for (std::size_t i = 0; i < cases.size(); ++i)
        if (cases[i].args.empty() && cases[i].inputFiles.empty() && cases[i].givenFiles.empty() &&
            actual[i].exited()) {
            played.push_back(i);
            inputs.push_back(cases[i].input);
            anyFailing = anyFailing || !verdicts[i].passed;
        }
    if (!anyFailing || worker.empty() || assignment.functions.empty()) return attribution;
    const PackedGame &game = packedGame(assignment);
    // Every question of the stage gets the student's one answer: the one its checks saw,
    // where they asked it.
    const RecordedAnswers recorded = findings.recorded();
    AskedAnswers asked(worker, &recorded);
    const std::vector<RightMainRun> right = rightMainRuns(asked, game, inputs);
    charged = oneMistakeInTheGames(asked, game, charged, options.compare);
    if (charged == 0) return attribution;
    const dotslab::harness::SubmissionApi names = {
        game, nullptr, nullptr, nullptr, nullptr, nullptr, assignment.functions.front().name.c_str()};
    // An answer of a function not charged (right on every call it was checked on) that
    // differs in a run is the function's own only where a right function, with the
    // student's answers, does not give it (through_functions.h).
    std::vector<std::pair<dotslab::harness::Call, dotslab::harness::Answer>> uncharged;
    for (std::size_t n = 0; n < played.size(); ++n)
        if (!verdicts[played[n]].passed)
            for (const auto &wrong : right[n].differing)
                if (!(charged >> static_cast<unsigned>(wrong.first.op) & 1)) uncharged.push_back(wrong);
    const std::vector<Explained> explained = explainedAnswers(asked, game, uncharged, options.compare);
    std::map<dotslab::harness::Call, unsigned> excused;  // each with the charged functions it came through
    for (std::size_t k = 0; k < uncharged.size(); ++k)
        if (explained[k].explained && explained[k].through != 0 && (explained[k].through & ~charged) == 0)
            excused[uncharged[k].first] = explained[k].through;
    // Functions that answer by what was asked before them answer in the program as they
    // like: what a right main prints with their answers here proves nothing.
    if (!asked.sameInAnyOrder()) return attribution;
    for (std::size_t n = 0; n < played.size(); ++n) {
        if (verdicts[played[n]].passed) continue;
        const RightMainRun &r = right[n];
        const RunResult &run = actual[played[n]];
        if (!r.complete || !r.firstWrong || r.through == 0) continue;
        bool proven = true;
        unsigned blamed = r.through & charged;  // the others printed what a right one does with these
        for (const auto &[call, answer] : r.differing) {
            const auto found = excused.find(call);
            proven = proven && ((charged >> static_cast<unsigned>(call.op) & 1) || found != excused.end());
            if (found != excused.end()) blamed |= found->second;
        }
        if (!proven) continue;
        if (r.run.out != run.out || r.run.status != run.status) continue;
        // Named: the functions charged points, a function right on its own standing for
        // those it came through.
        unsigned named = 0;
        for (int k = 0; k < dotslab::harness::kOpCount; ++k)
            if (blamed >> k & 1) named |= (findings.mistaken >> k & 1) ? 1u << k : findings.throughOthers[k];
        std::string functions;
        for (int k = 0; k < dotslab::harness::kOpCount; ++k)
            if (named >> k & 1)
                functions += (functions.empty() ? "" : " and ") +
                             dotslab::harness::functionName(static_cast<dotslab::harness::Op>(k), names);
        attribution.named |= named;
        attribution.functions[played[n]] = functions;
        notes[played[n]] =
            "not charged here: a right main calling your functions prints exactly what your program "
            "printed; it differs only through the wrong answers of your " +
            functions + " (charged there), the first " + dotslab::harness::callText(*r.firstWrong, names) +
            "\n";
    }
    return attribution;
}

// The note of a run the sample solution did not finish, in a category worth nothing.
constexpr const char *kNotJudged = "not judged:";

// Returns, for each case, why its failing run is not charged to the program ("" where it
// is): its input holds lines the assignment's text does not settle (--explain lists them),
// and the run answers them as the text allows. A line of a class the text leaves open (`q`
// for `Q`, an empty line before the size) may be taken as the line it stands for or
// refused: the run must match the spec's answer to one of those readings (FuzzCase::readings),
// so a program that prints anything else there pays. Lines ended by CR LF, which no text
// mentions, may be answered in any way that ends by itself: such a run is the program's
// failure only where the same game ended by LF alone fails too. A crash or a hang is no
// answer the text allows. Only failing runs are looked at again, so a right program pays
// nothing for this.
std::vector<std::string> onUnsettledLinesOnly(const Assignment &assignment, const GradeOptions &options,
                                              const Assignment::OtherReading *reading,
                                              const std::string &program,
                                              const std::vector<ProgramCase> &cases,
                                              const std::vector<RunResult> &actual,
                                              const std::vector<Verdict> &verdicts) {
    std::vector<std::string> notes(cases.size());
    auto matches = [&](const RunResult &expected, const RunResult &run, const ProgramCase &c) {
        return compareRuns(expected, run, options.compare, assignment.compareStandardError,
                           comparesStatus(assignment, c))
            .passed;
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (verdicts[i].passed || !actual[i].exited()) continue;
        ProgramCase other = cases[i];
        other.settledInput.reset();
        other.readings.clear();
        for (const std::string &input : cases[i].readings) {
            other.input = input;
            if (matches(expectedRun(assignment, other, options, reading), actual[i], other)) {
                notes[i] =
                    "not charged: its input holds lines your assignment's text does not settle, and your "
                    "program answers each as the text allows (taken as the line it stands for, or refused; a "
                    "line far longer than any move read in pieces, or as the input's end)\n";
                break;
            }
        }
        if (!cases[i].settledInput || !notes[i].empty()) continue;
        other.input = *cases[i].settledInput;
        const RunResult twinRun = withWorkingSandbox(runCase(program, other, options, true),
                                                     [&] { return runCase(program, other, options, true); });
        if (matches(expectedRun(assignment, other, options, reading), twinRun, other))
            notes[i] =
                cases[i].input.find('\r') != std::string::npos
                    ? "not charged: its lines end in CR LF, which your assignment's text never mentions, "
                      "and the same game ended by LF alone matches\n"
                    : "not charged: its last line has no newline, which your assignment's text never "
                      "mentions, and the same game with it matches\n";
    }
    return notes;
}

// Returns, per run, whether its output lacks only the newline after its last line, and
// gives those runs that newline: they are judged with it. No assignment's text settles it
// (boxes' settles the newline after the grid, which is a line of its own: an empty last
// line is still a line left out), and a saved file's is the writer's choice already. It
// cost 3.5 points in boxes and 4.5 in eight (adversary round 25, F7). A run that did not
// end by itself keeps what it printed.
std::vector<bool> withLastNewlines(const std::vector<RunResult> &expected, std::vector<RunResult> &actual) {
    assert(expected.size() == actual.size());
    std::vector<bool> given(actual.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const std::string &want = expected[i].out;
        std::string &got = actual[i].out;
        const bool wantsEndedLine = want.size() >= 2 && want.back() == '\n' && want[want.size() - 2] != '\n';
        if (!actual[i].exited() || got.empty() || got.back() == '\n' || !wantsEndedLine) continue;
        got += '\n';
        given[i] = true;
    }
    return given;
}

// Returns, per run, whether its input ends mid-game where its text does not settle what a
// program does then (unsettledEndOfInput): such a run is judged up to the prompt for the
// move the input lacks, not after it, nor by how it ends (92.5 and 86.67 for programs whose
// every move matched and whose unchecked read looped at the end, adversary round 26 F2).
std::vector<bool> judgedUpToTheInputsEnd(const Assignment &assignment, const std::vector<ProgramCase> &cases,
                                         std::vector<RunResult> &expected, std::vector<RunResult> &actual) {
    assert(expected.size() == cases.size() && actual.size() == cases.size());
    std::vector<bool> cut(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const std::size_t end = unsettledEndOfInput(assignment, cases[i], expected[i].out);
        if (end == std::string::npos) continue;
        expected[i].out.resize(end);
        if (actual[i].out.size() > end) actual[i].out.resize(end);
        for (RunResult *run : {&expected[i], &actual[i]}) {  // how it ended is after that
            const std::string out = std::move(run->out);
            std::map<std::string, std::string> files = std::move(run->files);
            *run = RunResult{};
            run->out = out;
            run->files = std::move(files);
            run->status = 0;
        }
        cut[i] = true;
    }
    return cut;
}

// Tells the student, on each test of a run that lacked its last newline (withLastNewlines),
// that it was not charged.
void noteUnendedLastLines(std::vector<TestOutcome> &tests, const std::vector<ProgramCase> &cases,
                          const std::vector<bool> &unended) {
    std::map<std::string, int> random;  // per random test: its runs that lacked it
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (!unended[i]) continue;
        if (cases[i].random) {
            for (const RandomKind &kind : kRandomKinds)
                if (cases[i].category == kind.category) ++random[kind.test];
            continue;
        }
        for (TestOutcome &t : tests)
            if (t.name == cases[i].name)
                t.output =
                    "noted, not charged: your program's output ends without a newline after its last line, "
                    "which your assignment's text does not settle (judged as if it were there)\n" +
                    t.output;
    }
    for (TestOutcome &t : tests)
        if (const auto runs = random.find(t.name); runs != random.end())
            t.output += "noted, not charged: " + std::to_string(runs->second) +
                        " of these runs end their output without a newline after the last line, which "
                        "your assignment's text does not settle (judged as if it were there)\n";
}

// Returns what the program's runs earn: one test per case, and one for each kind of
// random case, in proportion to the cases passed. A failing case shows its input; one
// whose failure is proven to be a function's (notCharged says so; see attributedRuns) is
// shown but not charged again.
std::vector<TestOutcome> judgedRuns(
    const Assignment &assignment, const GradeOptions &options, const std::vector<ProgramCase> &cases,
    const std::vector<RunResult> &expected, const std::vector<RunResult> &actual,
    const std::vector<Verdict> &verdicts, const std::vector<std::string> &notCharged,
    const std::vector<std::string> &setAside, const DifferenceFindings &differences, OutputPolicy policy) {
    std::vector<TestOutcome> tests;
    // Returns why run i is not charged to the program: a function's mistake, lines its text
    // does not settle, or a case the sample did not finish ("": it is charged).
    auto forgiven = [&](std::size_t i) -> const std::string & {
        return notCharged[i].empty() ? setAside[i] : notCharged[i];
    };
    // Per-mistake: each distinct difference is charged once, where it costs the most: to
    // the first run it explains in the category where most of its cost can be taken. A
    // difference that shows in the games too is never charged to a category worth nothing
    // (a robustness transcript comes first), which made a mistake made everywhere cost
    // nothing at all.
    const std::map<std::string, double> rubric = rubricFor(assignment, options);
    auto pointsOf = [&](const std::string &category) {
        const auto found = rubric.find(category);
        return found == rubric.end() ? 0.0 : found->second;
    };
    // A category can lose no more than its runs earn: each difference goes where the most
    // of its cost can still be taken (the differences with the fewest places first), else
    // a program that fails everywhere had its differences charged to a category already
    // at 0, and the runs elsewhere that differ by them alone passed (an empty eight: 55).
    std::map<std::string, double> left;  // per category: its points its runs earn, less the charges so far
    {
        std::map<std::string, std::pair<int, int>> random;  // per category: random runs passed, run
        std::map<std::string, std::pair<int, int>> own;     // per category: case tests passed, in all
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const bool passes = verdicts[i].passed || !forgiven(i).empty() ||
                                (differences.runs[i].explained && policy == OutputPolicy::kPerMistake);
            std::pair<int, int> &counts = (cases[i].random ? random : own)[cases[i].category];
            counts.first += passes ? 1 : 0;
            ++counts.second;
        }
        std::map<std::string, double> units, earned;  // per category: tests, and tests' worth earned
        for (const auto &[category, counts] : own)
            units[category] += counts.second, earned[category] += counts.first;
        for (const auto &[category, counts] : random)
            units[category] += 1, earned[category] += static_cast<double>(counts.first) / counts.second;
        for (const auto &[category, n] : units) left[category] = pointsOf(category) * earned[category] / n;
    }
    std::vector<std::vector<std::size_t>> placesOf(differences.differences.size());  // the runs each explains
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (verdicts[i].passed || !forgiven(i).empty() || !differences.runs[i].explained) continue;
        for (std::size_t d : differences.runs[i].differences) placesOf[d].push_back(i);
    }
    auto categoriesOf = [&](std::size_t d) {
        std::set<std::string> categories;
        for (std::size_t i : placesOf[d]) categories.insert(cases[i].category);
        return categories.size();
    };
    std::vector<std::size_t> order(differences.differences.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return categoriesOf(a) < categoriesOf(b); });
    std::vector<std::size_t> chargedAt(differences.differences.size(), cases.size());  // the run charged
    for (std::size_t d : order) {
        double best = -1;
        for (std::size_t i : placesOf[d]) {
            const std::string &category = cases[i].category;
            const double takeable = std::min(kDifferenceCost * pointsOf(category), left[category]);
            if (takeable > best + 1e-9) best = takeable, chargedAt[d] = i;
        }
        if (chargedAt[d] != cases.size()) left[cases[chargedAt[d]].category] -= best;
    }
    // where: the run, for a random one whose input is not shown already ("" for none).
    auto chargeOnce = [&](TestOutcome &t, const RunDifferences &run, std::size_t at,
                          const std::string &where) {
        for (std::size_t d : run.differences) {
            if (chargedAt[d] != at) continue;
            t.charge += kDifferenceCost;
            t.output += "difference " + std::to_string(d + 1) +
                        " (listed at the top) is charged here, once: " +
                        std::to_string(static_cast<int>(100 * kDifferenceCost + 0.5)) + "% of the " +
                        t.category + " points" + (where.empty() ? "" : ", seen in " + where) + "\n";
        }
    };
    struct Tally {
        TestOutcome test;
        int run = 0, passed = 0;
        int throughFunctions = 0;  // of those passed: differ only as the wrong functions make them
        int onUnsettledLines = 0;  // of those passed: differ only where their input holds unsettled lines
        int unjudged = 0;          // of those passed: the sample did not finish them
        int onlyKnown = 0;         // of those passed: differ only by known differences (per-mistake)
        int shown = 0;             // failures shown
    };
    std::map<std::string, Tally> random;
    for (const RandomKind &kind : kRandomKinds)
        random[kind.category].test = outcome(kind.category, kind.test, "");
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const ProgramCase &c = cases[i];
        const Verdict &verdict = verdicts[i];
        std::string arguments;
        for (const std::string &w : c.args) arguments += (arguments.empty() ? "" : " ") + w;
        std::string input = "input (" + std::to_string(c.input.size()) + " bytes" +
                            (arguments.empty() ? "" : ", arguments '" + arguments + "'") +
                            "): " + visibleWhitespace(c.input.substr(0, 200)) +
                            (c.input.size() > 200 ? "\u2026" : "") + "\n";
        for (const auto &[name, content] : c.givenFiles)  // a game file it loads, whole: a few lines
            input += "the file " + name + ": " + visibleWhitespace(content) + "\n";
        if (!verdict.passed) {
            // Short inputs replay from one line; any case replays from --save-failures.
            input += c.input.size() <= 200 && c.inputFiles.empty() && c.givenFiles.empty()
                         ? "replay: " + replayCommand(c) + "\n"
                         : "replay: grade with --save-failures DIR, then ./" + c.programName +
                               (arguments.empty() ? "" : " " + arguments) + " < DIR/" + savedName(c) +
                               ".in\n";
            if (!options.saveFailuresDir.empty())
                saveFailure(options.saveFailuresDir, assignment, c, expected[i]);
        }
        // What is wrong with a failing run: where it differs by known differences, which
        // ones, and where it first differs for a new reason; else its first difference.
        const RunDifferences &known = differences.runs[i];
        const bool explained = !verdict.passed && forgiven(i).empty() && known.explained;
        const bool passes =
            verdict.passed || !forgiven(i).empty() || (explained && policy == OutputPolicy::kPerMistake);
        std::string why = verdict.explanation + moveBeforeDifference(assignment, c, expected[i], actual[i]);
        if (!known.differences.empty() && actual[i].exited()) {
            why = "it differs by these known differences (listed at the top)" +
                  std::string(known.newReason.empty() ? " and nothing else" : "") + ":\n";
            for (std::size_t d : known.differences) {
                const OutputDifference &difference = differences.differences[d];
                why += "  " + std::to_string(d + 1) + ". your program " + difference.what + "\n" +
                       (difference.hint.empty() ? "" : "     hint: " + difference.hint + "\n");
            }
            if (known.mostlyWrong)
                why += "and more than these: " + known.newReason;
            else if (!known.newReason.empty())
                why += "and first differs for a new reason at " + known.newReason +
                       moveBeforeDifference(assignment, c, expected[i], actual[i], known.newReasonAt);
        }
        if (c.random) {
            Tally &tally = random[c.category];
            ++tally.run;
            if (verdict.passed)
                ++tally.passed;
            else if (!notCharged[i].empty())
                ++tally.passed, ++tally.throughFunctions;
            else if (!setAside[i].empty())
                ++tally.passed,
                    ++(setAside[i].rfind(kNotJudged, 0) == 0 ? tally.unjudged : tally.onUnsettledLines);
            else if (passes)
                ++tally.passed, ++tally.onlyKnown;
            if (explained && policy == OutputPolicy::kPerMistake)
                chargeOnce(tally.test, known, i, c.name + ", " + input);
            if (!passes && ++tally.shown <= 3)  // the first three failures shown
                tally.test.output += c.name + ", " + input + why;
            continue;
        }
        TestOutcome t = outcome(c.category, c.name, c.description);
        t.passed = passes;
        if (!verdict.passed) t.output = forgiven(i) + input + why;
        if (explained && policy == OutputPolicy::kPerMistake) chargeOnce(t, known, i, "");
        if (t.charge > 0) t.credit = t.passed ? 1 : 0, t.passed = false;  // earned, less the charge
        tests.push_back(t);
    }
    for (const RandomKind &kind : kRandomKinds) {
        Tally &tally = random[kind.category];
        if (tally.run == 0) continue;
        tally.test.passed = tally.passed == tally.run && tally.test.charge == 0;
        tally.test.credit = static_cast<double>(tally.passed) / tally.run;
        tally.test.output =
            std::to_string(tally.passed) + " of " + std::to_string(tally.run) + " " + kind.counted +
            " match (seed " + seedText(options.seed) + ")" +
            (tally.throughFunctions == 0
                 ? ""
                 : ", " + std::to_string(tally.throughFunctions) +
                       " of them differ only through wrong answers your functions gave during "
                       "the run (charged under those functions, not here)") +
            (tally.onUnsettledLines == 0
                 ? ""
                 : ", " + std::to_string(tally.onUnsettledLines) +
                       " of them differ only where their input holds lines your assignment's "
                       "text does not settle, answered as the text allows") +
            (tally.unjudged == 0 ? ""
                                 : ", " + std::to_string(tally.unjudged) +
                                       " of them not judged: the sample solution did not finish them") +
            (tally.onlyKnown == 0 ? ""
                                  : ", " + std::to_string(tally.onlyKnown) +
                                        " of them differ only by known differences (each charged "
                                        "once, where listed)") +
            "\n" + tally.test.output;
        tests.push_back(tally.test);
    }
    return tests;
}

// Returns true if a function of graph (callGraph) other than symbol itself refers to it, one
// that is not dead code: a dead function is a free one (its mangled name _Z<length> or
// _ZL<length>: no member, lambda or operator, which a vtable or the library may call) that
// only dead functions refer to. A mandated function that only `void neverCalled() {
// displayGrid(0); }` calls is never called (adversary round 23: 100 against 95).
bool calledByLiveCode(const std::map<std::string, std::set<std::string>> &graph, const std::string &symbol) {
    auto free = [](const std::string &name) {
        const std::size_t at = name.rfind("_ZL", 0) == 0 ? 3 : name.rfind("_Z", 0) == 0 ? 2 : 0;
        return at > 0 && at < name.size() && std::isdigit(static_cast<unsigned char>(name[at]));
    };
    std::set<std::string> dead;
    for (bool more = true; more;) {
        more = false;
        for (const auto &entry : graph) {
            const std::string &function = entry.first;
            if (dead.count(function) || !free(function)) continue;
            const bool live = std::any_of(graph.begin(), graph.end(), [&](const auto &caller) {
                return caller.first != function && !dead.count(caller.first) && caller.second.count(function);
            });
            if (!live) more = dead.insert(function).second;
        }
    }
    return std::any_of(graph.begin(), graph.end(), [&](const auto &caller) {
        return caller.first != symbol && !dead.count(caller.first) && caller.second.count(symbol) != 0;
    });
}

// Returns assignment with the course's own copies of the files it hands out (--provided)
// over ours, by name.
Assignment withCourseFiles(const Assignment &assignment, const GradeOptions &options) {
    Assignment with = assignment;
    for (const std::string &path : options.providedFiles) {
        const std::string name = fs::path(path).filename().string();
        auto same = std::find_if(with.providedFiles.begin(), with.providedFiles.end(),
                                 [&](const auto &provided) { return provided.first == name; });
        if (same == with.providedFiles.end()) same = with.providedFiles.insert(same, {name, ""});
        same->second = fs::absolute(path).string();
    }
    return with;
}

GradeReport gradeSubmission(const Assignment &assigned, const std::string &submission,
                            const GradeOptions &given) {
    const Assignment assignment = withCourseFiles(assigned, given);
    // Random cases of its own: the same for the same files, never known before they are
    // handed in (a program that replays a fixed seed's cases scored 100: adversary round 22).
    GradeOptions options = given;
    if (options.seed.empty()) options.seed = submissionDigest(assignment, submission);
    // Limits of the grader's shell that no step may exceed would fail builds and runs, charged
    // to the student (ulimit -v: "does not compile"; ulimit -s: every run crashed).
    for (const Limits &needed : {buildStepLimits(), options.limits})
        if (const std::string why = limitsHeldLower(needed); !why.empty()) throw NotGraded(why);
    GradeReport report;
    report.assignment = assignment.name;
    report.submission = submission;
    std::vector<TestOutcome> plan = plannedTests(assignment, options);

    // The expected runs do not need the submission: they (and the sandbox probe) overlap
    // the build, which keeps only one core busy.
    const std::vector<ProgramCase> cases = programCases(assignment, options);
    std::vector<RunResult> expected(cases.size());
    std::vector<std::string> unfairTests(cases.size());  // per case: why no program is charged for it
    // Where nothing caps the grading's folder (no CAP_SYS_ADMIN: Gradescope's container; not
    // root), a student's Makefile can fill the disk the expected runs write to: a game file
    // copied for the reference failed, and the grading was "not graded" (adversary round 25
    // H9, seen in CI). The expected runs then wait until the build is done, and what it left
    // is gone (buildSubmission).
    BuildGate gate;
    // Each stage is a future: what it throws (NotGraded, say) reaches this thread at its
    // get(), and a future left behind by an exception is waited for as it goes.
    std::future<void> oracle = std::async(std::launch::async, [&] {
        gate.passed();
        requireWorkingRuns();
        report.isolation = isolationReport();
        if (assignment.packed != nullptr) prepareFunctionJudging(*assignment.packed);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            RunResult sampleRun;
            expected[i] = expectedRun(assignment, cases[i], options, &sampleRun);
            if (!sampleFailsTest(assignment, cases[i], expected[i], sampleRun, options).empty())
                unfairTests[i] = unfairTestText(options);
        }
    });
    struct OpenGate {  // on every way out the gate opens, before the oracle is waited for
        BuildGate &gate;
        ~OpenGate() { gate.open(); }
    } openGate{gate};

    const TemporaryDirectory buildFolder("dotsgrade-build");  // removed on every way out
    const fs::path &work = buildFolder.path();
    // The sandbox's uids must reach the build folder (and later the program and the
    // harness in it), but not list this one.
    fs::permissions(work, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    // Everything of this grading's on disk (the build, the links, the program) is capped
    // while it is written, not only checked after: a Makefile that writes gigabytes stops
    // at the cap (as root; elsewhere the build's own check after make stands alone).
    const CappedFolder cap(work.string(), kGradingFolderBytes);
    if (cap.capped() || !buildsWithMake(assignment, submission)) gate.open();

    // The source rules and the function checks need only the object: with one source they
    // start the moment it has compiled and go on beside the link, which keeps one core busy.
    BuildResult compiledBuild;           // the build as it stood then: its object, no program yet
    std::promise<bool> compiledPromise;  // whether compiledBuild is there to check
    const std::shared_future<bool> compiled = compiledPromise.get_future().share();
    bool promised = false;
    const std::function<void(bool)> objectsReady = [&](bool ready) {
        if (!promised) compiledPromise.set_value(ready);
        promised = true;
    };
    std::vector<TestOutcome> functionTests, ruleTests;
    // The objects' symbols serve the rules and tell the function stage which misnamed
    // functions to judge under their mandated names.
    std::promise<ObjectListing> listing;
    std::shared_future<ObjectListing> objects = listing.get_future().share();
    std::vector<Rename> renames;  // set by the function stage, used again by attributedRuns
    CourseWarnings courseSays;    // set by the rules' stage: what the course's command says
    FunctionFindings functionFindings;  // likewise
    std::future<void> rules = std::async(std::launch::async, [&] {
        bool listed = false;  // the function stage waits for the listing: it must never wait in vain
        try {
            if (!compiled.get()) return listing.set_value({});
            ObjectListing objectListing;
            objectListing.symbols = listSymbols(compiledBuild);
            listing.set_value(objectListing);
            listed = true;
            objectListing.disassembly = disassembly(compiledBuild);
            for (const RuleResult &rule : checkSourceRules(assignment, compiledBuild, objectListing)) {
                TestOutcome t = outcome("rules", "rule " + rule.id, rule.title);
                t.passed = rule.passed;
                t.output = rule.detail;
                // Lines that break the rule only where the code needs them: the compiler
                // decides, one line at a time.
                std::string needed, unneeded;
                for (const RuleResult::UnsureLine &unsure : rule.unsureLines)
                    (compilesWithout(assignment, compiledBuild, options.compilerFlags,
                                     {{unsure.source, {unsure.line}}})
                         ? unneeded
                         : needed) += unsure.said + "\n";
                if (!needed.empty()) {
                    t.passed = false;
                    t.output += needed +
                                "hint: your code needs these headers, so it uses something of the "
                                "library's besides cin and cout\n";
                }
                if (!unneeded.empty())
                    t.output +=
                        "not charged: your code compiles without these headers, and an include alone "
                        "uses no function (you may remove them):\n" +
                        unneeded;
                // "These functions must be called somewhere in your program": each mandated
                // function the program defines is referred to by another of its functions.
                if (rule.id == "prototypes" && !assignment.functions.empty()) {
                    const std::map<std::string, std::set<std::string>> graph = callGraph(compiledBuild);
                    std::string uncalled;
                    for (const MandatedFunction &f : assignment.functions) {
                        const Definition defined = definitionOf(f, objectListing);
                        if (!defined.exact || assignment.functionsTheTextOmits.count(f.name) != 0) continue;
                        const std::string symbol = defined.internal.empty() ? f.mangled : defined.internal;
                        if (!calledByLiveCode(graph, symbol))
                            uncalled += (uncalled.empty() ? "" : ", ") + f.name;
                    }
                    if (!uncalled.empty() && !graph.empty()) {
                        t.passed = false;
                        t.output += "never called by your program: " + uncalled +
                                    " (your assignment asks that its functions be called by the program, "
                                    "not copied or left beside it)\n";
                    }
                }
                ruleTests.push_back(t);
            }
            courseSays = courseWarnings(assignment, compiledBuild, options.compilerFlags, compiledBuild.byMakefile);
            // What the code after the preprocessor shows, however it was spelled, even where
            // the compiler computed it away: asm, library functions, floating point.
            const std::string &own = courseSays.ownCode;
            for (TestOutcome &t : ruleTests) {
                // A class's own operator[] is no array: where the source shows subscripts
                // and declares one, the compiler's view tells the two apart.
                if (t.name == "rule no_arrays" && !t.passed && declaresSubscriptOperator(own)) {
                    const std::string why = arraysTheCompilerSees(
                        own, compilerTrees(assignment, compiledBuild, options.compilerFlags));
                    if (why.empty()) {
                        t.passed = true;
                        t.output =
                            "the subscripts in your code call your class's operator[], as the compiler "
                            "sees them: no array\n";
                        continue;
                    }
                    t.output += why;
                }
                std::string found;
                if (t.name == "rule no_globals" && t.passed)
                    found = asmAfterPreprocessing(own) + libraryNamespaceAfterPreprocessing(own);
                else if (t.name == "rule no_arrays" && t.passed &&
                         (found = arraysAfterPreprocessing(own)).empty())
                    // An array needs no bracket on a line of its own where a template or
                    // decltype deduces its type from a string literal, nor where its brackets
                    // or braces stand on lines of their own (adversary rounds 23 and 23b):
                    // the compiler's view of the student's functions tells.
                    found = arraysInTrees(compilerTrees(assignment, compiledBuild, options.compilerFlags));
                else if (t.name == "rule no_library" && !(found = inlinedLibraryCalls(own, objectListing)).empty())
                    found += "(the compiler computed these library functions in place: still library use)\n";
                else if (t.name == "rule no_floating_point" && t.passed && !(found = floatingAfterPreprocessing(own)).empty())
                    found += "hint: the 18-digit encoding must be computed with integers only\n";
                if (found.empty()) continue;
                t.passed = false;
                t.output += found;
            }
            // A rule only the spec states: what it finds is shown, never charged.
            for (TestOutcome &t : ruleTests)
                if (!t.passed &&
                    assignment.rulesTheTextOmits.count(t.name.substr(std::string("rule ").size())) != 0) {
                    t.credit = 1;
                    t.output =
                        "not charged: your assignment's text does not forbid this; the spec advises it "
                        "(a floating-point power of ten can be off by one)\n" +
                        t.output;
                }
        } catch (...) {
            if (!listed) listing.set_exception(std::current_exception());
            throw;
        }
    });
    std::future<void> functions = std::async(std::launch::async, [&] {
        if (assignment.functions.empty() || !compiled.get()) return;
        renames = misnamedFunctions(assignment, objects.get());
        functionFindings =
            functionStage(assignment, packedGame(assignment), compiledBuild, renames, options, functionTests);
    });
    struct StopStages {  // on every way out, the stages are told whether to go on before they are waited for
        const std::function<void(bool)> &objectsReady;
        ~StopStages() { objectsReady(false); }
    } stopStages{objectsReady};

    BuildResult build = buildSubmission(assignment, submission, work.string(),
                                        options.compilerFlags, [&](const BuildResult &soFar) {
                                            // A link that leaves a file out must not follow checks of it.
                                            if (soFar.objects.size() != 1) return;
                                            compiledBuild = soFar;
                                            objectsReady(true);
                                        });
    gate.open();
    if (!promised) {  // a build by make, or of several files: the stages start now
        compiledBuild = build;
        objectsReady(build.compiled);
    }

    std::vector<TestOutcome> &tests = report.tests;
    TestOutcome buildTest = plan[0], warnings = plan[1];
    buildTest.passed = build.compiled;
    buildTest.output = build.notes + (build.compiled ? "" : build.diagnostics);
    warnings.passed = build.compiled && !build.warned;
    if (!build.compiled)
        warnings.output = "not checked: the submission does not compile\n";
    else if (build.warned)
        warnings.output = build.diagnostics;
    tests.push_back(buildTest);
    tests.push_back(warnings);
    if (!build.compiled) {  // nothing else can run: every other test scores 0
        requireRoomToBuild(build);
        requireBuildWorks(assignment, options);
        // A build that failed with dotslab's copy of a file the course hands out (eight's
        // board.h, which its text never asks students to turn in) may have failed on that
        // copy: the grader cannot know the lab's own (adversary round 26: 0 for a lab handed
        // in as its text says, 100 with the lab's board.h). The course's copy settles it.
        if (!build.suppliedOurCopies.empty()) {
            const std::string &header = build.suppliedOurCopies.front();
            throw NotGraded("the build failed with dotslab's copy of " + header + ", which the " +
                            assignment.name +
                            " text hands out and the submission need not hold, and which may " +
                            "differ from your course's: grade again with --provided PATH/" + header +
                            " (the course's copy)");
        }
        for (std::size_t i = 2; i < plan.size(); ++i) {
            plan[i].output = "not run: the submission does not compile\n";
            tests.push_back(plan[i]);
        }
        oracle.get();
        score(tests, rubricFor(assignment, options), options.visibility);
        return report;
    }

    // Run every case, parallelRuns at once; judge them in order once the oracle is done.
    // A run out of its time is run again: a time verdict moves with the machine's
    // load (adversary round 21: a program at 8-9 s of its 10 s scored 94 and 100 in a row),
    // so one holds only where the second run runs out too. Once two have, the program is
    // slow, not unlucky: the rest stand as they are (a program that hangs in every game
    // is not graded twice as long).
    std::vector<RunResult> actual(cases.size());
    std::atomic<int> slowTwice{0};
    const std::size_t runners = static_cast<std::size_t>(std::max(1, options.parallelRuns));
    runTogether(runners, [&](std::size_t k) {
        const SandboxHolder sandbox(build.program, options.limits);  // one for all this thread's runs
        auto run = [&](std::size_t i) {
            return withWorkingSandbox(runCase(build.program, cases[i], options, true, &sandbox), [&] {
                return runCase(build.program, cases[i], options, true, &sandbox);
            });
        };
        auto outOfTime = [](const RunResult &r) { return r.cpuLimited || r.timedOut; };
        for (std::size_t i = k; i < cases.size(); i += runners) {
            actual[i] = run(i);
            if (!outOfTime(actual[i]) || slowTwice.load() >= 2) continue;
            RunResult again = run(i);
            if (outOfTime(again)) ++slowTwice;
            actual[i] = std::move(again);
        }
    });
    rules.get();
    report.ownCode = courseSays.ownCode;
    // Warnings are the course's command's, whatever the student's Makefile or pragmas say.
    TestOutcome &warned = tests[1];
    if (!courseSays.said.empty()) {
        warned.passed = false;
        warned.output += "with the course's compile command (" + compileCommand(assignment, options) +
                         "), not your Makefile's:\n" + courseSays.said;
    }
    if (!courseSays.silencers.empty()) {
        warned.passed = false;
        warned.output += "your code silences warnings, which counts as a warning here:\n" + courseSays.silencers;
    }
    // The boxes, dotscomputer and eight texts never mention warnings nor how to compile:
    // a program the compiler builds is what they ask (adversary round 24: 95 for one
    // signed loop index). An instructor's rubric that names the category charges them.
    if (!warned.passed && !assignment.textAsksNoWarnings && options.rubric.count("warnings") == 0) {
        warned.credit = 1;
        warned.output =
            "not charged: your assignment's text does not ask for code free of warnings; the "
            "compiler's are shown for you to fix\n" +
            warned.output;
    }
    functions.get();
    oracle.get();
    const std::vector<bool> unended = withLastNewlines(expected, actual);
    const std::vector<bool> endsMidGame = judgedUpToTheInputsEnd(assignment, cases, expected, actual);
    tests.insert(tests.end(), ruleTests.begin(), ruleTests.end());
    tests.insert(tests.end(), functionTests.begin(), functionTests.end());
    std::vector<Verdict> verdicts;
    for (std::size_t i = 0; i < cases.size(); ++i)
        verdicts.push_back(compareRuns(expected[i], actual[i], options.compare,
                                       assignment.compareStandardError,
                                       comparesStatus(assignment, cases[i])));
    // Where the text reads two ways and our reference plays both, the program is graded
    // against the reading more of its runs follow: one reading for all of them. Only a
    // program that fails a run pays for the second reading's runs (of our reference).
    const Assignment::OtherReading *reading = nullptr;
    auto passedRuns = [](const std::vector<Verdict> &all) {
        return std::count_if(all.begin(), all.end(), [](const Verdict &v) { return v.passed; });
    };
    for (const Assignment::OtherReading &other : assignment.otherReadings) {
        if (!options.sample.empty() || passedRuns(verdicts) == static_cast<long>(cases.size())) break;
        std::vector<RunResult> otherExpected(cases.size());
        std::vector<Verdict> otherVerdicts;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            otherExpected[i] = expectedRun(assignment, cases[i], options, &other, &expected[i]);
            otherVerdicts.push_back(compareRuns(otherExpected[i], actual[i], options.compare,
                                                assignment.compareStandardError,
                                                comparesStatus(assignment, cases[i])));
        }
        if (passedRuns(otherVerdicts) > passedRuns(verdicts)) {
            expected = std::move(otherExpected);
            verdicts = std::move(otherVerdicts);
            reading = &other;
        }
    }
    const Attribution attribution =
        functionFindings.forgivable != 0
            ? attributedRuns(assignment, options, cases, actual, verdicts, functionFindings)
            : Attribution(cases.size());
    report.outputPolicy = outputPolicyFor(assignment, options);
    std::vector<ComparedRun> compared(cases.size());  // the runs as the differences see them
    const std::map<std::string, double> rubric = rubricFor(assignment, options);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        ComparedRun &run = compared[i];
        run.expectedOut = savedFilesText(expected[i], expected[i], options.compare) +
                          normalisedText(expected[i].out, options.compare);
        run.actualOut = savedFilesText(expected[i], actual[i], options.compare) +
                        normalisedText(actual[i].out, options.compare);
        if (assignment.compareStandardError) {
            run.expectedErr = normalisedText(expected[i].err, options.compare);
            run.actualErr = normalisedText(actual[i].err, options.compare);
        }
        run.expectedStatus = expected[i].status;
        run.actualStatus = comparesStatus(assignment, cases[i]) ? actual[i].status : expected[i].status;
        run.endedNormally = actual[i].exited();
        const auto visibility = options.visibility.find(cases[i].category);
        run.shown = visibility == options.visibility.end() || visibility->second == "visible";
        const auto points = rubric.find(cases[i].category);
        run.counts = points != rubric.end() && points->second > 0;
    }
    // Why a run is not the program's to answer for: lines its text does not settle, or a
    // case worth nothing the sample did not finish ("": it is).
    std::vector<std::string> setAside =
        onUnsettledLinesOnly(assignment, options, reading, build.program, cases, actual, verdicts);
    for (std::size_t i = 0; i < cases.size(); ++i)
        if (!expected[i].exited() && !cases[i].expectedOut)  // worth nothing (expectedRun)
            setAside[i] = std::string(kNotJudged) + " the sample solution did not finish it (" +
                           expected[i].ending() + ")\n";
        else if (!unfairTests[i].empty())
            setAside[i] = std::string(kNotJudged) + " " + unfairTests[i];
    // Returns the program's distinct differences and its run tests, the runs of notCharged
    // and of setAside forgiven (runs forgiven through a function's mistake, or set aside,
    // are no differences of the program's own), each run judged again without the differences.
    auto judgeRuns = [&](const std::vector<std::string> &notCharged) {
        for (std::size_t i = 0; i < cases.size(); ++i)
            compared[i].differs = !verdicts[i].passed && notCharged[i].empty() && setAside[i].empty();
        std::pair<DifferenceFindings, std::vector<TestOutcome>> judged;
        judged.first = findDifferences(compared);
        judged.second = judgedRuns(assignment, options, cases, expected, actual, verdicts, notCharged,
                                   setAside, judged.first, report.outputPolicy);
        return judged;
    };
    // Returns the grade's tests with these run tests, scored.
    auto scored = [&](std::vector<TestOutcome> all, std::vector<TestOutcome> runs) {
        all.insert(all.end(), std::make_move_iterator(runs.begin()), std::make_move_iterator(runs.end()));
        score(all, rubricFor(assignment, options), options.visibility);
        return all;
    };
    auto [differences, runTests] = judgeRuns(attribution.notes);
    std::vector<TestOutcome> graded = scored(tests, std::move(runTests));
    // A mistake is charged once, where it costs the most. Forgiven runs cost the program
    // nothing because the functions are charged instead; where the runs would cost more,
    // they are charged and those functions are not. Otherwise a function could be made
    // wrong on purpose to buy a main's mistake cheaply: the same output never earns more
    // than it earns from a program whose functions are right.
    if (attribution.named != 0) {
        auto [inRunsDifferences, inRunsTests] = judgeRuns(std::vector<std::string>(cases.size()));
        std::vector<TestOutcome> functionsFree = tests;
        for (std::size_t k = 0; k < assignment.functions.size(); ++k) {
            if (!(attribution.named >> k & 1)) continue;
            for (TestOutcome &t : functionsFree)
                if (t.name == "function " + assignment.functions[k].name) {
                    t.credit = 1;
                    t.charge = 0;
                    t.output =
                        "not charged here: its wrong answers make your program's runs differ, and "
                        "they cost more there, where they are charged (a mistake is charged once, "
                        "where it costs the most)\n" +
                        t.output;
                }
        }
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (attribution.functions[i].empty()) continue;
            const std::string why = "charged here, not under your " + attribution.functions[i] +
                                    ": a right main calling your functions prints exactly what your program "
                                    "printed, through their wrong answers, and here it costs more\n";
            for (TestOutcome &t : inRunsTests)
                if (t.name == cases[i].name) t.output = why + t.output;
        }
        std::vector<TestOutcome> inRuns = scored(std::move(functionsFree), std::move(inRunsTests));
        if (totalScore(inRuns) < totalScore(graded)) {
            graded = std::move(inRuns);
            differences = std::move(inRunsDifferences);
        }
    }
    report.differences = differences.differences;
    tests = std::move(graded);
    noteUnendedLastLines(tests, cases, unended);
    for (std::size_t i = 0; i < cases.size(); ++i)
        for (TestOutcome &t : tests)
            if (endsMidGame[i] && t.name == cases[i].name)
                t.output =
                    "noted: this test's input ends mid-game, and your assignment's text does not say "
                    "what a program does then: your output is judged up to the prompt for the move "
                    "the input lacks, not after it\n" +
                    t.output;
    if (reading != nullptr)  // said where the runs are judged
        for (TestOutcome &t : tests)
            if (std::any_of(cases.begin(), cases.end(),
                            [&](const ProgramCase &c) { return c.category == t.category; }))
                t.output = "graded as your program reads the text: " + reading->said + "\n" + t.output;
    return report;
}

GradeReport gradeOrSayWhyNot(const Assignment &assignment, const std::string &submission,
                             const GradeOptions &options) {
    std::string why;
    try {
        // A file that is no source, handed in whole (a zip from a course site): not a
        // program of 0, nor a row left out of a batch; the instructor unpacks it (adversary
        // round 25: a zip scored 0 alone and got no row in a batch).
        if (fs::is_regular_file(submission) && !assignment.isSource(submission))
            throw NotGraded(fs::path(submission).filename().string() +
                            " is not a source file or a folder of them (an archive? unpack it into a folder "
                            "named for the student, e.g. unzip -d NAME NAME.zip, and grade that folder)");
        return gradeSubmission(assignment, submission, options);
    } catch (const NotGraded &e) {
        why = e.what();
    } catch (const std::exception &e) {  // a file, the disk, memory: all the grader's own
        why = std::string("the grader failed: ") + e.what();
    }
    GradeReport report;
    report.assignment = assignment.name;
    report.submission = submission;
    report.isolation = isolationReport();
    report.notGraded = why;
    report.tests = plannedTests(assignment, options);
    for (TestOutcome &t : report.tests) {
        t.score = 0;
        t.output = "not graded\n";
    }
    return report;
}

}  // namespace dotslab::grader
