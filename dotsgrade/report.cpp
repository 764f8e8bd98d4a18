#include "report.h"

#include <cstdio>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include "text/text_diff.h"

namespace dotslab::grader {

std::string points(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

namespace {

// Returns the length of the well-formed UTF-8 character at text[at] (1 to 4), or 0 where
// the bytes there are none (a program's binary output, a cut character).
std::size_t utf8Length(const std::string &text, std::size_t at) {
    const auto byte = [&](std::size_t k) {
        return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0;
    };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                         : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                        : 0;
    if (length == 0) return 0;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const unsigned char second = byte(1);
    const unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    const unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    if (second < low || second > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if ((byte(k) & 0xC0) != 0x80) return 0;
    return length;
}

}  // namespace

std::string xmlEscaped(const std::string &text) {
    std::string out;
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        unsigned char u = static_cast<unsigned char>(c);
        if (u >= 0x80) {  // XML must be well-formed UTF-8: a stray byte is shown as U+FFFD
            const std::size_t length = utf8Length(text, at);
            const bool nonCharacter = length == 3 && u == 0xEF &&
                                      static_cast<unsigned char>(text[at + 1]) == 0xBF &&
                                      static_cast<unsigned char>(text[at + 2]) >= 0xBE;  // U+FFFE, U+FFFF
            out += length == 0 || nonCharacter ? std::string("\uFFFD") : text.substr(at, length);
            if (length > 0) at += length - 1;
            continue;
        }
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else if (u < 0x20 && c != '\n' && c != '\t')
            out += "?";  // not allowed in XML 1.0
        else
            out += c;
    }
    return out;
}

namespace {

// Returns text as one CSV field that is only ever data: control characters (newlines too) escaped, a
// leading = + - @ (a spreadsheet formula) behind a ', and quoted where it holds a comma,
// quote or space at either end.
std::string csvField(const std::string &raw) {
    std::string text;
    for (char c : controlsEscaped(raw)) text += c == '\n' ? std::string("\\x0a") : std::string(1, c);  // a row is a line
    if (!text.empty() && std::string("=+-@").find(text.front()) != std::string::npos) text.insert(0, "'");
    if (text.find_first_of(",\"") == std::string::npos && (text.empty() || (text.front() != ' ' && text.back() != ' ')))
        return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string indented(const std::string &text) {
    std::string out, line;
    std::istringstream in(text);
    while (std::getline(in, line)) out += "      " + line + "\n";
    return out;
}

constexpr std::size_t kTestOutputBytes = 4096;  // what one test may show

// Returns text cut to at most `most` bytes (whole UTF-8 characters); a cut says how much
// was left out.
std::string boundedText(const std::string &text, std::size_t most) {
    if (text.size() <= most) return text;
    std::size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut) + "\n\u2026 (" + std::to_string(text.size() - cut) + " more bytes)\n";
}

}  // namespace

std::vector<std::string> boundedOutputs(const GradeReport &report, std::size_t together) {
    const std::size_t count = std::max<std::size_t>(1, report.tests.size());
    const std::size_t each = std::min(kTestOutputBytes, together / count);
    std::vector<std::string> outputs;
    // Nothing a student wrote reaches any format raw (an escape sequence, a reversed line).
    for (const TestOutcome &t : report.tests) outputs.push_back(boundedText(controlsEscaped(t.output), each));
    return outputs;
}

// Returns every test's description bounded as boundedOutputs bounds their outputs.
std::vector<std::string> boundedDescriptions(const GradeReport &report, std::size_t together) {
    const std::size_t each =
        std::min(kTestOutputBytes, together / std::max<std::size_t>(1, report.tests.size()));
    std::vector<std::string> descriptions;
    for (const TestOutcome &t : report.tests)
        descriptions.push_back(boundedText(controlsEscaped(t.description), each));
    return descriptions;
}

std::string scoreText(const GradeReport &report) {
    return report.notGraded.empty() ? points(report.score()) + " / " + points(report.maxScore()) : "not graded";
}

std::string notGradedAdvice() {
    return "Not graded means the grader itself failed (its files, tools, sandbox, disk or time), so no "
           "score was earned or lost: it is not a grade. The reason says what failed; fix that (or "
           "free the disk, or wait for a quieter machine) and grade the submission again.";
}

std::string differencesText(const GradeReport &report, bool forStudent) {
    if (report.differences.empty()) return "";
    std::string text = "Distinct differences in your program's output, each counted once (" +
                       nameOf(report.outputPolicy) + " policy):\n";
    // Every difference that explains a run is shown, since each may be charged; of the
    // others, those in the fewest runs are left out past kShown.
    constexpr std::size_t kShown = 12;
    bool others = false;
    std::size_t listed = 0;
    for (std::size_t k = 0;
         k < report.differences.size() && (k < kShown || report.differences[k].explains > 0); ++k, ++listed) {
        const OutputDifference &d = report.differences[k];
        if (d.explains == 0 && !others) {
            others = true;
            text += "Recurring, but only in runs that also differ for other reasons:\n";
        }
        if (forStudent && !d.shown) {
            text += "  " + std::to_string(k + 1) + ". a difference seen only in tests hidden from you, in " +
                    std::to_string(d.runs) + " runs\n";
            continue;
        }
        text += "  " + std::to_string(k + 1) + ". your program " + d.what + "\n     in " + std::to_string(d.runs) +
                " runs (" + std::to_string(d.places) + " places)" +
                (d.explains == 0 ? std::string()
                                 : "; " + std::to_string(d.explains) + " of them differ by nothing but known differences") +
                "\n";
        if (!d.example.empty()) text += indented(d.example);
        if (!d.hint.empty()) text += "     hint: " + d.hint + "\n";
    }
    if (report.differences.size() > listed)
        text +=
            "  … and " + std::to_string(report.differences.size() - listed) + " more, each in fewer runs\n";
    return text;
}

void writeTerminalReport(const GradeReport &report, std::ostream &out) {
    // Nothing a student wrote reaches the terminal raw: no escape sequence can clear the
    // screen or forge a score.
    if (report.unsandboxed) out << "WARNING: graded WITHOUT a sandbox (--unsafe-no-sandbox)\n";
    out << "dotsgrade " << report.assignment << ": " << controlsEscaped(report.submission) << "\n";
    if (!report.notGraded.empty()) {
        out << "NOT GRADED: " << controlsEscaped(report.notGraded) << "\n" << notGradedAdvice() << "\n";
        out << "Score: not graded\n";
        out << "Isolation: " << report.isolation << "\n";
        return;
    }
    out << controlsEscaped(differencesText(report));
    const std::vector<std::string> outputs = boundedOutputs(report);
    for (std::size_t i = 0; i < report.tests.size(); ++i) {
        const TestOutcome &t = report.tests[i];
        out << (t.passed                                  ? "  PASS "
                : t.maxScore > 0 && t.score >= t.maxScore ? "  NOTE "
                                                          : "  FAIL ")
            << std::setw(6) << points(t.score) << "/" << std::left << std::setw(6) << points(t.maxScore)
            << std::right << t.name << "\n";
        if (!outputs[i].empty()) out << indented(outputs[i]);
    }
    out << "Score: " << points(report.score()) << " / " << points(report.maxScore()) << "\n";
    out << "Isolation: " << report.isolation << "\n";
}

std::string gradescopeJson(const GradeReport &report) {
    if (!report.notGraded.empty())
        return failureJson("dotsgrade could not grade this submission: " + report.notGraded + ". " +
                           notGradedAdvice());
    nlohmann::json tests = nlohmann::json::array();
    const std::vector<std::string> outputs = boundedOutputs(report);
    for (std::size_t i = 0; i < report.tests.size(); ++i) {
        const TestOutcome &t = report.tests[i];
        tests.push_back({{"name", t.name},
                         {"score", t.score},
                         {"max_score", t.maxScore},
                         {"status", t.passed ? "passed" : "failed"},
                         {"output", outputs[i].empty() ? t.description : outputs[i]},
                         {"visibility", t.visibility},
                         {"number", std::to_string(i + 1)},
                         {"tags", {t.category}}});
    }
    nlohmann::json results = {
        {"score", report.score()},
        {"output",
         std::string(report.unsandboxed ? "WARNING: graded WITHOUT a sandbox (--unsafe-no-sandbox). " : "") +
             "dotsgrade " + report.assignment + ". " + report.isolation +
             (report.differences.empty()
                  ? ""
                  : "\n\n" +
                        boundedText(controlsEscaped(differencesText(report, true)), kReportOutputBytes / 8))},
        {"visibility", "visible"},
        {"stdout_visibility", "hidden"},  // dotsgrade's own terminal report: for the instructor
        {"execution_time", static_cast<long>(report.seconds + 0.5)},
        {"extra_data", {{"status", "graded"}}},
        {"tests", tests}};
    return results.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string classroomJson(const GradeReport &report) {
    if (!report.notGraded.empty()) {
        // The reporter records "Points total/max" whenever max_score is not 0, the total
        // summed over the tests: a max_score here recorded a 0 for the grader's failure.
        // With none it records nothing; its log shows the one test's error.
        const std::string why = "not graded: " + controlsEscaped(report.notGraded) + ". " + notGradedAdvice();
        const nlohmann::json results = {{"version", 1},
                                        {"status", "error"},
                                        {"max_score", 0},
                                        {"message", why},
                                        {"tests",
                                         {{{"name", "dotsgrade"},
                                           {"status", "error"},
                                           {"score", 0},
                                           {"message", why},
                                           {"test_code", ""},
                                           {"filename", ""},
                                           {"line_no", 0},
                                           {"execution_time", ""}}}}};
        return results.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    // The workflow hands the result to the reporter base64'd in one environment variable,
    // which Linux caps at 128 KiB: a partly right program with 95 instructor tests made a
    // result the reporter could not be started with, and no points were recorded (round
    // 25). The tests' texts shrink until the whole fits; every test and score stays.
    constexpr std::size_t kReporterBytes = 90000;
    std::string result;
    for (std::size_t texts = kReportOutputBytes / 4;; texts /= 2) {
        nlohmann::json tests = nlohmann::json::array();
        const std::vector<std::string> outputs = boundedOutputs(report, texts);
        const std::vector<std::string> descriptions = boundedDescriptions(report, texts);
        bool allPassed = true;
        for (std::size_t i = 0; i < report.tests.size(); ++i) {
            const TestOutcome &t = report.tests[i];
            // A test that lost nothing (a note, or one worth no points) passes: the reporter
            // marks the commit failed for any test that fails, which put a red cross beside 100/100.
            const bool lostNothing = t.passed || t.score >= t.maxScore;
            allPassed = allPassed && lostNothing;
            tests.push_back({{"name", t.name},
                             {"status", lostNothing ? "pass" : "fail"},
                             {"score", t.score},
                             {"message", outputs[i].empty() ? descriptions[i] : outputs[i]},
                             {"test_code", descriptions[i]},
                             {"filename", ""},
                             {"line_no", 0},
                             {"execution_time", ""}});
        }
        const nlohmann::json results = {{"version", 1},
                                        {"status", allPassed ? "pass" : "fail"},
                                        {"max_score", report.maxScore()},
                                        {"tests", tests}};
        result = results.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        if (result.size() <= kReporterBytes || texts == 0) return result;
    }
}

std::string failureJson(const std::string &message) {
    // No score at all: a failed grading is never a 0 (only a batch writes this; one
    // submission's Gradescope run writes no results.json, see main.cpp).
    const nlohmann::json results = {{"output", "NOT GRADED: " + controlsEscaped(message)},
                                    {"visibility", "visible"},
                                    {"stdout_visibility", "visible"},
                                    {"extra_data", {{"status", "not graded"}}},
                                    {"tests", nlohmann::json::array()}};
    return results.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string junitXml(const GradeReport &report) {
    if (!report.notGraded.empty())  // JUnit's error: the run of the tests failed, not a test
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"dotsgrade." +
               xmlEscaped(report.assignment) +
               "\" tests=\"1\" failures=\"0\" errors=\"1\">\n    <testcase classname=\"dotsgrade\" "
               "name=\"not graded\">\n      <error message=\"not graded\">" +
               xmlEscaped(controlsEscaped(report.notGraded) + "\n" + notGradedAdvice()) +
               "</error>\n    </testcase>\n  </testsuite>\n</testsuites>\n";
    int failures = 0;
    for (const TestOutcome &t : report.tests) failures += t.passed ? 0 : 1;
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"dotsgrade." +
        xmlEscaped(report.assignment) + "\" tests=\"" + std::to_string(report.tests.size()) +
        "\" failures=\"" + std::to_string(failures) + "\">\n";
    const std::vector<std::string> outputs = boundedOutputs(report);
    for (std::size_t i = 0; i < report.tests.size(); ++i) {
        const TestOutcome &t = report.tests[i];
        xml +=
            "    <testcase classname=\"" + xmlEscaped(t.category) + "\" name=\"" + xmlEscaped(t.name) + "\"";
        if (t.passed) {
            xml += "/>\n";
            continue;
        }
        xml += ">\n      <failure message=\"" +
               xmlEscaped(points(t.score) + " of " + points(t.maxScore) + " points") + "\">" +
               xmlEscaped(outputs[i]) + "</failure>\n    </testcase>\n";
    }
    if (!report.differences.empty())  // the schema's place for what belongs to the whole suite: last
        xml += "    <system-out>" + xmlEscaped(boundedText(controlsEscaped(differencesText(report)), kReportOutputBytes / 8)) +
               "</system-out>\n";
    return xml + "  </testsuite>\n</testsuites>\n";
}

void writeExplanation(const Assignment &assignment, OutputPolicy policy, const std::vector<TestOutcome> &tests,
                      std::ostream &out) {
    double total = 0;
    out << "dotsgrade " << assignment.name << ": the tests, what each runs and compares, and its points\n";
    for (const TestOutcome &t : tests) {
        out << "  " << std::setw(6) << points(t.maxScore) << "  " << t.name << "\n          " << t.description
            << "\n";
        total += t.maxScore;
    }
    out << "Total: " << points(total) << "\n";
    const int cost = static_cast<int>(100 * kDifferenceCost + 0.5);
    out << "\nOutput policy: " << nameOf(policy)
        << (policy == assignment.outputPolicy ? " (the assignment's own: " + assignment.outputPolicyBecause + ")"
                                              : " (chosen by --output-policy or the course file; the assignment's "
                                                "own is " + nameOf(assignment.outputPolicy) + ")")
        << ".\n  Either way, the report opens with the distinct differences of the program's output across all "
           "its runs, each once, with the runs it explains, and shows where each failing run first differs for "
           "a new reason.\n"
        << (policy == OutputPolicy::kStrict
                ? "  strict: every run whose output differs fails.\n"
                : "  per-mistake: each distinct difference costs " + std::to_string(cost) +
                      "% of the points of its category once (charged to the first test where it shows), and a "
                      "run that differs only by known differences passes.\n");
    out << "\nExit status: "
        << (assignment.textSettlesExitStatus
                ? "compared in every run, as the assignment's text lists the statuses.\n"
                : "compared only in an instructor's tests that give one (NAME.rc): the assignment's text "
                  "names "
                  "no exit status, so a program may exit with any where it ends (a crash is still a "
                  "crash).\n");
    if (!assignment.inputClasses.empty()) {
        out << "\nInput the runs give, audited against the assignment's text (only what it settles is in the "
               "random games; the rest is robustness):\n";
        for (const InputClass &c : assignment.inputClasses)
            out << "  " << (c.settled ? "settled    " : "unsettled  ") << c.example << ": " << c.what << " — "
                << c.because << "\n";
    }
    out << "\nThree outcomes: a test passes or fails; a whole grading may instead be NOT GRADED. " << notGradedAdvice()
        << " A batch lists those submissions with why, leaves their score empty (\"not graded\" in the CSV, "
           "never a 0) and exits 1.\n";
}

std::string reasonOf(const GradeReport &report) {
    if (!report.notGraded.empty()) return "not graded: " + controlsEscaped(report.notGraded);
    for (const TestOutcome &t : report.tests) {
        if (t.passed || t.maxScore == 0) continue;
        // The first line that says what is wrong (not the input or the line that replays it).
        std::string line;
        std::istringstream in(t.output);
        while (std::getline(in, line) && (line.rfind("input (", 0) == 0 || line.rfind("replay: ", 0) == 0 ||
                                          line.rfind("not charged", 0) == 0))
            line.clear();
        if (line.size() > 120) line = line.substr(0, 117) + "...";
        return t.category + ": " + t.name + (line.empty() ? "" : ": " + controlsEscaped(line));
    }
    return "";
}

std::string classCsvHeader(const std::vector<TestOutcome> &planned) {
    std::string csv = "student,score,max_score,reason";
    for (const TestOutcome &t : planned) csv += "," + csvField(t.name);
    return csv + "\n";
}

std::string classCsvRow(const std::string &student, const GradeReport &report,
                        const std::vector<TestOutcome> &planned) {
    const bool graded = report.notGraded.empty();  // else no number at all: never read as a 0
    std::string csv = csvField(student) + "," + (graded ? points(report.score()) : "not graded") + "," +
                      points(report.maxScore()) + "," + csvField(reasonOf(report));
    for (const TestOutcome &column : planned) {
        std::string cell;
        for (const TestOutcome &t : report.tests)
            if (graded && t.name == column.name) cell = points(t.score);
        csv += "," + cell;
    }
    return csv + "\n";
}

}  // namespace dotslab::grader
