// build.h — compile a student's submission the way the assignment is marked:
// -Wall -Wextra -pedantic, every diagnostic kept for the report.
#pragma once

#include <string>
#include <vector>

#include "assignment.h"

namespace dotslab::grader {

struct BuildResult {
    bool compiled = false;             // every source compiled and the program linked
    bool warned = false;               // the compiler said anything at all
    std::string diagnostics;           // everything the compiler and linker printed
    std::vector<std::string> sources;  // the submission's source files
    std::vector<std::string> objects;  // one per source
    std::string program;               // the linked program
    std::string functionsObject;       // single-source submissions: the object with main renamed
};

// Returns the source files of a submission: the file itself, or every file under the
// folder with one of the assignment's extensions (sorted).
std::vector<std::string> submissionSources(const Assignment &assignment, const std::string &submission);

// Compiles and links the submission into directory `into` (which must exist).
BuildResult buildSubmission(const Assignment &assignment, const std::string &submission,
                            const std::string &into);

// Runs a trusted tool (compiler, nm) and returns its exit status; output receives its
// standard output and error.
int runTool(const std::vector<std::string> &command, std::string &output, double seconds = 120);

}  // namespace dotslab::grader
