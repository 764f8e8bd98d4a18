// The grading corpus: realistic submissions written for these tests, each graded by
// dotsgrade and checked category by category against what a fair grade is for it.
//
// Each case is a folder tests/grader/corpus/NAME/ with case.json:
//   assignment  the assignment graded
//   what        the submission in a sentence
//   from        optional: our reference it starts from (dotsboxes and dotstriangles are
//               one file; boxes, dotscomputer and eight a folder with the libraries they use)
//   changes     optional: [file, find, replace] edits to it, each text found exactly once
//   folder      optional: true to hand a one-file submission in as a folder
//   options     optional: extra dotsgrade options
//   lost        points lost per category ({"functions": 6}); every other category full
//   says        optional: [test, text] pairs, the text in that test's output
// and any files under files/, copied into the submission (over the reference's).
#define BOOST_TEST_MODULE dotsgrade_corpus
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdlib>
#include <map>

#include "grading_helpers.h"

namespace {

using namespace dotslab::grader::testing;

// Returns the submission described by the case in folder, assembled under into.
fs::path assembled(const fs::path &folder, const json &c, const fs::path &into) {
    const std::string assignment = c["assignment"];
    const bool oneFile = assignment == "dotsboxes" || assignment == "dotstriangles";
    fs::path submission = into / assignment;
    fs::create_directories(submission);
    if (c.contains("from")) {
        const std::string from = c["from"];
        if (oneFile)
            fs::copy_file(kSource / from / (from + ".cpp"), submission / (from + ".cpp"));
        else
            submission = assembledSubmission(from, into);
    }
    if (fs::exists(folder / "files"))
        fs::copy(folder / "files", submission,
                 fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    for (const json &change : c.value("changes", json::array())) {
        const fs::path file = submission / change[0].get<std::string>();
        const std::string find = change[1], replace = change[2], text = readFileText(file);
        BOOST_TEST_REQUIRE(text.find(find) != std::string::npos, file << " no longer contains: " << find);
        BOOST_TEST_REQUIRE(text.find(find) == text.rfind(find), file << " contains more than once: " << find);
        writeFile(file, broken(text, {{find, replace}}));
    }
    if (oneFile && !c.value("folder", false)) {
        std::vector<fs::path> files;
        for (const fs::directory_entry &entry : fs::directory_iterator(submission))
            files.push_back(entry.path());
        BOOST_TEST_REQUIRE(files.size() == 1u, "a one-file case has one file, or says \"folder\": true");
        return files.front();
    }
    return submission;
}

BOOST_AUTO_TEST_CASE(every_corpus_submission_gets_its_fair_grade, *kUnderThreadSanitizer) {
    // DOTSLAB_CORPUS_ONLY=TEXT grades only the cases whose names hold TEXT (while writing one).
    const char *only = std::getenv("DOTSLAB_CORPUS_ONLY");
    std::vector<fs::path> cases;
    for (const fs::directory_entry &entry : fs::directory_iterator(kSource / "tests" / "grader" / "corpus"))
        if (only == nullptr || entry.path().filename().string().find(only) != std::string::npos)
            cases.push_back(entry.path());
    std::sort(cases.begin(), cases.end());
    // DOTSLAB_CORPUS_EVERY=N grades every N-th case of each assignment only, from its first
    // (scripts/test --thread: the grader's threads are the same for every case, and
    // ThreadSanitizer makes each one slow).
    const char *every = std::getenv("DOTSLAB_CORPUS_EVERY");
    if (every != nullptr && only == nullptr) {
        const int n = std::atoi(every);
        BOOST_TEST_REQUIRE(n >= 1, "DOTSLAB_CORPUS_EVERY=" << every << " is no count of cases");
        std::map<std::string, int> seen;  // cases of each assignment so far
        std::vector<fs::path> sample;
        for (const fs::path &folder : cases) {
            const std::string assignment = json::parse(readFileText(folder / "case.json"))["assignment"];
            if (seen[assignment]++ % n == 0) sample.push_back(folder);
        }
        BOOST_TEST_MESSAGE("grading " << sample.size() << " of " << cases.size() << " corpus cases (every "
                                      << n << "th of each assignment)");
        cases = sample;
    }
    if (only != nullptr) {
        BOOST_TEST_REQUIRE(!cases.empty(), "no corpus case's name holds " << only);
        BOOST_TEST_MESSAGE(cases.size() << " corpus cases hold " << only << ": the others are not graded");
    } else if (every == nullptr) {
        BOOST_TEST(cases.size() >= 20u);
    }
    std::set<std::string> assignments;
    for (const fs::path &folder : cases) {
        BOOST_TEST_CONTEXT("corpus case " << folder.filename().string()) {
            const json c = json::parse(readFileText(folder / "case.json"));
            assignments.insert(c["assignment"].get<std::string>());
            TemporaryDirectory scratch("dotsgrade-corpus");
            const fs::path submission = assembled(folder, c, scratch.path());
            // Three seconds a run: the corpus asserts grades, not speed, and a run of a correct
            // program must not time out while ctest runs other suites beside it.
            std::vector<std::string> options = c.value("options", std::vector<std::string>{});
            if (std::find(options.begin(), options.end(), "--timeout") == options.end())
                options.insert(options.end(), {"--timeout", "3"});
            // The cases every expectation was measured on (a submission's own seed would
            // move them with every change of its files).
            if (std::find(options.begin(), options.end(), "--seed") == options.end())
                options.insert(options.end(), {"--seed", "1"});
            const Grade g = grade(c["assignment"], submission, options);
            std::map<std::string, double> lost;
            for (const json &t : g.report["tests"])
                lost[t["tags"][0].get<std::string>()] +=
                    t["max_score"].get<double>() - t["score"].get<double>();
            const json expected = c.value("lost", json::object());
            for (const auto &[category, points] : lost) {
                const double want = expected.contains(category) ? expected[category].get<double>() : 0.0;
                BOOST_TEST(std::abs(points - want) < 0.01, category << ": lost " << points
                                                                    << ", a fair grade loses " << want << "\n"
                                                                    << g.run.out);
            }
            for (const auto &[category, points] : expected.items())
                BOOST_TEST(lost.count(category) == 1u, "no test of category " << category);
            for (const json &says : c.value("says", json::array())) {
                const std::string output = g.test(says[0])["output"];
                BOOST_TEST(output.find(says[1].get<std::string>()) != std::string::npos,
                           says[0] << " should say " << says[1] << "; it said:\n"
                                   << output);
            }
        }
    }
    BOOST_TEST((only != nullptr || assignments.size() == 5u), "every assignment has cases");
}

}  // namespace
