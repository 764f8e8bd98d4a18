// grading_helpers.h — running dotsgrade from the tests: grade a submission, break a copy
// of a reference, read the Gradescope report.
#pragma once

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "files/files.h"
#include "process/process_runner.h"

namespace dotslab::grader::testing {

namespace fs = std::filesystem;
using dotslab::readFileText;
using dotslab::RunResult;
using dotslab::TemporaryDirectory;
using nlohmann::json;

// Marks a test that ThreadSanitizer runs (scripts/test --thread: BOOST_TEST_RUN_FILTERS=@threads):
// one that takes the grader's threads down a path of their own (several gradings at once, a
// run stopped, timed out or retried, a signal). Every grading runs the same stages: these
// and a sixth of the corpus cover them, where every suite under ThreadSanitizer took half of
// CI's hour.
inline const boost::unit_test::label kUnderThreadSanitizer("threads");

inline const fs::path kSource = DOTSLAB_SOURCE_DIR;
// Our multi-file references are C++17: graded as a C++17 course would set its command.
inline const std::string kCxx17 = "-std=c++17 -Wall -pedantic";

inline void writeFile(const fs::path &path, const std::string &text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// Returns text with each (find, replace) applied once; the find text must be there.
inline std::string broken(std::string text, const std::vector<std::pair<std::string, std::string>> &changes) {
    for (const auto &[find, replace] : changes) {
        std::size_t at = text.find(find);
        BOOST_TEST_REQUIRE(at != std::string::npos, "the reference no longer contains: " << find);
        text.replace(at, find.size(), replace);
    }
    return text;
}

// Returns the dotsboxes reference with changes applied, written to folder/name.
inline fs::path dotsboxesWith(const fs::path &folder, const std::string &name,
                              const std::vector<std::pair<std::string, std::string>> &changes) {
    const fs::path path = folder / name;
    writeFile(path, broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"), changes));
    return path;
}

// Returns a self-contained submission folder for a multi-file program: its own sources
// and, in their folders, the common/ libraries it uses, as a student would hand them in.
inline fs::path assembledSubmission(const std::string &program, const fs::path &into) {
    const std::map<std::string, std::vector<std::string>> libraries = {
        {"boxes", {"board", "text", "files"}},
        {"dotscomputer", {"board", "solver", "text"}},
        {"eight", {"text"}}};
    fs::path folder = into / program;
    fs::create_directories(folder);
    auto copySources = [](const fs::path &from, const fs::path &to) {
        fs::create_directories(to);
        for (const fs::directory_entry &entry : fs::directory_iterator(from))
            if (entry.is_regular_file() && entry.path().extension() != ".txt" &&
                entry.path().filename() != "CMakeLists.txt")
                fs::copy_file(entry.path(), to / entry.path().filename());
    };
    copySources(kSource / program, folder);
    for (const std::string &library : libraries.at(program))
        copySources(kSource / "common" / library, folder / library);
    return folder;
}

struct Grade {
    json report;
    RunResult run;

    // Returns the test called name (fails the check if there is none).
    json test(const std::string &name) const {
        for (const json &t : report["tests"])
            if (t["name"] == name) return t;
        BOOST_ERROR("no test called " << name);
        return json::object();
    }
    // Returns the names of the failed tests.
    std::set<std::string> failed() const {
        std::set<std::string> names;
        for (const json &t : report["tests"])
            if (t["status"] != "passed") names.insert(t["name"].get<std::string>());
        return names;
    }
    double maxScore() const {
        double total = 0;
        for (const json &t : report["tests"]) total += t["max_score"].get<double>();
        return total;
    }
};

// Grades submission with dotsgrade (fewer random games than the default, to keep the
// suite quick) and returns its Gradescope report.
inline Grade grade(const std::string &assignment, const fs::path &submission,
                   std::vector<std::string> extra = {}) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::path jsonPath = scratch.path() / "results.json";
    // Ten random games, ten malformed inputs and one second a run, unless extra says otherwise.
    std::vector<std::string> args = {assignment, submission.string(), "--json", jsonPath.string()};
    for (const auto &[option, value] :
         {std::pair<std::string, std::string>{"--fuzz", "10"}, {"--malformed", "10"}, {"--timeout", "1"}})
        if (std::find(extra.begin(), extra.end(), option) == extra.end())
            args.insert(args.end(), {option, value});
    args.insert(args.end(), extra.begin(), extra.end());
    Grade g;
    g.run = dotslab::runTrusted(DOTSGRADE_PROGRAM, args, "", 300);
    BOOST_TEST_REQUIRE(g.run.status == 0, "dotsgrade " << g.run.ending() << ":\n" << g.run.err << g.run.out);
    g.report = json::parse(dotslab::readFileText(jsonPath));
    return g;
}

#ifdef CONTAINER_SIM
// Returns the report of grading submission as in Gradescope's container (container_sim:
// no CAP_SYS_ADMIN, no namespaces), where dotsgrade isolates runs without bubblewrap (for
// the test programs given CONTAINER_SIM in tests/CMakeLists.txt).
inline Grade gradeInContainer(const fs::path &submission) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path json = scratch.path() / "results.json";
    Grade g;
    g.run = dotslab::runTrusted(CONTAINER_SIM,
                                {DOTSGRADE_PROGRAM, "dotsboxes", submission.string(), "--unsafe-no-sandbox",
                                 "--fuzz", "5", "--malformed", "5", "--json", json.string()},
                                "", 300);
    BOOST_TEST_REQUIRE(g.run.status == 0, g.run.err << g.run.out);
    BOOST_TEST(g.run.out.find("Isolation: no bubblewrap here (no namespaces): Landlock") != std::string::npos,
               g.run.out);
    g.report = json::parse(readFileText(json));
    return g;
}
#endif

// Checks that exactly `failing` fail and that each named test's output contains its hint.
inline void expectFailures(const Grade &g, const std::set<std::string> &failing,
                           const std::vector<std::pair<std::string, std::string>> &hints) {
    std::set<std::string> failed = g.failed();
    BOOST_TEST(std::vector<std::string>(failed.begin(), failed.end()) ==
                   std::vector<std::string>(failing.begin(), failing.end()),
               boost::test_tools::per_element());
    for (const auto &[name, hint] : hints) {
        std::string output = g.test(name)["output"];
        BOOST_TEST(output.find(hint) != std::string::npos, name << " should say: " << hint << "\nit said:\n"
                                                                << output);
    }
}

// The end-of-input branch of both references' main loops.
inline const std::string kEndOfInput = "            std::cout << '\\n';\n            return 1;";

}  // namespace dotslab::grader::testing
