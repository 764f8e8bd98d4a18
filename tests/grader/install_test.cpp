// dotsgrade installed (cmake --install) and handed on: the tree grades wherever it is moved
// and in a private (0700) folder, as root and as the user who owns it, and the Gradescope
// kit made by an installed dotsgrade builds from its own source and grades in a root of
// its own. Installing takes seconds; building the kit takes minutes (on two cores).
#define BOOST_TEST_MODULE dotsgrade_install
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <iterator>
#include <sstream>

#include "grading_helpers.h"

using namespace dotslab::grader::testing;

namespace {

// The user who owns the tree in the tests of a tree graded as its owner: not root, so
// that its runs are sandboxed as itself (nobody, on Debian and Ubuntu).
constexpr uid_t kOwner = 65534;

// Installs the build tree into prefix.
void install(const fs::path &prefix) {
    const RunResult run = dotslab::runTrusted(
        "/usr/bin/cmake", {"--install", DOTSLAB_BUILD_DIR, "--prefix", prefix.string()}, "", 120);
    BOOST_TEST_REQUIRE(run.status == 0, run.out << run.err);
}

// Returns a new folder at path that only its owner may enter (as most homes are).
fs::path privateFolder(const fs::path &path) {
    fs::create_directories(path);
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

// Returns the words before a command that make it run as kOwner, in its home, with an
// environment of its own (its temporary folders in tmp).
std::vector<std::string> asOwner(const fs::path &home, const fs::path &tmp) {
    const std::string id = std::to_string(kOwner);
    return {"/usr/bin/setpriv",
            "--reuid=" + id,
            "--regid=" + id,
            "--clear-groups",
            "/usr/bin/env",
            "-i",
            "-C",
            home.string(),
            "HOME=" + home.string(),
            "TMPDIR=" + tmp.string(),
            "PATH=/usr/bin:/bin"};
}

// Grades the dotsboxes reference (copied into folder, the report written there) with the
// dotsgrade in prefix, run after the words `as` (none: by us); checks that it gets full
// marks, every test passed.
void expectFullMarks(const fs::path &prefix, const fs::path &folder, std::vector<std::string> as = {}) {
    const fs::path submission = folder / "dotsboxes.cpp", jsonPath = folder / "report.json";
    fs::copy_file(kSource / "dotsboxes" / "dotsboxes.cpp", submission, fs::copy_options::overwrite_existing);
    const std::vector<std::string> grading = {(prefix / "bin" / "dotsgrade").string(),
                                              "dotsboxes",
                                              submission.string(),
                                              "--fuzz",
                                              "3",
                                              "--malformed",
                                              "3",
                                              "--json",
                                              jsonPath.string()};
    std::vector<std::string> command = std::move(as);
    command.insert(command.end(), grading.begin(), grading.end());
    const RunResult run = dotslab::runTrusted(command.front(), {command.begin() + 1, command.end()}, "", 300);
    BOOST_TEST_REQUIRE(run.status == 0, run.ending() << ":\n" << run.out << run.err);
    const json report = json::parse(readFileText(jsonPath));
    BOOST_TEST(report["score"].get<double>() == 100, run.out);
    for (const json &t : report["tests"])
        BOOST_TEST(t["status"] == "passed", t["name"] << ": " << t["output"]);
}

// Returns whether its owner may run file.
bool executable(const fs::path &file) {
    return (fs::status(file).permissions() & fs::perms::owner_exec) != fs::perms::none;
}

// Returns the last part of text, at most 4000 characters (a long log's end says why).
std::string tail(const std::string &text) {
    return text.substr(text.size() - std::min<std::size_t>(text.size(), 4000));
}

// Returns the paths under root (relative) of everything inside folders named build or
// build-* (build trees), and with foldersToo of those folders themselves.
std::vector<std::string> buildTreeParts(const fs::path &root, bool foldersToo) {
    std::vector<std::string> found;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(root)) {
        const fs::path relative = entry.path().lexically_relative(root);
        bool inside = false, folder = false;
        for (auto part = relative.begin(); part != relative.end(); ++part) {
            const std::string name = part->string();
            if (name == "build" || name.rfind("build-", 0) == 0) {
                if (std::next(part) != relative.end())
                    inside = true;
                else
                    folder = entry.is_directory();
            }
        }
        if (inside || (folder && foldersToo)) found.push_back(relative.string());
    }
    return found;
}

// Returns our source's files tracked by git (those there now), or none without git.
std::vector<std::string> trackedSources() {
    const RunResult listed =
        dotslab::runTrusted("/usr/bin/git", {"-C", kSource.string(), "ls-files"}, "", 60);
    std::vector<std::string> files;
    if (listed.status != 0) return files;
    std::istringstream lines(listed.out);
    for (std::string line; std::getline(lines, line);)
        if (fs::is_regular_file(kSource / line)) files.push_back(line);
    return files;
}

// Whether kOwner can be sandboxed here: bubblewrap without privileges (user namespaces).
boost::test_tools::assertion_result ownerCanBeSandboxed(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result can(geteuid() == 0);
    if (!can) {
        can.message() << "only root can hand the tree to another user";
        return can;
    }
    const std::string id = std::to_string(kOwner);
    const RunResult bwrap = dotslab::runTrusted(
        "/usr/bin/setpriv",
        {"--reuid=" + id, "--regid=" + id, "--clear-groups", "/usr/bin/bwrap", "--unshare-all", "--ro-bind",
         "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--dev", "/dev",
         "--proc", "/proc", "/usr/bin/true"},
        "", 30);
    can = boost::test_tools::assertion_result(bwrap.status == 0);
    if (!can)
        can.message() << "bubblewrap cannot run without privileges on this machine (uid " << id
                      << "): " << bwrap.err;
    return can;
}

// Returns the script of the step called name in our GitHub Classroom workflow (the lines
// under its "run: |", their common indent removed), or "" if it has none.
std::string classroomStep(const std::string &name) {
    std::istringstream lines(readFileText(kSource / "deploy" / "github-classroom" / "classroom.yml"));
    bool inStep = false;
    std::size_t indent = std::string::npos;
    std::string script;
    for (std::string line; std::getline(lines, line);) {
        const std::size_t start = line.find_first_not_of(' ');
        if (line.find("- name: ") == start) {
            if (inStep && indent != std::string::npos) break;
            inStep = line.substr(start + 8) == name;
        } else if (inStep && indent == std::string::npos && line.find("run: |") == start) {
            indent = start + 2;
        } else if (inStep && indent != std::string::npos) {
            if (start != std::string::npos && start < indent) break;
            script += (start == std::string::npos ? "" : line.substr(indent)) + "\n";
        }
    }
    return script;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(deployment)

BOOST_AUTO_TEST_CASE(an_installed_tree_grades_wherever_it_is_moved) {
    TemporaryDirectory scratch("dotsgrade-install");  // private (0700), as a home is
    const fs::path installed = scratch.path() / "installed", moved = scratch.path() / "elsewhere" / "dotslab";
    install(installed);
    fs::create_directories(moved.parent_path());
    fs::rename(installed, moved);
    const std::string dotsgrade = (moved / "bin" / "dotsgrade").string();
    for (const auto &[assignment, submission] :
         {std::pair<std::string, fs::path>{"dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp"},
          {"eight", assembledSubmission("eight", scratch.path())}}) {
        const fs::path jsonPath = scratch.path() / (assignment + ".json");
        std::vector<std::string> args = {assignment, submission.string(), "--fuzz", "3", "--malformed", "3",
                                         "--json",   jsonPath.string()};
        if (assignment == "eight") args.insert(args.end(), {"--compiler-flags", kCxx17});
        const RunResult run = dotslab::runTrusted(dotsgrade, args, "", 300);
        BOOST_TEST_REQUIRE(run.status == 0, run.out << run.err);
        const json report = json::parse(readFileText(jsonPath));
        BOOST_TEST(report["score"].get<double>() == 100, assignment << ":\n" << run.out);
        BOOST_TEST(run.out.find("transcript " + assignment) != std::string::npos,
                   "the transcripts came along");
    }
    // A repeatable-run library cut short (an install or copy that stopped half way) kills
    // every program with SIGBUS: the grader's fault, never the student's (it cost correct
    // programs 64 to 85 points: adversary round 24).
    const fs::path library = moved / "bin" / "dotslab-repeatable-run.so";
    const std::string whole = readFileText(library);
    writeFile(library, whole.substr(0, 4096));
    const RunResult damaged = dotslab::runTrusted(
        dotsgrade, {"eight", (scratch.path() / "eight").string(), "--compiler-flags", kCxx17}, "", 120);
    BOOST_TEST(damaged.status == 1, damaged.out << damaged.err);
    BOOST_TEST(damaged.out.find("NOT GRADED: ") != std::string::npos, damaged.out << damaged.err);
    writeFile(library, whole);
    // A file gone is an error naming it, never a smaller test set or a zero for the student.
    fs::remove(moved / "share" / "dotslab" / "specs" / "transcripts" / "dotsboxes-sample.in");
    fs::remove(moved / "share" / "dotslab" / "specs" / "transcripts" / "dotsboxes-eof.in");
    const RunResult broken = dotslab::runTrusted(
        dotsgrade, {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string()}, "", 60);
    BOOST_TEST(broken.status == 1, broken.ending());
    BOOST_TEST(broken.err.find("no transcript dotsboxes-*.in") != std::string::npos, broken.err);
    fs::remove(moved / "lib" / "dotslab" / "grader_worker_dotsboxes.o");
    const RunResult noWorker = dotslab::runTrusted(
        dotsgrade, {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string()}, "", 60);
    BOOST_TEST(noWorker.status == 1, noWorker.ending());
    BOOST_TEST(noWorker.err.find("missing data file " + (moved / "lib" / "dotslab").string() +
                                 "/grader_worker_dotsboxes.o") != std::string::npos,
               "named where it should be, not where it would be staged: " << noWorker.err);
}

BOOST_AUTO_TEST_CASE(a_tree_in_a_private_folder_gets_full_marks) {
    // As root (as here) every sandboxed step (compiler, linker, the student's program)
    // runs as a uid of its own, which cannot enter the instructor's folder: the function
    // tests need the archives in lib/dotslab all the same.
    if (geteuid() != 0) BOOST_TEST_MESSAGE("not root: graded by the tree's owner, sandboxed as itself");
    TemporaryDirectory scratch("dotsgrade-install");
    const fs::path home = privateFolder(scratch.path() / "home"), prefix = home / "dotslab";
    install(prefix);
    expectFullMarks(prefix, home);
}

BOOST_AUTO_TEST_CASE(a_tree_in_a_private_folder_gets_full_marks_graded_by_its_owner,
                     *boost::unit_test::precondition(ownerCanBeSandboxed)) {
    // The owner's home (0700) holds the tree; its temporary folders are elsewhere, in one
    // other users may pass through, as dotsgrade needs.
    TemporaryDirectory scratch("dotsgrade-install");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path home = privateFolder(scratch.path() / "home"), tmp = scratch.path() / "tmp";
    fs::create_directories(tmp);
    fs::permissions(tmp, fs::perms::owner_all | fs::perms::others_exec);
    const fs::path prefix = home / "dotslab";
    install(prefix);
    const std::string owner = std::to_string(kOwner) + ":" + std::to_string(kOwner);
    for (const fs::path &folder : {home, tmp})
        BOOST_TEST_REQUIRE(dotslab::runTrusted("/usr/bin/chown", {"-R", owner, folder.string()}, "").status ==
                           0);
    expectFullMarks(prefix, home, asOwner(home, tmp));
}

BOOST_AUTO_TEST_CASE(github_classroom_records_no_points_for_a_grading_that_failed) {
    // The workflow's Grade step as the runner runs it (bash -eo pipefail, in the workspace),
    // with dotsgrade from this build; the reporter step after it records "Points
    // total/max" from the result unless its max_score is 0. A grading that failed (a
    // sample that crashes: the grader's side) must reach the reporter with no points: it
    // recorded 0/100, or, with the step failed first, the reporter never ran.
    const std::string script = classroomStep("Grade");
    BOOST_TEST_REQUIRE(script.find("dotsgrade") != std::string::npos, "no Grade step in classroom.yml");
    const std::string reporterCondition = "steps.dotsgrade.outputs.result != ''";
    BOOST_TEST(
        readFileText(kSource / "deploy" / "github-classroom" / "classroom.yml").find(reporterCondition) !=
            std::string::npos,
        "the reporter runs whenever the Grade step left a result: " << reporterCondition);
    TemporaryDirectory scratch("dotsgrade-classroom");
    const fs::path crashing = scratch.path() / "crashing-sample";
    writeFile(crashing, "#!/bin/sh\nkill -SEGV $$\n");
    fs::permissions(crashing, fs::perms::owner_all);
    struct Push {
        const char *what;
        std::string extraOptions;
        int status;
        int maxScore;
    };
    for (const Push &push :
         {Push{"graded", "", 0, 100}, Push{"not graded", " --sample " + crashing.string(), 1, 0}}) {
        BOOST_TEST_CONTEXT(push.what) {
            const fs::path workspace = scratch.path() / push.what;
            fs::create_directories(workspace / "build" / "bin");
            fs::create_directories(workspace / "submission" / ".git");
            fs::copy_file(kSource / "dotsboxes" / "dotsboxes.cpp",
                          workspace / "submission" / "dotsboxes.cpp");
            const fs::path grader = workspace / "build" / "bin" / "dotsgrade";
            writeFile(grader, std::string("#!/bin/sh\nexec ") + DOTSGRADE_PROGRAM +
                                  " \"$@\" --fuzz 3 --malformed 3" + push.extraOptions + "\n");
            fs::permissions(grader, fs::perms::owner_all);
            writeFile(workspace / "step.sh", script);
            const fs::path output = workspace / "github_output";
            const RunResult run =
                dotslab::runTrusted("/usr/bin/env",
                                    {"-C", workspace.string(), "ASSIGNMENT=dotsboxes",
                                     "RUBRIC=", "GITHUB_OUTPUT=" + output.string(), "/bin/bash",
                                     "--noprofile", "--norc", "-eo", "pipefail", "step.sh"},
                                    "", 300);
            BOOST_TEST(run.status == push.status, run.ending() << ":\n" << run.out << run.err);
            const std::string said = fs::exists(output) ? readFileText(output) : "";
            BOOST_TEST_REQUIRE(said.rfind("result=", 0) == 0u, "no result for the reporter: " << said);
            const RunResult decoded =
                dotslab::runTrusted("/usr/bin/base64", {"-d"}, said.substr(7, said.find('\n') - 7), 30);
            const json result = json::parse(decoded.out);
            BOOST_TEST(result["max_score"] == push.maxScore, result.dump());
            double points = 0;
            for (const json &t : result["tests"]) points += t["score"].get<double>();
            if (push.status == 0) BOOST_TEST(points == 100.0);
        }
    }
}

BOOST_AUTO_TEST_CASE(an_install_among_the_system_files_is_out_of_the_runs_sight,
                     *boost::unit_test::precondition([](boost::unit_test::test_unit_id) {
                         return boost::test_tools::assertion_result(geteuid() == 0);
                     })) {
    // cmake --install's default prefix is /usr/local, among the system's files that every
    // run reads: a program that only ran /usr/local/bin/dotsboxes played the reference's
    // games (adversary round 25: 70 for a file with no function of its own, 100 for an
    // eight). The tree is bound over /usr/local in a mount namespace of the test's own.
    TemporaryDirectory scratch("dotsgrade-install");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path prefix = scratch.path() / "usr-local";
    install(prefix);
    const std::string source = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    const std::size_t mainAt = source.find("int main(");
    BOOST_TEST_REQUIRE(mainAt != std::string::npos);
    writeFile(scratch.path() / "twin.cpp", source.substr(0, mainAt) + "int main() {\n    return 0;\n}\n");
    writeFile(scratch.path() / "runs-ours.cpp",
              source.substr(0, mainAt) +
                  "#include <unistd.h>\nint main() {\n    char name[] = \"/usr/local/bin/dotsboxes\";\n"
                  "    char *args[] = {name, nullptr};\n    execv(name, args);\n    return 0;\n}\n");
    // Each grading prints its score line alone, for each mode.
    const std::string script =
        "mount --bind \"$1\" /usr/local || exit 9\n"
        "for f in twin runs-ours; do\n"
        "  /usr/local/bin/dotsgrade dotsboxes \"$2/$f.cpp\" --fuzz 3 --malformed 0 | grep '^Score'\n"
        "  DOTSGRADE_BWRAP=/nonexistent /usr/local/bin/dotsgrade --unsafe-no-sandbox dotsboxes \"$2/$f.cpp\" "
        "--fuzz 3 --malformed 0 | grep '^Score'\n"
        "done\n";
    const RunResult run = dotslab::runTrusted("/usr/bin/unshare",
                                              {"-m", "--propagation", "private", "/bin/sh", "-c", script,
                                               "sh", prefix.string(), scratch.path().string()},
                                              "", 600);
    BOOST_TEST_REQUIRE(run.status == 0, run.ending() << ":\n" << run.out << run.err);
    std::istringstream lines(run.out);
    std::vector<std::string> scores;
    for (std::string line; std::getline(lines, line);) scores.push_back(line);
    BOOST_TEST_REQUIRE(scores.size() == 4u, run.out << run.err);
    BOOST_TEST(scores[0] != "Score: 100 / 100", "the twin plays no game: " << scores[0]);
    BOOST_TEST(scores[2] == scores[0], "in bubblewrap:\n" << run.out);
    BOOST_TEST(scores[3] == scores[1], "without bubblewrap:\n" << run.out);
}

BOOST_AUTO_TEST_CASE(the_gradescope_kit_of_an_installed_tree_builds_and_grades_in_a_root_of_its_own) {
    // The kit as Gradescope would use it, in a temporary root (DOTSGRADE_AUTOGRADER_ROOT),
    // made by a dotsgrade installed in a private folder: unzipped into source/, built from
    // its own source and installed into dotslab/ by its setup.sh (apt-get left out: the
    // packages are here), a submission put in, run_autograder run, results.json read.
    TemporaryDirectory scratch("dotsgrade-kit");
    const fs::path root = scratch.path() / "autograder", zip = scratch.path() / "autograder.zip";
    const fs::path prefix = privateFolder(scratch.path() / "home") / "dotslab";
    install(prefix);
    BOOST_TEST(buildTreeParts(prefix / "share" / "dotslab" / "source", false).empty(),
               "no build tree in the installed source");
    writeFile(scratch.path() / "rubric.json", R"({"fuzz": {"points": 25, "visibility": "after_due_date"}})");
    const RunResult made =
        dotslab::runTrusted((prefix / "bin" / "dotsgrade").string(),
                            {"gradescope", "dotsboxes", "-o", zip.string(), "--rubric",
                             (scratch.path() / "rubric.json").string(), "--fuzz", "3", "--malformed", "3"},
                            "", 120);
    BOOST_TEST_REQUIRE(made.status == 0, made.out << made.err);
    fs::create_directories(root / "source");
    BOOST_TEST_REQUIRE(
        dotslab::runTrusted("/usr/bin/unzip", {"-q", zip.string(), "-d", (root / "source").string()}, "")
            .status == 0);
    for (const char *script : {"setup.sh", "run_autograder"}) {
        BOOST_TEST(executable(root / "source" / script), script << " is executable at the zip's root");
        BOOST_TEST(
            dotslab::runTrusted("/bin/bash", {"-n", (root / "source" / script).string()}, "").status == 0,
            script << " is valid bash");
    }
    // Every file of our source, and nothing of a build tree, not even an empty folder.
    const fs::path source = root / "source" / "dotslab";
    const std::vector<std::string> tracked = trackedSources();
    if (tracked.empty()) BOOST_TEST_MESSAGE("no git checkout: the kit's source checked by a few files only");
    for (const std::string &file : tracked)
        BOOST_TEST(fs::is_regular_file(source / file), file << " in the kit");
    for (const char *file : {"CMakeLists.txt", "dotsgrade/build.cpp", "dotsgrade/build.h", "scripts/build"})
        BOOST_TEST(fs::is_regular_file(source / file), file << " in the kit");
    BOOST_TEST(executable(source / "scripts" / "build"), "scripts stay executable");
    const std::vector<std::string> buildParts = buildTreeParts(root / "source", true);
    BOOST_TEST(buildParts.empty(), buildParts.size() << " parts of build trees in the kit, such as "
                                                     << (buildParts.empty() ? "" : buildParts.front()));
    BOOST_TEST(
        fs::is_regular_file(root / "source" / "shared" / "specs" / "transcripts" / "dotsboxes-sample.in"));

    setenv("DOTSGRADE_AUTOGRADER_ROOT", root.string().c_str(), 1);
    setenv("DOTSGRADE_AUTOGRADER_NO_APT", "1", 1);
    const RunResult setup = dotslab::runTrusted((root / "source" / "setup.sh").string(), {}, "", 900);
    unsetenv("DOTSGRADE_AUTOGRADER_NO_APT");
    BOOST_TEST_REQUIRE(setup.status == 0, "the kit's setup.sh " << setup.ending() << ":\n"
                                                                << tail(setup.out) << tail(setup.err));
    BOOST_TEST_REQUIRE(fs::is_regular_file(root / "dotslab" / "bin" / "dotsgrade"), "built and installed");
    auto submit = [&](const std::string &text) {
        fs::remove_all(root / "submission");
        writeFile(root / "submission" / "dotsboxes.cpp", text);
        fs::remove_all(root / "results");
        const RunResult run = dotslab::runTrusted((root / "source" / "run_autograder").string(), {}, "", 300);
        const fs::path results = root / "results" / "results.json";
        return std::make_pair(run, fs::is_regular_file(results) ? json::parse(readFileText(results)) : json());
    };
    const std::string reference = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    const auto [passing, full] = submit(reference);
    BOOST_TEST(passing.status == 0, passing.err);
    BOOST_TEST(full["score"].get<double>() == 100, full.dump(2));
    BOOST_TEST(full.contains("execution_time"));
    BOOST_TEST(full["stdout_visibility"] == "hidden");
    int number = 0;
    for (const json &t : full["tests"]) {
        BOOST_TEST(t["number"] == std::to_string(++number));
        BOOST_TEST(t["visibility"] == (t["name"] == "random games" ? "after_due_date" : "visible"),
                   t["name"]);
    }
    const auto [failing, wrong] = submit(
        broken(reference, {{"\"    Player 2 score: \"", "\"     Player 2 score: \""}}));  // one wrong space
    // Charged once, where it costs the most: in the runs (strict), not under displayGrid.
    BOOST_TEST(wrong["score"].get<double>() == 60, wrong.dump(2));
    for (const json &t : wrong["tests"])
        if (t["name"] == "function displayGrid") {
            BOOST_TEST(t["status"] == "failed");
            BOOST_TEST(t["visibility"] == "visible");
            BOOST_TEST(t["output"].get<std::string>().find("5 spaces before `Player`") != std::string::npos);
        }
    // No sandbox in the container: no results.json (Gradescope shows that the autograder
    // failed and records no score, never a 0), and the autograder's output says why.
    setenv("DOTSGRADE_BWRAP", "/nonexistent/bwrap", 1);
    const auto [refused, said] = submit(reference);
    unsetenv("DOTSGRADE_BWRAP");
    unsetenv("DOTSGRADE_AUTOGRADER_ROOT");
    BOOST_TEST(refused.status == 1);
    BOOST_TEST(said.is_null(), said.dump(2));
    BOOST_TEST((refused.out + refused.err).find("no sandbox") != std::string::npos, refused.out << refused.err);
}

BOOST_AUTO_TEST_SUITE_END()
