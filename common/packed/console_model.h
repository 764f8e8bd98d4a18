// console_model.h — what the dotsboxes and dotstriangles programs print for any input.
//
// The programs read whitespace-separated tokens (the separators of cin >>: space, tab,
// newline, carriage return, vertical tab, form feed), so CRLF input needs no special
// case. A token is a move only if it is an optional sign and digits that fit in an int.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "packed/packed_games.h"
#include "text/integer_token.h"

namespace dotslab {

struct ProgramRun {
    std::string out;               // everything on standard output
    int status = 0;                // exit status
    std::vector<long long> grids;  // every grid the game held, from the empty one on
};

// Returns the complete output and exit status of game's program fed `input` on stdin.
ProgramRun expectedRun(const PackedGame &game, std::string_view input);

}  // namespace dotslab
