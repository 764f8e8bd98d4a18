// class_report.h — what a batch tells the instructor about the class as a whole: a
// summary (score histogram, the most common failing tests, the submissions that did not
// build, the slowest, pairs that look alike) and one self-contained HTML page with the
// summary, the class table and every student's report.
#pragma once

#include <string>
#include <vector>

#include "assignment.h"
#include "grade.h"

namespace dotslab::grader {

struct GradedStudent {
    std::string student;     // "alice"
    std::string submission;  // its file or folder
    GradeReport report;
};

// Two submissions a similarity tool finds alike.
struct SimilarPair {
    std::string first, second;
    int percent = 0;  // the larger share of one found in the other
};

// Returns the pairs of submissions that sim_c (C) or sim_c++ (Debian's similarity-tester)
// finds alike at or above threshold percent. Lines of the starter file (if given) are
// left out of every submission first, so that code everyone was handed does not count.
// sim reads student code: it runs in the sandbox.
std::vector<SimilarPair> similarPairs(const Assignment &assignment,
                                      const std::vector<GradedStudent> &students, const std::string &starter,
                                      int threshold);

// Returns the class summary as plain text.
std::string classSummary(const std::vector<GradedStudent> &students, const std::vector<SimilarPair> &pairs);

// Returns the class report as one HTML page, with no outside resources.
std::string classHtml(const std::string &assignment, const std::vector<GradedStudent> &students,
                      const std::vector<SimilarPair> &pairs);

}  // namespace dotslab::grader
