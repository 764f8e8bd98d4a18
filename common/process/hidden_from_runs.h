// hidden_from_runs.h — the grader's own files, kept out of every untrusted run's sight
// where they lie among the system's files.
//
// Every run reads the system's files (/usr). An ordinary install puts ours there too:
// `cmake --install` with no prefix (/usr/local) or a package (/usr) leaves the reference
// programs in /usr/local/bin and the specs with their expected outputs in
// /usr/local/share/dotslab. A program that execs /usr/local/bin/eight played the
// reference's games (adversary round 25: 100 for a program that prints one line).
//
// The grader names its own files once (hideFromRuns); then
//   - in bubblewrap, each one under /usr is covered: a folder by an empty tmpfs, a file
//     by /dev/null (which reads empty and cannot be run);
//   - without bubblewrap, Landlock cannot take a path back from a folder it allows, so
//     each folder a run may read that holds one of ours is allowed by its entries
//     instead, ours left out (readableBesidesHidden).
#pragma once

#include <string>
#include <vector>

namespace dotslab {

// Keeps paths (files or folders, ours) out of every untrusted run from now on. Call it
// before the first run; paths that do not exist are left alone.
void hideFromRuns(const std::vector<std::string> &paths);

// Returns bubblewrap's words that cover each hidden path under /usr (after /usr is bound).
std::vector<std::string> bubblewrapHidingWords();

// Returns paths that together allow what roots allow, except the hidden paths: a root
// that holds none stays as it is (its real path, where it is a link such as /lib).
std::vector<std::string> readableBesidesHidden(const std::vector<std::string> &roots);

}  // namespace dotslab
