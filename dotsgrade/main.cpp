// dotsgrade — the instructor's autograder for every assignment of the project.
//
//   dotsgrade ASSIGNMENT SUBMISSION [options]    grade one submission
//   dotsgrade ASSIGNMENT --batch DIR [options]   grade every submission under DIR
//   dotsgrade ASSIGNMENT --explain               list every test, what it does, its points
//
// The contract is ../shared/specs/dotsgrade.md. Exit status: 0 when the grading itself
// worked (whatever the scores), 1 when the grader failed (in batch mode: when any
// submission was not graded), 2 for a bad command line.
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <locale>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>
#include <sstream>
#include <thread>

#include "build.h"
#include "class_report.h"
#include "course_file.h"
#include "data_files.h"
#include "files/files.h"
#include "files/transcript_case.h"
#include "grade.h"
#include "gradescope_kit.h"
#include "process/capped_folder.h"
#include "process/run_group.h"
#include "report.h"
#include "text/characters.h"
#include "text/text_diff.h"

namespace {

namespace fs = std::filesystem;
using namespace dotslab::grader;

struct CommandLine {
    std::string assignment, submission, batchDir, jsonPath, junitPath, rubricPath, compare = "exact";
    std::string outputPolicy;  // "" : the assignment's own
    std::string classroomPath;                   // GitHub Classroom's grader result
    std::string htmlPath, summaryPath, starter;  // batch: the class report and summary; the starter code
    bool similarity = false;                     // batch: look for submissions alike
    int similarityThreshold = 50;
    bool explain = false;
    bool unsafeNoSandbox = false;  // grade even where no sandbox works
    int jobs = 1;
    GradeOptions options;
};

// Reads the rubric in the JSON file at path into options: per category its points, or
// {"points": N, "visibility": "hidden"} (Gradescope's visible, hidden, after_due_date,
// after_published). Anything else is a command-line error (exit 2).
void readRubric(const std::string &path, GradeOptions &options) {
    std::ifstream in(path);
    if (!in) throw CLI::ValidationError("--rubric", "cannot read the rubric " + path);
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception &) {
        throw CLI::ValidationError("--rubric", path + " is not JSON: write {\"category\": points, ...}");
    }
    if (!json.is_object())
        throw CLI::ValidationError("--rubric",
                                   path + " must be one JSON object: {\"category\": points, ...}");
    const std::vector<std::string> &known = dotslab::grader::rubricCategories();
    const std::vector<std::string> visibilities = {"visible", "hidden", "after_due_date", "after_published"};
    std::string knownList;
    for (const std::string &category : known) knownList += (knownList.empty() ? "" : ", ") + category;
    for (auto &[category, value] : json.items()) {
        if (std::find(known.begin(), known.end(), category) == known.end())
            throw CLI::ValidationError("--rubric",
                                       "unknown category '" + category + "' (known: " + knownList + ")");
        const nlohmann::json points = value.is_object() ? value.value("points", nlohmann::json()) : value;
        if (!points.is_number() || points.get<double>() < 0)
            throw CLI::ValidationError("--rubric", "'" + category +
                                                       "' must be a number of points, 0 or more (or "
                                                       "{\"points\": N, \"visibility\": V})");
        options.rubric[category] = points.get<double>();
        if (!value.is_object() || !value.contains("visibility")) continue;
        const nlohmann::json &shown = value["visibility"];
        if (!shown.is_string() || std::find(visibilities.begin(), visibilities.end(),
                                            shown.get<std::string>()) == visibilities.end())
            throw CLI::ValidationError("--rubric", "'" + category +
                                                       "' visibility must be visible, hidden, after_due_date "
                                                       "or after_published");
        options.visibility[category] = shown.get<std::string>();
    }
}

// Returns the submissions under dir: each folder, each source file (any case of its
// extension) and each archive (a course site's zip: its row says to unpack it, where it got
// none before, adversary round 25), but none that a system made (a Mac's __MACOSX, a .git:
// no student, so no row). Any other file is named on standard error as skipped. Two with the same student
// name (alice.cpp and alice.cc) are an error naming both: one must never overwrite the other's row.
std::vector<fs::path> batchEntries(const Assignment &assignment, const std::string &dir) {
    std::vector<fs::path> entries;
    static const std::vector<std::string> kArchives = {".zip", ".tar", ".gz", ".tgz",
                                                       ".bz2", ".xz",  ".7z", ".rar"};
    for (const fs::directory_entry &entry : fs::directory_iterator(dir)) {
        if (madeByTheSystem(entry.path().filename())) continue;
        const std::string extension = dotslab::lowered(entry.path().extension().string());
        const bool archive = std::find(kArchives.begin(), kArchives.end(), extension) != kArchives.end();
        if (entry.is_directory() ||
            (entry.is_regular_file() && (assignment.isSource(entry.path()) || archive)))
            entries.push_back(entry.path());
        else
            std::cerr << "dotsgrade: skipped " << entry.path().filename().string()
                      << ": not a source file, a folder or an archive\n";
    }
    std::sort(entries.begin(), entries.end());
    std::map<std::string, fs::path> byStudent;
    for (const fs::path &entry : entries) {
        const auto [seen, fresh] = byStudent.try_emplace(entry.stem().string(), entry);
        if (!fresh)
            throw std::runtime_error("two submissions for student '" + entry.stem().string() +
                                     "': " + seen->second.filename().string() + " and " +
                                     entry.filename().string() + " (keep one)");
    }
    return entries;
}

// Returns the grade of submission (or why it is not graded), with how long it took.
GradeReport timedGrading(const Assignment &assignment, const std::string &submission,
                         const GradeOptions &options) {
    const auto started = std::chrono::steady_clock::now();
    GradeReport report = gradeOrSayWhyNot(assignment, submission, options);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return report;
}

// Shows progress on standard error: a bar with the time left on a terminal, else a plain
// line per submission (a log, CI).
void showProgress(std::size_t done, std::size_t total, const std::string &student, const GradeReport &report,
                  std::chrono::steady_clock::time_point started) {
    if (isatty(STDERR_FILENO) == 0) {
        std::cerr << "dotsgrade: " << done << "/" << total << " " << dotslab::controlsEscaped(student) << " "
                  << (report.notGraded.empty() ? points(report.score()) + "/" + points(report.maxScore())
                                               : "not graded: " + dotslab::controlsEscaped(report.notGraded))
                  << "\n";
        return;
    }
    const int width = 30;
    const int filled = total == 0 ? width : static_cast<int>(width * done / total);
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const long left = done == 0 ? 0 : static_cast<long>(spent / done * (total - done) + 0.5);
    std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << done << "/"
              << total << (done == total ? "            \n" : "  about " + std::to_string(left) + " s left  ")
              << std::flush;
}

int gradeBatch(const Assignment &assignment, const CommandLine &cl) {
    const std::vector<fs::path> entries = batchEntries(assignment, cl.batchDir);
    const std::vector<TestOutcome> planned = plannedTests(assignment, cl.options);
    std::vector<GradedStudent> results(entries.size());
    std::vector<bool> finished(entries.size(), false);
    std::size_t printed = 0;  // rows written so far: always a finished prefix, in order
    std::atomic<std::size_t> next{0};
    std::size_t done = 0;
    std::mutex progress;
    const auto started = std::chrono::steady_clock::now();
    std::cout << classCsvHeader(planned) << std::flush;
    auto worker = [&] {
        GradeOptions options = cl.options;
        for (std::size_t i; (i = next++) < entries.size();) {
            const std::string student = entries[i].stem().string();
            if (!cl.options.saveFailuresDir.empty())
                options.saveFailuresDir = (fs::path(cl.options.saveFailuresDir) / student).string();
            // One grading failing never loses the batch: it is that row's "not graded".
            // The instructor's own links (a batch folder of links to the students' files)
            // are followed here; links inside a submission never are.
            GradeReport report = timedGrading(assignment, fs::canonical(entries[i]).string(), options);
            report.unsandboxed = !dotslab::sandboxAvailable();
            if (!cl.jsonPath.empty())
                dotslab::writeFileText((fs::path(cl.jsonPath) / (student + ".json")).string(),
                                       gradescopeJson(report));
            if (!cl.junitPath.empty())
                dotslab::writeFileText((fs::path(cl.junitPath) / (student + ".xml")).string(),
                                       junitXml(report));
            std::lock_guard<std::mutex> lock(progress);
            results[i] = {student, entries[i].string(), std::move(report)};
            finished[i] = true;
            for (; printed < entries.size() && finished[printed]; ++printed)
                std::cout << classCsvRow(results[printed].student, results[printed].report, planned)
                          << std::flush;
            ++done;
            showProgress(done, entries.size(), student, results[i].report, started);
        }
    };
    if (!cl.jsonPath.empty()) fs::create_directories(cl.jsonPath);
    if (!cl.junitPath.empty()) fs::create_directories(cl.junitPath);
    std::vector<std::thread> workers;
    for (int job = 0; job < std::max(1, cl.jobs); ++job) workers.emplace_back(worker);
    for (std::thread &w : workers) w.join();

    // The class as a whole: pairs alike, the summary (standard error, and a file), the page.
    const std::vector<SimilarPair> pairs = cl.similarity
                                               ? similarPairs(assignment, results, cl.starter, cl.similarityThreshold)
                                               : std::vector<SimilarPair>{};
    const std::string summary = classSummary(results, pairs);
    std::cerr << summary;
    if (!cl.summaryPath.empty()) dotslab::writeFileText(cl.summaryPath, summary);
    if (!cl.htmlPath.empty()) dotslab::writeFileText(cl.htmlPath, classHtml(assignment.name, results, pairs));
    const auto notGraded = std::count_if(results.begin(), results.end(),
                                         [](const GradedStudent &s) { return !s.report.notGraded.empty(); });
    return notGraded == 0 ? 0 : 1;
}

// Throws with the fix unless student code can be sandboxed here or the user said
// --unsafe-no-sandbox (then untrusted runs are allowed without it).
void requireSandbox(const CommandLine &cl) {
    if (dotslab::sandboxAvailable()) return;
    if (!cl.unsafeNoSandbox)
        throw std::runtime_error(
            "no sandbox: bubblewrap (bwrap) is missing or cannot create namespaces here, so student code "
            "cannot be isolated and is not run. Install it (apt-get install bubblewrap); in a container, run "
            "it with user namespaces allowed (e.g. docker --security-opt seccomp=unconfined "
            "--security-opt apparmor=unconfined). To grade anyway without bubblewrap: --unsafe-no-sandbox (each run "
            "then keeps what this kernel still gives: Landlock, the seccomp filter, a uid of its own as root; "
            "the report's Isolation line says which)");
    dotslab::allowUnsandboxedRuns();
}

int run(const CommandLine &cl) {
    const Assignment &assignment = assignmentNamed(cl.assignment);
    dataFiles();  // every file checked before anything is graded: a missing one ends here, exit 1
    for (const SetupProblem &problem : setupProblems(assignment, cl.options))
        std::cerr << "dotsgrade: warning: " << problem.text << "\n";
    if (cl.explain) {
        writeExplanation(assignment, outputPolicyFor(assignment, cl.options), plannedTests(assignment, cl.options),
                         std::cout);
        return 0;
    }
    requireSandbox(cl);
    if (!cl.batchDir.empty() && !cl.classroomPath.empty())
        throw CLI::ValidationError("--classroom", "grades one submission (a repository's): not with --batch");
    if (!cl.batchDir.empty()) return gradeBatch(assignment, cl);
    if (cl.submission.empty()) throw CLI::ValidationError("give a SUBMISSION, --batch DIR or --explain");
    if (!fs::exists(cl.submission)) throw std::runtime_error("no such submission: " + cl.submission);
    GradeOptions options = cl.options;
    options.parallelRuns = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
    GradeReport report = timedGrading(assignment, fs::canonical(cl.submission).string(), options);
    report.unsandboxed = !dotslab::sandboxAvailable();
    writeTerminalReport(report, std::cout);
    // Not graded, no results.json at all: Gradescope reads a score from any it finds (a 0
    // for a grading that failed), and without one it shows its own "the autograder failed",
    // records nothing, and the instructor grades again once the cause is fixed.
    if (!cl.jsonPath.empty()) {
        std::error_code gone;
        fs::remove(cl.jsonPath, gone);
        if (report.notGraded.empty()) dotslab::writeFileText(cl.jsonPath, gradescopeJson(report));
    }
    if (!cl.junitPath.empty()) dotslab::writeFileText(cl.junitPath, junitXml(report));
    if (!cl.classroomPath.empty()) dotslab::writeFileText(cl.classroomPath, classroomJson(report));
    if (!report.notGraded.empty()) std::cerr << "dotsgrade: not graded: " << report.notGraded << "\n";
    return report.notGraded.empty() ? 0 : 1;
}

// Returns "" if path is a program this machine can start (an executable ELF file or a
// script with #!), else why not: a sample that cannot start would make every expected
// output an error and charge every student for it.
std::string notARunnableProgram(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    char start[4] = {0, 0, 0, 0};
    file.read(start, sizeof start);
    const bool elf =
        file.gcount() == 4 && start[0] == '\x7f' && start[1] == 'E' && start[2] == 'L' && start[3] == 'F';
    const bool script = file.gcount() >= 2 && start[0] == '#' && start[1] == '!';
    if (!elf && !script)
        return path +
               " is not a program this machine can run (a source file, or a Windows .exe?): build the sample "
               "here";
    if (access(path.c_str(), X_OK) != 0) return path + " is not executable: chmod +x it";
    return "";
}

// Adds the options that decide how any one submission is graded (and so travel into a
// Gradescope kit): extra tests, comparison, random cases, limits, build, rubric.
void addGradingOptions(CLI::App &app, CommandLine &cl) {
    // A course file (TOML or INI) holds any of these options under its long name, e.g.
    // compiler-flags = "-std=c++17 -Wall -pedantic"; the command line wins over it, and an
    // unknown name is a bad command line.
    // A relative path in it is taken from its folder.
    auto courseFile = std::make_shared<CourseFile>(
        std::set<std::string>{"tests", "rubric", "sample", "starter", "batch", "save-failures", "json",
                              "junit", "classroom", "html", "summary", "output", "provided"});
    app.config_formatter(courseFile);
    CLI::Option *course =
        app.set_config("--course", "", "a course file: any grading option below as name = value (TOML)")
            ->check(CLI::ExistingFile);
    courseFile->namedBy(course);
    app.allow_config_extras(CLI::config_extras_mode::error);
    // Its cases are read now: a malformed one is the command line's fault, said before any
    // grading starts, never a grading that fails.
    const CLI::Validator readableCases(
        [](std::string &folder) {
            try {
                dotslab::readTranscriptCases(folder);
                return std::string();
            } catch (const dotslab::TranscriptCaseError &e) {
                return std::string(e.what());
            }
        },
        "");
    app.add_option("--tests", cl.options.testsDir, "extra tests: NAME.in, .args, .out, .err, .rc, .desc")
        ->check(CLI::ExistingDirectory)
        ->check(readableCases);
    app.add_option("--compare", cl.compare, "exact (default), trailing or all")
        ->check(CLI::IsMember({"exact", "trailing", "all"}));
    app.add_option("--output-policy", cl.outputPolicy,
                   "strict or per-mistake: what a run whose output differs earns (default: as the assignment's "
                   "text says, see --explain)")
        ->check(CLI::IsMember({"strict", "per-mistake"}));
    app.add_option("--fuzz", cl.options.fuzzGames,
                   "random games of valid moves compared with the sample solution (default 50)")
        ->check(CLI::Range(0, 100000));
    app.add_option("--malformed", cl.options.malformedInputs,
                   "random malformed inputs compared with the sample solution (robustness; default 20)")
        ->check(CLI::Range(0, 100000));
    app.add_option(
        "--seed", cl.options.seed,
        "seed of the random games and inputs: a number or any text (default: each submission's own, "
        "the SHA-256 of its files, shown in its report)");
    app.add_option("--timeout", cl.options.limits.seconds,
                   "seconds of processor time per run (default 2; a run that waits is stopped after 4 times "
                   "as long and 2 s more on the clock)")
        ->check(CLI::Range(0.1, 600.0));
    app.add_option("--memory", cl.options.limits.memoryMb, "megabytes per run (default 256)")
        ->check(CLI::Range(16, 65536));
    app.add_option("--output-limit", cl.options.limits.outputKb, "kilobytes of output per run (default 1024)")
        ->check(CLI::Range(1, 1 << 20));
    app.add_option("--compiler-flags", cl.options.compilerFlags,
                   "replace the assignment's compile flags (default: the course's, see --explain)");
    app.add_option("--provided", cl.options.providedFiles,
                   "a file the course hands out (eight's board.h), supplied where a source includes it and "
                   "the submission has none (default: dotslab's copy); once per file")
        ->check(CLI::ExistingFile);
    app.add_flag("--unsafe-no-sandbox", cl.unsafeNoSandbox,
                 "grade even where bubblewrap cannot run: student code then runs WITHOUT isolation");
    std::string categories;
    for (const std::string &category : dotslab::grader::rubricCategories())
        categories += (categories.empty() ? "" : ", ") + category;
    app.add_option("--rubric", cl.rubricPath,
                   "JSON: per category (" + categories +
                       ") its points, or {\"points\": N, \"visibility\": \"hidden\"} (Gradescope's visible, "
                       "hidden, after_due_date, after_published)")
        ->check(CLI::ExistingFile);
}

// Turns the grading options as parsed into GradeOptions: the names into modes, the rubric
// read, the provided files' paths made absolute (two of one name are a bad command line:
// which one is supplied would be no instructor's choice).
void settleGradingOptions(CommandLine &cl) {
    cl.options.compare = dotslab::compareModeNamed(cl.compare);
    if (!cl.outputPolicy.empty()) cl.options.outputPolicy = outputPolicyNamed(cl.outputPolicy);
    if (!cl.rubricPath.empty()) readRubric(cl.rubricPath, cl.options);
    std::set<std::string> names;
    for (std::string &path : cl.options.providedFiles) {
        path = fs::absolute(path).lexically_normal().string();
        if (!names.insert(fs::path(path).filename().string()).second)
            throw CLI::ValidationError("--provided",
                                       "two files called " + fs::path(path).filename().string());
    }
}

// Returns x as a person writes it: 2, 0.5.
std::string shortNumber(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
}

// Returns the kit that grades as cl says: every grading option written out explicitly.
KitRequest kitRequest(const CommandLine &cl, const std::string &output) {
    const GradeOptions &o = cl.options;
    KitRequest kit{cl.assignment, output, cl.rubricPath, o.testsDir, o.providedFiles, {}};
    kit.options = {"--compare",      cl.compare,
                   "--fuzz",         std::to_string(o.fuzzGames),
                   "--malformed",    std::to_string(o.malformedInputs),
                   "--timeout",      shortNumber(o.limits.seconds),
                   "--memory",       std::to_string(o.limits.memoryMb),
                   "--output-limit", std::to_string(o.limits.outputKb)};
    if (!o.seed.empty()) kit.options.insert(kit.options.end(), {"--seed", o.seed});
    if (!o.compilerFlags.empty())
        kit.options.insert(kit.options.end(), {"--compiler-flags", o.compilerFlags});
    if (!cl.outputPolicy.empty()) kit.options.insert(kit.options.end(), {"--output-policy", cl.outputPolicy});
    if (cl.unsafeNoSandbox) kit.options.push_back("--unsafe-no-sandbox");
    return kit;
}

}  // namespace

namespace {

// Every temporary folder of this dotsgrade lives under one root (TMPDIR points there),
// removed on every way out: a normal end, an error, or Ctrl-C, SIGTERM or SIGHUP, which a
// thread of its own waits for (they are blocked everywhere else, runs excepted).
class TemporaryRoot {
  public:
    TemporaryRoot() {
        sigset_t stops = stopSignals();
        pthread_sigmask(SIG_BLOCK, &stops, nullptr);
        // An empty TMPDIR means none, as for mktemp and the C library; a relative one is
        // taken from here, since the runs start elsewhere.
        for (const char *name : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) {
            const char *value = std::getenv(name);
            if (value == nullptr) continue;
            if (*value == '\0')
                unsetenv(name);
            else
                setenv(name, fs::absolute(value).lexically_normal().c_str(), 1);
        }
        // The sandbox's users must be able to reach the folders inside.
        for (fs::path up = fs::temp_directory_path(); !up.empty() && up != up.root_path();
             up = up.parent_path())
            if ((fs::status(up).permissions() & fs::perms::others_exec) == fs::perms::none)
                throw std::runtime_error(
                    "the temporary folder " + up.string() +
                    " is closed to other users, so sandboxed runs cannot reach their files: "
                    "point TMPDIR elsewhere (or chmod o+x it)");
        std::string pattern = (fs::temp_directory_path() / "dotsgrade-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a temporary folder");
        path_ = pattern;
        fs::permissions(path_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        setenv("TMPDIR", path_.c_str(), 1);
        std::thread([stops, root = path_] {
            int signal = 0;
            sigwait(&stops, &signal);
            std::cerr << "dotsgrade: stopped by signal " << signal << "; cleaning up\n";
            dotslab::stopEveryRun();
            dotslab::removeOurGroups();
            // The other threads may still be making files (or a sandbox's mounts) in there,
            // slowly on a loaded machine (or under ThreadSanitizer): try until it is gone,
            // thirty seconds at most.
            for (int round = 0; round < 3000 && fs::exists(root); ++round) {
                if (round > 0) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
                    dotslab::stopEveryRun();
                }
                dotslab::unmountUnder(root.string());
                std::error_code ignored;
                fs::remove_all(root, ignored);
            }
            std::_Exit(128 + signal);
        }).detach();
    }
    ~TemporaryRoot() {
        dotslab::unmountUnder(path_.string());
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }

  private:
    static sigset_t stopSignals() {
        sigset_t set;
        sigemptyset(&set);
        for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
        return set;
    }
    fs::path path_;
};

}  // namespace

int main(int argc, char **argv) {
    // A shell's small soft stack limit (ulimit -S -s 64) is also every thread's stack here:
    // dotsgrade died of it with no report (adversary round 22b). Raised as far as the hard
    // limit allows, 8 MB at most, and started again so that the threads have it too.
    if (struct rlimit stack{}; getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY &&
                               stack.rlim_cur < (8u << 20) && stack.rlim_cur < stack.rlim_max &&
                               std::getenv("DOTSGRADE_STACK_RAISED") == nullptr) {
        stack.rlim_cur = std::min<rlim_t>(stack.rlim_max, 8u << 20);
        if (setrlimit(RLIMIT_STACK, &stack) == 0) {
            setenv("DOTSGRADE_STACK_RAISED", "1", 1);
            execv("/proc/self/exe", argv);
        }
    }
    // The grader's own files (objects, links, copies) are read by the runs' unprivileged
    // uids: a hardened umask (027, 077) made every dotsboxes grading "not graded" (adversary
    // round 21). Its folders keep their own modes (mkdtemp: 0700, opened where runs need it).
    umask(022);
    // std::regex narrows characters through the locale's ctype facet, which caches each
    // character the first time it is narrowed: two gradings of a batch doing that at once
    // race on the cache (ThreadSanitizer saw it, and stopped a batch). Filled here, before
    // any thread, the cache is only read.
    const auto &characters = std::use_facet<std::ctype<char>>(std::locale());
    for (int c = 1; c < 256; ++c) (void)characters.narrow(characters.widen(static_cast<char>(c)), '\0');
    // A reader that stops early (`dotsgrade --batch … | head`) or a file-size limit met while
    // writing a report is an error to handle, not the end of every grading left: a batch
    // lost its other students' rows (adversary round 22). The runs get both back (the run
    // starter restores every signal's default).
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    std::unique_ptr<TemporaryRoot> temporaryRoot;
    try {
        temporaryRoot = std::make_unique<TemporaryRoot>();
    } catch (const std::exception &e) {  // before anything is read: no grading can be made
        std::cerr << "dotsgrade: not graded: cannot make the grader's temporary folder (" << e.what()
                  << "); set TMPDIR to a writable folder\n";
        return 1;
    }
    CommandLine cl;
    std::string known;
    for (const std::string &n : assignmentNames()) known += (known.empty() ? "" : ", ") + n;
    // `dotsgrade gradescope ASSIGNMENT -o autograder.zip [grading options]`: the kit.
    if (argc >= 2 && std::string(argv[1]) == "gradescope") {
        CLI::App kit{
            "dotsgrade gradescope: write a Gradescope autograder zip (setup.sh, run_autograder) that "
            "grades every submission with these options"};
        kit.add_option("assignment", cl.assignment, "one of: " + known)
            ->required()
            ->check(CLI::IsMember(assignmentNames()));
        kit.name("dotsgrade gradescope");
        std::string output;
        kit.add_option("-o,--output", output, "the zip to write (upload it to Gradescope)")->required();
        addGradingOptions(kit, cl);
        try {
            kit.parse(argc - 1, argv + 1);
            settleGradingOptions(cl);
            const Assignment &assignment = assignmentNamed(cl.assignment);
            // Gradescope grades every student with the kit before anyone reads a report: what
            // would grade them all unfairly stops it here, where the instructor is.
            const std::vector<SetupProblem> problems = setupProblems(assignment, cl.options);
            for (const SetupProblem &problem : problems)
                std::cerr << "dotsgrade gradescope: " << (problem.unfair ? "" : "warning: ") << problem.text
                          << "\n";
            if (std::any_of(problems.begin(), problems.end(),
                            [](const SetupProblem &p) { return p.unfair; })) {
                std::cerr << "dotsgrade gradescope: no kit written: every student would be graded with the "
                             "problems above\n";
                return 2;
            }
            writeGradescopeKit(kitRequest(cl, output));
            const std::vector<TestOutcome> planned = plannedTests(assignment, cl.options);
            const double most =
                std::accumulate(planned.begin(), planned.end(), 0.0,
                                [](double sum, const TestOutcome &t) { return sum + t.maxScore; });
            std::cout << "wrote " << output
                      << ": upload it as a Gradescope autograder (Ubuntu 22.04 base image)"
                      << "; give the assignment " << dotslab::grader::points(most)
                      << " autograder points, the most a grading gives\n";
            return 0;
        } catch (const CLI::ParseError &e) {
            return kit.exit(e) == 0 ? 0 : 2;
        } catch (const std::exception &e) {
            std::cerr << "dotsgrade: " << e.what() << "\n";
            return 1;
        }
    }
    CLI::App app{
        "dotsgrade: the instructor's autograder for the dotslab assignments\n"
        "  dotsgrade gradescope ASSIGNMENT -o autograder.zip [options]: a Gradescope autograder kit"};
    app.set_version_flag("--version", "dotsgrade " DOTSLAB_VERSION);
    app.add_option("assignment", cl.assignment, "one of: " + known)
        ->required()
        ->check(CLI::IsMember(assignmentNames()));
    app.add_option("submission", cl.submission, "a source file or a folder of sources");
    app.add_option("--batch", cl.batchDir, "grade every submission (file or folder) under DIR")
        ->check(CLI::ExistingDirectory);
    app.add_flag("--explain", cl.explain, "list every test: what it runs, what it compares, its points");
    app.add_option("--sample", cl.options.sample,
                   "the instructor's sample program: expected outputs come from it")
        ->check(CLI::ExistingFile)
        ->check(CLI::Validator(notARunnableProgram, "PROGRAM"));
    app.add_option(
        "--save-failures", cl.options.saveFailuresDir,
        "write every failing case into DIR as a --tests case (a folder per student in batch mode)");
    app.add_option("--json", cl.jsonPath, "write Gradescope results.json (a folder of them in batch mode)");
    app.add_option("--junit", cl.junitPath, "write JUnit XML (a folder of files in batch mode)");
    app.add_option(
        "--classroom", cl.classroomPath,
        "write the result GitHub Classroom's autograding reporter reads (see deploy/github-classroom)");
    app.add_option("--jobs", cl.jobs, "parallel gradings in batch mode (default 1)")
        ->check(CLI::Range(1, 64));
    app.add_option("--html", cl.htmlPath, "batch: write the class report, one self-contained HTML page");
    app.add_option("--summary", cl.summaryPath,
                   "batch: write the class summary (also on standard error) into FILE");
    app.add_flag("--similarity", cl.similarity,
                 "batch: list pairs of submissions alike (sim_c/sim_c++ from similarity-tester)");
    app.add_option("--similarity-threshold", cl.similarityThreshold, "batch: the least percentage shown (50)")
        ->check(CLI::Range(1, 100));
    app.add_option("--starter", cl.starter,
                   "batch: the starter code everyone was given, left out of --similarity")
        ->check(CLI::ExistingFile);
    addGradingOptions(app, cl);
    try {
        app.parse(argc, argv);
        settleGradingOptions(cl);
        return run(cl);
    } catch (const CLI::ParseError &e) {
        return app.exit(e) == 0 ? 0 : 2;
    } catch (const std::exception &e) {
        // A grading asked for and failed on the grader's side (its files, its temporary
        // folder): said as such, never a score.
        const bool grading = !cl.explain && (!cl.submission.empty() || !cl.batchDir.empty());
        std::cerr << "dotsgrade: " << (grading ? "not graded: " : "") << e.what() << "\n";
        // Where a results.json was asked for (a Gradescope run), there is none: see run().
        if (!cl.jsonPath.empty() && cl.batchDir.empty()) {
            std::error_code gone;
            fs::remove(cl.jsonPath, gone);
        }
        return 1;
    }
}
