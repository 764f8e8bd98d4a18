// transcript_case.h — a run of a whole program as plain files (the OSTEP tester's
// layout): the specs' transcripts, the grader's --tests and --save-failures folders and
// every program's own tests are read and written here, and nowhere else.
//
//   NAME.in     standard input, bytes as they are                    required: names the case
//   NAME.args   the command line's words, separated by whitespace    optional: no arguments
//   NAME.out    the standard output expected                         optional: not known here
//   NAME.err    the standard error expected                          optional: not compared
//   NAME.rc     the exit status expected: 0..255, then a newline     optional: not known here
//   NAME.desc   what the case checks, one line                       optional
//   NAME.saves  files the run saves in its working folder, compared  optional
//               with what the sample saves (names, separated by whitespace)
//
// An .out, .err or .rc that is absent is "not known": the grader asks the sample solution
// for it. A file that is present but malformed (an .rc that is not a status) is an error
// that names the file, never a silent default.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dotslab {

struct TranscriptCase {
    std::string name;  // NAME: the .in file's name without .in
    std::string input;
    std::vector<std::string> args;
    std::optional<std::string> out, err;
    std::optional<int> status;
    std::string description;  // "" where there is no .desc (its newline is not kept)
    std::vector<std::string> saves;  // files the run saves in its working folder (plain names)

    // Returns the case's argument words joined by single spaces (as .args holds them).
    std::string argsLine() const;
};

// Thrown where a case's file is malformed; what() names the file and what is wrong.
struct TranscriptCaseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Returns the case NAME of folder (NAME.in must exist). Throws TranscriptCaseError.
TranscriptCase readTranscriptCase(const std::filesystem::path &folder, const std::string &name);

// Returns every case of folder whose NAME starts with prefix, sorted by NAME (none if the
// folder does not exist). Throws TranscriptCaseError.
std::vector<TranscriptCase> readTranscriptCases(const std::filesystem::path &folder,
                                                std::string_view prefix = "");

// Writes c into folder as NAME.in and each optional file it has (folder must exist).
// Throws std::runtime_error if a file cannot be written.
void writeTranscriptCase(const std::filesystem::path &folder, const TranscriptCase &c);

}  // namespace dotslab
