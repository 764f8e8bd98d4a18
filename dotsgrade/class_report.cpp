#include "class_report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <sstream>

#include "build.h"
#include "files/files.h"
#include "report.h"
#include "text/text_diff.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

// Returns text's lines with surrounding whitespace trimmed.
std::vector<std::string> trimmedLines(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const std::size_t start = line.find_first_not_of(" \t\r"), end = line.find_last_not_of(" \t\r");
        lines.push_back(start == std::string::npos ? "" : line.substr(start, end - start + 1));
    }
    return lines;
}

// Returns the share of the class's points a report earned, 0..100.
double percentOf(const GradeReport &report) {
    return report.maxScore() > 0 ? 100 * report.score() / report.maxScore() : 0;
}

bool built(const GradeReport &report) {
    for (const TestOutcome &t : report.tests)
        if (t.name == "build") return t.passed;
    return false;
}

// Returns the students whose reports are grades (not "not graded").
std::vector<GradedStudent> gradedOnly(const std::vector<GradedStudent> &students) {
    std::vector<GradedStudent> graded;
    for (const GradedStudent &s : students)
        if (s.report.notGraded.empty()) graded.push_back(s);
    return graded;
}

// Returns the failing tests and how many students failed each, most common first.
std::vector<std::pair<std::string, int>> commonFailures(const std::vector<GradedStudent> &students) {
    std::map<std::string, int> counts;
    for (const GradedStudent &s : students)
        for (const TestOutcome &t : s.report.tests)
            if (!t.passed) ++counts[t.name];
    std::vector<std::pair<std::string, int>> list(counts.begin(), counts.end());
    std::stable_sort(list.begin(), list.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return list;
}

// Returns the students, slowest grading first.
std::vector<const GradedStudent *> slowest(const std::vector<GradedStudent> &students) {
    std::vector<const GradedStudent *> list;
    for (const GradedStudent &s : students) list.push_back(&s);
    std::stable_sort(list.begin(), list.end(), [](const GradedStudent *a, const GradedStudent *b) {
        return a->report.seconds > b->report.seconds;
    });
    return list;
}

// Returns how many students scored in each tenth of the points (the last bin holds 100%).
std::vector<int> histogram(const std::vector<GradedStudent> &students) {
    std::vector<int> bins(10, 0);
    for (const GradedStudent &s : students) ++bins[std::min(9, static_cast<int>(percentOf(s.report) / 10))];
    return bins;
}

std::string binLabel(int bin) {
    return std::to_string(bin * 10) + (bin == 9 ? "-100%" : "-" + std::to_string(bin * 10 + 9) + "%");
}

std::string oneDecimal(double x) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << x;
    return out.str();
}

}  // namespace

std::vector<SimilarPair> similarPairs(const Assignment &assignment,
                                      const std::vector<GradedStudent> &students, const std::string &starter,
                                      int threshold) {
    // Step 1: one file per student: its code as the compiler saw it (macros expanded: a
    // copy cut into pasted tokens reads as the copy; headers in), else its sources one after
    // another; the starter's lines left out (whole-line matches: nothing here interprets
    // student code, which only the sandbox's preprocessor has read).
    std::vector<std::string> given;
    if (!starter.empty())  // as written, and as the preprocessor leaves it (as students' code is compared)
        for (const std::string &text : {readFileText(starter), preprocessedOwnCode(assignment, starter)})
            for (const std::string &line : trimmedLines(text))
                if (!line.empty()) given.push_back(line);
    std::sort(given.begin(), given.end());
    const TemporaryDirectory folder("dotsgrade-similarity");
    fs::permissions(folder.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    bool allC = true;
    std::vector<std::string> files;
    for (std::size_t k = 0; k < students.size(); ++k) {
        std::string text;
        for (const std::string &source : submissionSources(assignment, students[k].submission, true)) {
            allC = allC && (Assignment::isCSource(source) || fs::path(source).extension() == ".h");
            if (!students[k].report.ownCode.empty()) continue;
            for (const std::string &line : trimmedLines(readFileText(source)))
                if (!std::binary_search(given.begin(), given.end(), line)) text += line + "\n";
        }
        for (const std::string &line : trimmedLines(students[k].report.ownCode))
            if (!std::binary_search(given.begin(), given.end(), line)) text += line + "\n";
        const std::string name = "s" + std::to_string(k) + ".txt";  // never a student's own name
        writeFileText(folder.path() / name, text);
        files.push_back(name);
    }
    if (files.size() < 2) return {};
    // Step 2: sim in the sandbox: "-p" percentages, "-e" each pair on its own, "-s" no file
    // against itself, "-T" no file list, "-t" the threshold.
    std::vector<std::string> command = {allC ? "/usr/bin/sim_c" : "/usr/bin/sim_c++",
                                        "-p",
                                        "-e",
                                        "-s",
                                        "-T",
                                        "-t",
                                        std::to_string(threshold)};
    command.insert(command.end(), files.begin(), files.end());
    std::string said;
    if (runBuildTool(folder.path().string(), command, said, 120) != 0)
        throw std::runtime_error("the similarity tester failed (is similarity-tester installed?): " +
                                 said.substr(0, 300));
    // Step 3: "s3.txt consists for 85 % of s7.txt material", the larger share per pair.
    std::map<std::pair<std::size_t, std::size_t>, int> best;
    std::istringstream in(said);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string a, consists, for_, percentSign, of, b;
        int percent = 0;
        if (!(words >> a >> consists >> for_ >> percent >> percentSign >> of >> b) || consists != "consists")
            continue;
        auto index = [&](const std::string &file) {
            return static_cast<std::size_t>(std::find(files.begin(), files.end(), file) - files.begin());
        };
        const std::size_t i = index(a), j = index(b);
        if (i >= files.size() || j >= files.size() || i == j) continue;
        int &kept = best[{std::min(i, j), std::max(i, j)}];
        kept = std::max(kept, percent);
    }
    std::vector<SimilarPair> pairs;
    for (const auto &[pair, percent] : best)
        pairs.push_back({students[pair.first].student, students[pair.second].student, percent});
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const auto &x, const auto &y) { return x.percent > y.percent; });
    return pairs;
}

std::string classSummary(const std::vector<GradedStudent> &everyone, const std::vector<SimilarPair> &pairs) {
    std::ostringstream out;
    // The grades are only those that are grades; the others are listed apart, with why.
    const std::vector<GradedStudent> students = gradedOnly(everyone);
    std::vector<double> percents;
    for (const GradedStudent &s : students) percents.push_back(percentOf(s.report));
    std::sort(percents.begin(), percents.end());
    out << "Class summary: " << everyone.size() << " submissions";
    if (students.size() < everyone.size())
        out << ", " << everyone.size() - students.size() << " NOT GRADED (see below)";
    if (!percents.empty())
        out << ", mean "
            << oneDecimal(std::accumulate(percents.begin(), percents.end(), 0.0) / percents.size())
            << "%, median " << oneDecimal(percents[percents.size() / 2]) << "%";
    out << "\n\nScores\n";
    const std::vector<int> bins = histogram(students);
    for (int bin = 9; bin >= 0; --bin)
        out << "  " << std::string(9 - binLabel(bin).size(), ' ') << binLabel(bin) << "  "
            << std::string(bins[bin], '#') << " " << bins[bin] << "\n";
    out << "\nMost common failing tests\n";
    int shown = 0;
    for (const auto &[test, count] : commonFailures(students))
        if (shown++ < 10) out << "  " << count << "  " << test << "\n";
    if (shown == 0) out << "  none\n";
    out << "\nDid not build\n";
    std::string failed;
    for (const GradedStudent &s : students)
        if (!built(s.report)) failed += "  " + dotslab::controlsEscaped(s.student) + "\n";
    out << (failed.empty() ? "  none\n" : failed);
    out << "\nSlowest gradings\n";
    shown = 0;
    for (const GradedStudent *s : slowest(students))
        if (shown++ < 5) out << "  " << oneDecimal(s->report.seconds) << " s  " << dotslab::controlsEscaped(s->student) << "\n";
    out << "\nSimilar pairs\n";
    for (const SimilarPair &p : pairs)
        out << "  " << p.percent << "%  " << dotslab::controlsEscaped(p.first) << " and "
            << dotslab::controlsEscaped(p.second) << "\n";
    if (pairs.empty()) out << "  none found (or not looked for: --similarity)\n";
    if (students.size() < everyone.size()) {
        out << "\nNot graded (the grader failed: no score earned or lost; grade these again)\n";
        for (const GradedStudent &s : everyone)
            if (!s.report.notGraded.empty())
                out << "  " << dotslab::controlsEscaped(s.student) << ": " << dotslab::controlsEscaped(s.report.notGraded) << "\n";
    }
    return out.str();
}

std::string classHtml(const std::string &assignment, const std::vector<GradedStudent> &students,
                      const std::vector<SimilarPair> &pairs) {
    auto e = [](const std::string &text) { return xmlEscaped(dotslab::controlsEscaped(text)); };
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>dotsgrade "
        << e(assignment) << ": class report</title>\n"
        << "<style>body{font-family:sans-serif;margin:2em;max-width:70em}"
           "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}"
           "pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}"
           ".pass{color:#186a18}.fail{color:#a01010}.bar{background:#4a7ab8;display:inline-block;height:1em}"
           "</style></head><body>\n";
    out << "<h1>dotsgrade " << e(assignment) << ": class report</h1>\n";
    out << "<h2>Summary</h2>\n<pre id=\"summary\">" << e(classSummary(students, pairs)) << "</pre>\n";
    out << "<h2>Scores</h2>\n<table id=\"scores\">\n";
    const std::vector<int> bins = histogram(gradedOnly(students));
    for (int bin = 9; bin >= 0; --bin)
        out << "<tr><td>" << binLabel(bin) << "</td><td><span class=\"bar\" style=\"width:" << bins[bin] * 12
            << "px\"></span> " << bins[bin] << "</td></tr>\n";
    out << "</table>\n<h2>Class</h2>\n<table id=\"class\">\n<tr><th>student</th><th>score</th><th>of</th>"
           "<th>reason</th></tr>\n";
    for (const GradedStudent &s : students)
        out << "<tr><td><a href=\"#s-" << e(s.student) << "\">" << e(s.student) << "</a></td><td>"
            << (s.report.notGraded.empty() ? points(s.report.score()) : "not graded") << "</td><td>"
            << points(s.report.maxScore()) << "</td><td>" << e(reasonOf(s.report)) << "</td></tr>\n";
    out << "</table>\n";
    if (!pairs.empty()) {
        out << "<h2>Similar pairs</h2>\n<table "
               "id=\"similar\">\n<tr><th>%</th><th>first</th><th>second</th></tr>\n";
        for (const SimilarPair &p : pairs)
            out << "<tr><td>" << p.percent << "</td><td>" << e(p.first) << "</td><td>" << e(p.second)
                << "</td></tr>\n";
        out << "</table>\n";
    }
    out << "<h2>Students</h2>\n";
    for (const GradedStudent &s : students) {
        const std::vector<std::string> outputs = boundedOutputs(s.report);
        out << "<details id=\"s-" << e(s.student) << "\"><summary>" << e(s.student) << ": "
            << scoreText(s.report) << "</summary>\n";
        if (!s.report.notGraded.empty()) {
            out << "<pre>not graded: " << e(s.report.notGraded) << "\n" << e(notGradedAdvice())
                << "</pre></details>\n";
            continue;
        }
        out << "<table>\n";
        for (std::size_t i = 0; i < s.report.tests.size(); ++i) {
            const TestOutcome &t = s.report.tests[i];
            out << "<tr><td class=\"" << (t.passed ? "pass\">PASS" : "fail\">FAIL") << "</td><td>"
                << points(t.score) << "/" << points(t.maxScore) << "</td><td>" << e(t.name)
                << (outputs[i].empty() ? "" : "<pre>" + e(outputs[i]) + "</pre>") << "</td></tr>\n";
        }
        out << "</table></details>\n";
    }
    out << "</body></html>\n";
    return out.str();
}

}  // namespace dotslab::grader
