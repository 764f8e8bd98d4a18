// gradescope_kit.h — the Gradescope autograder kit: one zip an instructor uploads.
//
//   setup.sh          run once by Gradescope, as root, on its Ubuntu 22.04 base image:
//                     installs the Debian/Ubuntu packages dotslab needs, builds dotsgrade
//                     from the source in the kit and installs it into /autograder/dotslab
//   run_autograder    run for each submission: dotsgrade grades /autograder/submission
//                     and writes /autograder/results/results.json
//   dotslab/, shared/specs/   our source and the specs (transcripts included)
//   rubric.json, tests/       the instructor's rubric and extra tests, when given
//
// DOTSGRADE_AUTOGRADER_ROOT replaces /autograder in both scripts, so that the kit can be
// tried anywhere (the tests do: unzip, build and install, submit, grade, read the JSON);
// DOTSGRADE_AUTOGRADER_NO_APT=1 has setup.sh skip apt-get where the packages are there.
#pragma once

#include <string>
#include <vector>

namespace dotslab::grader {

struct KitRequest {
    std::string assignment;            // "dotsboxes"
    std::string output;                // the zip to write
    std::string rubricPath;            // "" for the default rubric
    std::string testsDir;              // "" for none
    std::vector<std::string> providedFiles;  // the course's files it hands out (--provided), packed in
    std::vector<std::string> options;        // the other dotsgrade options every grading gets
};

// Writes the kit; throws std::runtime_error with the reason if it cannot.
void writeGradescopeKit(const KitRequest &request);

}  // namespace dotslab::grader
