// output_differences.h — the distinct mistakes in a program's output, found across all of
// a grading's runs. Each run's output is diffed line by line with the expected one; each
// hunk is one edit, and edits of the same shape are one difference, named once, with the
// runs it explains. Then every run is judged again with the explained differences set
// aside, to show where it differs for a new reason.
//
//   expected                    actual                      the edit, and its shape
//   "…like? (2..8) a + + +"     "…like? (2..9) a + + +"     replaced: "8" by "9" after "like? (#.."
//   "You: 0    Me: 0", ""       "You: 0    Me: 0"           left out: "" after "You: #    Me: #"
//   exit status 6               exit status 0               the exit status: 6 by 0
//
// A shape keeps what changed, and just before it, with every word that holds a digit
// written '#' (dot names, scores, sizes): "a1 and b1" → "a1 and a2" and "c3 and d3" →
// "c3 and c4" are one difference.
//
// An edit is set aside only when it is
//   known       its shape is seen in at least two runs, and
//   consistent  what it changes is never printed right in any run that ended normally
//               (of the runs that carry points)
//               (a board row that differs here and is right elsewhere is the game going
//               another way, not a mistake made the same way every time), and always
//               becomes the same text (the same expected line, or the place between the
//               same two lines, in every run: numbers printed wrong at random are not one
//               mistake).
// An edit that changes only numbers (a replaced line of the same shape) is no slip where,
// within one run, the program prints the same for different numbers of the sample's (a
// score that stays 0 whatever the game): each run it spoils is its own failure. A number misprinted the
// same way each time ("2..9" for "2..8", labels one off) stays one difference.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace dotslab::grader {

// One run, as its comparison saw it (texts already normalised under the compare mode).
struct ComparedRun {
    std::string expectedOut, actualOut;
    std::string expectedErr, actualErr;  // both "" where standard error is not compared
    int expectedStatus = 0, actualStatus = 0;
    bool endedNormally = false;  // it exited (no signal, no limit): its status is compared, it can be explained
    bool differs = false;        // its comparison failed
    bool shown = true;           // the student sees this run's test (false: a hidden one on Gradescope)
    // Its category carries points: only such runs decide whether an edit is consistent (a
    // robustness run worth nothing that printed a line another way made one mistake of
    // eight's cost 55 points instead of 4.5: adversary round 23c).
    bool counts = true;
};

// One distinct difference: what the program does, in the student's words, and where.
struct OutputDifference {
    std::string what;          // "prints \"(2..9)\" where the sample prints \"(2..8)\""
    std::string example;       // its first place: the expected and the actual lines
    std::string hint;          // a classic mistake's hint for it ("no trailing space after the prompt"), or ""
    std::size_t runs = 0;      // the runs where it is set aside
    std::size_t explains = 0;  // of those, the runs that differ by nothing else (see RunDifferences)
    std::size_t places = 0;    // the places where it is set aside, in all
    std::size_t firstRun = 0;  // the first of those runs
    // Seen in a run the student sees: what, example and hint come from the first of those,
    // so that a hidden test's expected output is never shown (false: only in hidden runs).
    bool shown = true;
};

struct RunDifferences {
    std::vector<std::size_t> differences;  // indices into DifferenceFindings::differences, ascending
    bool explained = false;                // it differs, and only by differences set aside
    std::string newReason;                 // where it first differs for a new reason ("" if none)
    bool mostlyWrong = false;              // the new reason: less than half of it is right (newReason says)
    // Where that is in the expected standard output (a byte offset), where it is there.
    std::size_t newReasonAt = std::string::npos;
};

struct DifferenceFindings {
    // Each once: those that explain runs first (most first), then by the runs they are in.
    std::vector<OutputDifference> differences;
    std::vector<RunDifferences> runs;           // one per run given
};

// Returns the distinct differences of runs and each run judged again with them set aside.
DifferenceFindings findDifferences(const std::vector<ComparedRun> &runs);

}  // namespace dotslab::grader
