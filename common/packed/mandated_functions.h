// mandated_functions.h — the functions the dotsboxes and dotstriangles assignments
// require, with their exact prototypes: the one table that the harness (which declares
// them), the grader (which looks for their symbols) and every message use.
//
// The table itself is mandated_table.h; this adds each entry's prototype and names as
// strings, the display function first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "packed/mandated_table.h"
#include "packed/packed_games.h"

// Declares an entry as a weak function, so a submission that lacks it still links.
#define DOTSLAB_WEAK_DECLARATION(type, name, parameters, mangled) __attribute__((weak)) type name parameters;

namespace dotslab {

struct MandatedFunction {
    std::string prototype;  // "bool isFilled(long long grid, int pos)"
    std::string name;       // "isFilled"
    std::string mangled;    // "_Z8isFilledxi" (as g++ and clang++ name it)
};

// Returns the mandated functions of game kind, the display function first.
const std::vector<MandatedFunction> &mandatedFunctions(PackedGame::Kind kind);

// Returns the prototype of kind's mandated function called name ("" if there is none).
std::string prototypeOf(PackedGame::Kind kind, std::string_view name);

}  // namespace dotslab
