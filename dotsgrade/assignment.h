// assignment.h — what dotsgrade knows about each assignment: how a submission is built,
// which mandated functions and source rules apply, which transcripts are its own, how
// its random games look, and the default rubric.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "packed/mandated_functions.h"
#include "packed/packed_games.h"

namespace dotslab::grader {

// What a run whose output differs from the sample's earns (see output_differences.h):
//   strict       it fails, as an assignment that says "exactly the same … otherwise wrong" has it;
//   per-mistake  each distinct difference costs kDifferenceCost of its category once, and a run
//                that differs only by known differences passes.
enum class OutputPolicy { kStrict, kPerMistake };

// Returns the policy called "strict" or "per-mistake"; throws std::invalid_argument otherwise.
OutputPolicy outputPolicyNamed(const std::string &name);

// Returns the policy's name ("strict", "per-mistake").
std::string nameOf(OutputPolicy policy);

// The share of a category's points one distinct difference costs under per-mistake.
constexpr double kDifferenceCost = 0.1;

// One kind of input the random games give, and whether the assignment's own text settles
// the answer to it (then a game may hold it; else only the robustness inputs do).
struct InputClass {
    const char *example;  // "00 0 h"
    const char *what;     // "a move with a leading zero"
    bool settled;
    const char *because;  // the text's words, or why it says nothing
    // Unsettled: the settled line the example may be read as (kNoLine: as no line at all);
    // the other reading the text allows is to refuse it as a line that is no move.
    const char *takenAs = nullptr;
};

// An unsettled line read as no line at all (an empty line skipped, as `cin >> n` does).
constexpr const char *kNoLine = "(no line)";

struct FuzzCase {
    std::vector<std::string> args;
    std::string input;
    std::vector<std::pair<std::string, std::string>> givenFiles = {};  // files it may read: name, content
    std::vector<std::string> saves = {};  // files it saves in its working folder, compared too
    // Lines ended by CR LF, which no text mentions, so a program may assume they never come:
    // the same game ended by LF alone. A run that differs is the program's own failure only
    // if this twin differs too, or if the run did not end by itself.
    std::optional<std::string> settledInput = std::nullopt;
    // Where the input holds lines of classes its text does not settle (InputClass::takenAs):
    // the same game with those lines spelt as each reading the text allows, one input per
    // reading (every line taken as the line it stands for, or refused, in every
    // combination). A run that differs from the spec's answer is the program's own failure
    // only if it differs from the answers to all of these.
    std::vector<std::string> readings = {};
};

struct Assignment {
    std::string name;                           // "dotsboxes"
    const PackedGame *packed = nullptr;         // its packed game (dotsboxes, dotstriangles), or none
    std::vector<MandatedFunction> functions;    // empty: no function stage
    std::set<std::string> functionsTheTextOmits;  // of functions, those only the spec asks for
    std::set<std::string> rulesTheTextOmits;      // rules only the spec states: shown, never charged
    // The text asks for code free of warnings (dotsboxes, dotstriangles: "free of compilation
    // errors and warnings"); elsewhere the course's command's warnings are shown, never charged.
    bool textAsksNoWarnings = false;
    bool noGlobals = false;                     // the spec forbids global variables
    bool singleFile = false;                    // one source file, named as the assignment
    bool noArraysNoLibrary = false;             // dotstriangles' extra source rules
    bool packedEncoding = false;                // no floating point; the function harness applies
    bool compareStandardError = false;          // boxes prints its messages there
    bool textSettlesExitStatus = false;         // boxes' text lists its exit statuses; the others' say none
    std::vector<std::string> sourceExtensions;  // what counts as a source file
    // Files the course hands out that the text never asks students to turn in: the name a
    // source includes, and the copy supplied where it is missing: ours (a path under
    // dotslab's source), or the course's own (an absolute path: --provided).
    std::vector<std::pair<std::string, std::string>> providedFiles;
    // The course's compile commands (after g++ or gcc), as the assignment states them:
    // warnings are counted from exactly these, and the program graded is what they build.
    std::string cxxFlags = "-std=c++11 -Wall -pedantic";
    std::string cFlags = "-std=gnu99 -Wall -pedantic";
    // Random whole-program cases of two kinds, scored apart. Conformance: a game on input
    // the assignment promises, played to its end. Robustness: input beyond the promise
    // (malformed tokens, end of input mid-game, CR LF, huge lines, binary).
    FuzzCase (*validGame)(std::mt19937 &rng) = nullptr;
    FuzzCase (*malformedInput)(std::mt19937 &rng) = nullptr;
    // The prompt before each whitespace-separated token the program reads ("" where input
    // is not read that way): a difference is then shown with the move that led to it.
    std::string movePrompt;
    std::vector<std::string> robustnessTranscripts;  // its transcripts of input beyond the promise
    std::map<std::string, double> rubric;            // category -> points (see grade.h), 100 in all
    // The assignment text's own rule for output that differs, and where it says so.
    OutputPolicy outputPolicy = OutputPolicy::kPerMistake;
    std::string outputPolicyBecause;
    // Every kind of input its random games and transcripts give, audited against its text.
    std::vector<InputClass> inputClasses;
    // Another reading of the text that our reference can play (its arguments, and what it
    // reads so): a program is graded against the reading it follows, one for all its runs.
    struct OtherReading {
        std::vector<std::string> referenceArgs;
        std::string said;
    };
    std::vector<OtherReading> otherReadings;

    // Returns true if the text settles what a program does when its input ends mid-game
    // (an input class of that example it settles: boxes, dotscomputer).
    bool settlesEndOfInput() const;

    // Returns true if path is one of the assignment's source files: its extension is one of
    // sourceExtensions in any case (DotsBoxes.CPP, main.Cc), ".C" counting as C++.
    bool isSource(const std::filesystem::path &path) const;
    // Returns true if path is a C source (".c" exactly; ".C" is C++ by the usual convention).
    static bool isCSource(const std::filesystem::path &path) { return path.extension() == ".c"; }

    // Returns the name of our reference program (a sibling of dotsgrade).
    const std::string &referenceProgram() const { return name; }
};

// Returns the assignment called name, or throws std::invalid_argument listing the known ones.
const Assignment &assignmentNamed(const std::string &name);

// Returns the names of every assignment.
std::vector<std::string> assignmentNames();

}  // namespace dotslab::grader
