// token_input.h — random input beyond the packed games' promise, for the programs that read
// whitespace-separated move numbers (dotsboxes, dotstriangles): the one generator the
// harness's whole-program tests and the grader's robustness cases draw from.
//
// Each token is a move in range (7 in 10), a number out of range (1 in 10) or junk (2 in
// 10: words, decimals, signs, overflow, hexadecimal, raw bytes), each followed by a gap
// (space, tab, newline, CR LF, a blank line). The input may stop before the game ends.
#pragma once

#include <random>
#include <string>

namespace dotslab {

// Returns a random token input for a game of `lines` lines (3 to 4 × lines tokens).
std::string malformedTokenInput(std::mt19937 &rng, int lines);

}  // namespace dotslab
