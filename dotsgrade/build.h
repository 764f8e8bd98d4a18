// build.h — compile a student's submission in the sandbox the way the course marks it:
// with the assignment's compiler and flags (Assignment::cxxFlags / cFlags, which a course
// file or --flags replaces) or the student's own Makefile where the assignment allows one,
// every diagnostic kept for the report.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "assignment.h"
#include "process/process_runner.h"

namespace dotslab::grader {

// What one grading may hold on disk at most: its build (64 MB of files at most), the links
// made from it and its program's copy.
constexpr long long kGradingFolderBytes = 192LL << 20;
constexpr std::uintmax_t kBuildFolderBytes = 64u << 20;  // the whole build folder

// Returns the bytes of every file under folder.
std::uintmax_t bytesUnder(const std::filesystem::path &folder);

// Returns true if submission is built by its own Makefile: a folder of an assignment of
// several files, with a GNUmakefile, makefile or Makefile at its top.
bool buildsWithMake(const Assignment &assignment, const std::string &submission);

struct BuildResult {
    bool compiled = false;             // every source compiled and the program linked
    bool warned = false;               // the compiler said anything at all
    bool byMakefile = false;           // built by the student's own Makefile
    std::string diagnostics;           // everything the compiler and linker printed
    std::string notes;                 // what the student should know of the build (a file left out)
    std::string folder;                // the build folder: every build step's working folder in the sandbox
    std::vector<std::string> sources;  // the copies of the submission's sources (in folder/src)
    std::vector<std::string> objects;  // one per source, relative to folder
    std::string program;               // the linked program (a full path)
    // Built by a Makefile: per source (its file name), what make's command for it selects
    // of the code (-D, -U, -O, -std, -include, -ansi), which the course's command keeps, so
    // that the course's checks see the code make compiled (makeCommandFlags).
    std::map<std::string, std::vector<std::string>> makeFlags;
    // Built by make: the student's headers its commands compile as code (-x c++
    // eight_main.hpp), full paths; the course's command tells their warnings too.
    std::vector<std::string> compiledHeaders;
    // The files the course hands out that the build had from dotslab's own copy (eight's
    // board.h, where the submission has none and no --provided names the course's).
    std::vector<std::string> suppliedOurCopies;
};

// What the objects of a build hold, as the source rules read it.
struct ObjectListing {
    std::string symbols;      // what nm lists
    std::string disassembly;  // what objdump -d shows (the floating-point rule)
};

// Returns the whitespace-separated words of text (compile flags and the build's lists of
// archives: no shell, no quoting).
std::vector<std::string> splitWords(const std::string &text);

// Returns true if a path inside a submission or a class folder (relative to it) is
// something the student's system made, not the student: a hidden file or folder (.git,
// .vscode), an AppleDouble file (._board.cc) or a Mac's __MACOSX folder.
bool madeByTheSystem(const std::filesystem::path &relative);

// Returns the source files of a submission: the file itself, or every plain file (no
// links) under the folder with one of the assignment's extensions (sorted); with
// headersToo, its header files as well (everything of the student's the compiler sees).
std::vector<std::string> submissionSources(const Assignment &assignment, const std::string &submission,
                                           bool headersToo = false);

// Copies the submission's plain source and header files (no links, no precompiled
// headers, nothing else; at most 1 MB each) into src, keeping their relative paths; a
// file in UTF-16 or UTF-32 (its byte-order mark says so) is copied as UTF-8, its path
// (relative to src) added to converted if given. Returns the copied sources (full
// paths, sorted).
std::vector<std::string> stageSubmission(const Assignment &assignment, const std::string &submission,
                                         const std::filesystem::path &src,
                                         std::vector<std::string> *converted = nullptr);

// Returns the limits of one build step (a compile, a link, make): its time at most.
dotslab::Limits buildStepLimits();

// Returns the SHA-256 (in hex) of the code of the program stageSubmission copies: without
// comments, blanks, the texts of string literals, file names or order, or files that are
// no part of the program (a Makefile, a test program). The same code gives the same
// digest wherever it lies and whatever its files are called.
std::string submissionDigest(const Assignment &assignment, const std::string &submission);

// Builds the submission in the sandbox, in a fresh folder under `into` (which must exist),
// with the course's compile command for the assignment (flags, if given, replace its flags):
// every compile, link and objcopy is untrusted, with its own limits and 60 s for all.
// `compiled`, if given, is called once every source has compiled, before the link, with
// the build so far (its objects, no program): work that needs only the objects can go on
// beside the link. It is not called for a build by make or one whose compile failed.
BuildResult buildSubmission(const Assignment &assignment, const std::string &submission,
                            const std::string &into, const std::string &flags = "",
                            const std::function<void(const BuildResult &)> &compiled = {});

// Returns the full paths of the build's objects.
std::vector<std::string> objectPaths(const BuildResult &build);

// Returns what nm lists of the build's objects, run in the sandbox (the objects seen
// read-only: it may run beside the build folder's other users).
std::string listSymbols(const BuildResult &build);

// Returns what objdump -d shows of the build's objects, likewise.
std::string disassembly(const BuildResult &build);

// Returns, per function symbol of the build's objects, the symbols its code calls or
// refers to (from objdump -dr: relocations, and calls within a section the assembler
// resolved); empty where the objects cannot be read so.
std::map<std::string, std::set<std::string>> callGraph(const BuildResult &build);

// What the course's own compile command says of the submission's warnings, whatever the
// submission does to silence them.
struct CourseWarnings {
    std::string said;       // warnings the course's command gives where the build's did not (a Makefile's own flags)
    std::string silencers;  // each pragma or line marker in the student's code that silences warnings
    std::string ownCode;    // the student's own lines as the compiler saw them (macros expanded, no system header's)
};

// Returns the course's warnings of a build that compiled: each source preprocessed with the
// course's command (its #pragma lines, from macros and headers too, as the compiler saw
// them), and, for a build by the student's Makefile, compiled again with that command.
CourseWarnings courseWarnings(const Assignment &assignment, const BuildResult &build, const std::string &flags,
                              bool byMakefile);

// Returns GCC's tree dump (-fdump-tree-original) of each source of a build that compiled,
// made with the course's compile command (or flags) in the sandbox: every function's body
// as the compiler understood it. Returns "" where a source does not compile so.
std::string compilerTrees(const Assignment &assignment, const BuildResult &build, const std::string &flags);

// Returns true if every source of a build that compiled still compiles (the course's
// command, -fsyntax-only, in the sandbox) with the given lines blanked ([source] -> line
// numbers, from 1): the code needs none of them. The build's own files are left as they are.
bool compilesWithout(const Assignment &assignment, const BuildResult &build, const std::string &flags,
                     const std::map<std::string, std::set<int>> &blanked);

// Returns one source file's own lines as the course's compile command's preprocessor
// sees them (CourseWarnings::ownCode), made in the sandbox; "" where it does not preprocess.
std::string preprocessedOwnCode(const Assignment &assignment, const std::string &source);

// Runs a build tool (compiler, linker, nm) on student bytes in the sandbox, working in
// folder (seen as /sandbox/work; "" for a fresh empty one), with readOnly
// also visible at their own paths, and toolsFolder's programs (a folder in folder) first
// on PATH. Returns its exit status (-1 if it was stopped); output receives what it printed,
// and spent (if given) the processor time it took is added to.
int runBuildTool(const std::string &folder, const std::vector<std::string> &command, std::string &output,
                 double seconds = 30, const std::vector<std::string> &readOnly = {},
                 const std::string &toolsFolder = "", double *spent = nullptr);

}  // namespace dotslab::grader
