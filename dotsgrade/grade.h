// grade.h — grade one submission: build, assignment rules, mandated functions, whole
// program; every test gets points from the rubric.
//
// The rubric gives points per category; a category's points are shared equally by its
// tests. Categories: build, warnings, rules, functions; transcripts (the spec's, on input
// the assignment promises, with the --tests cases unless the rubric gives "tests" points of
// their own), fuzz (one test: the fraction of random valid games passed); robustness (the
// transcripts beyond the promise, and one test: the fraction of random malformed inputs).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "assignment.h"
#include "not_graded.h"
#include "output_differences.h"
#include "process/process_runner.h"
#include "process/run_comparison.h"

namespace dotslab::grader {

struct GradeOptions {
    std::string sample;    // the instructor's program; "" for our reference
    std::string testsDir;  // extra NAME.in/.args/.out/.err/.rc/.desc cases
    CompareMode compare = CompareMode::kExact;
    std::optional<OutputPolicy> outputPolicy;  // over the assignment's own (--output-policy, the course file)
    int fuzzGames = 50;        // random valid games (conformance)
    int malformedInputs = 20;  // random malformed inputs (robustness)
    // The seed of the random cases: a number, or any text. "" (the default): the
    // submission's digest (submissionDigest), so that each submission has cases of its own
    // and the same files always have the same ones.
    std::string seed;
    Limits limits;
    std::map<std::string, double> rubric;           // category -> points, over the assignment's default
    std::map<std::string, std::string> visibility;  // category -> Gradescope visibility ("visible" if none)
    std::string compilerFlags;    // replaces the assignment's compile flags ("" : keep them)
    // The course's own copies of files it hands out (eight's board.h), absolute paths: each
    // supplied, by its name, where a source includes it and the submission has none.
    std::vector<std::string> providedFiles;
    std::string saveFailuresDir;  // every failing case written here as a --tests case ("": not)
    int parallelRuns = 1;         // program runs at once
};


struct TestOutcome {
    std::string category;     // "transcripts"
    std::string name;         // "transcript dotsboxes-sample"
    std::string description;  // what it runs and compares
    bool passed = false;
    double credit = -1;  // the share of its points earned (0..1) where partial; -1: all or nothing
    double charge = 0;   // per-mistake: the share of its category's points taken for differences charged here
    double score = 0;
    double maxScore = 0;
    std::string output;                  // what went wrong, or details
    std::string visibility = "visible";  // Gradescope's: visible, hidden, after_due_date, after_published
};

struct GradeReport {
    std::string assignment;
    std::string submission;
    // Why this is not a grade ("" when it is): the grader failed, and no test earned or
    // lost anything. Every format says so instead of a score.
    std::string notGraded;
    std::string isolation;     // how student code was isolated
    bool unsandboxed = false;  // graded with --unsafe-no-sandbox where no sandbox works
    std::vector<TestOutcome> tests;
    // The distinct differences of the program's output across its runs, each once (see
    // output_differences.h), and the policy they were charged under.
    std::vector<OutputDifference> differences;
    OutputPolicy outputPolicy = OutputPolicy::kStrict;
    double seconds = 0;  // how long the grading took
    // The student's own code as the compiler saw it (macros expanded, headers included, no
    // system header's): what --similarity compares ("" where it did not compile).
    std::string ownCode;

    double score() const;
    double maxScore() const;
};

// Returns the grade of submission (a source file or folder). Throws NotGraded (or any
// other exception: also the grader's failure) where it cannot grade.
GradeReport gradeSubmission(const Assignment &assignment, const std::string &submission,
                            const GradeOptions &options);

// Returns the grade of submission, or a report that says why it is not graded (notGraded
// set, the planned tests with no points earned): never throws for one submission.
GradeReport gradeOrSayWhyNot(const Assignment &assignment, const std::string &submission,
                             const GradeOptions &options);

// Returns the tests gradeSubmission would run, with their points, without running them.
std::vector<TestOutcome> plannedTests(const Assignment &assignment, const GradeOptions &options);

// One thing in the instructor's set-up that a grading would not show them.
struct SetupProblem {
    std::string text;  // in a sentence or two, with what to do
    bool unfair;       // it would grade every student unfairly (a Gradescope kit is refused)
};

// Returns what in the instructor's set-up would grade students unfairly or not as meant: a
// category with points and no test, a test the sample solution does not pass itself
// (unfair); a file of the tests folder that is no part of any test.
std::vector<SetupProblem> setupProblems(const Assignment &assignment, const GradeOptions &options);

// Returns the output policy in force: options' choice, else the assignment's own.
OutputPolicy outputPolicyFor(const Assignment &assignment, const GradeOptions &options);

// Returns the categories a rubric may give points to.
const std::vector<std::string> &rubricCategories();

// Returns the rubric in force: the assignment's default with options' overrides.
std::map<std::string, double> rubricFor(const Assignment &assignment, const GradeOptions &options);

}  // namespace dotslab::grader
