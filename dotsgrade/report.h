// report.h — a grade as the student reads it (terminal), as Gradescope reads it
// (results.json), as CI systems read it (JUnit XML), and a class summary (CSV).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "grade.h"

namespace dotslab::grader {

// Returns points as shown: at most two decimals, no trailing zeros ("7.5", "100").
std::string points(double value);

// Returns text with & < > " escaped for XML and HTML (other control characters but
// newline and tab as '?').
std::string xmlEscaped(const std::string &text);

// What all tests' outputs may show together in a report (its JSON stays under 256 KB).
constexpr std::size_t kReportOutputBytes = 200000;

// Returns every test's output bounded: at most 4 KB each, less when there are so many
// tests that together they would pass `together`. A cut says how much was left out.
std::vector<std::string> boundedOutputs(const GradeReport &report, std::size_t together = kReportOutputBytes);

// Returns every test's description bounded in the same way.
std::vector<std::string> boundedDescriptions(const GradeReport &report, std::size_t together);

// Returns the score as a report shows it: "87 / 100", or "not graded".
std::string scoreText(const GradeReport &report);

// Returns what "not graded" tells an instructor to do, in one paragraph.
std::string notGradedAdvice();

// Returns why a report lost points, in one line ("not graded: WHY" for a report that is
// not a grade): the first failing test that carries
// points, its category and the first line of its output ("" when nothing was lost).
std::string reasonOf(const GradeReport &report);

// Returns the distinct differences of the program's output as a report opens with them,
// each with the runs it explains and one example ("" when there are none).
// forStudent: the text a student sees on Gradescope, where a difference seen only in hidden
// tests is counted but not shown (its example would be a hidden test's expected output).
std::string differencesText(const GradeReport &report, bool forStudent = false);

// Writes the summary: a line per test with its points, then what went wrong.
void writeTerminalReport(const GradeReport &report, std::ostream &out);

// Returns the report in Gradescope's results.json schema.
std::string gradescopeJson(const GradeReport &report);

// Returns the report as a GitHub Classroom grader's result (what its autograding grading
// reporter reads, base64-encoded, from <RUNNER>_RESULTS): version 1, status, max_score,
// and per test its name, status, score and message.
std::string classroomJson(const GradeReport &report);

// Returns a results.json that says the grading itself failed, and why: no score at all,
// extra_data.status "not graded" (a batch's; one submission's run writes none).
std::string failureJson(const std::string &message);

// Returns the report as JUnit XML.
std::string junitXml(const GradeReport &report);

// Writes the --explain listing: every test, what it runs and compares, its points; the
// output policy in force; and every kind of input the runs give, audited against the
// assignment's text.
void writeExplanation(const Assignment &assignment, OutputPolicy policy, const std::vector<TestOutcome> &tests,
                      std::ostream &out);

// Returns the class CSV's header: student, score, max_score, reason, then each test.
std::string classCsvHeader(const std::vector<TestOutcome> &planned);

// Returns the class CSV's row for one student: the score of each planned test (empty
// where the student's report has no such test).
std::string classCsvRow(const std::string &student, const GradeReport &report,
                        const std::vector<TestOutcome> &planned);

}  // namespace dotslab::grader
