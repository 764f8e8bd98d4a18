// mandated_functions.h — the functions the dotsboxes and dotstriangles assignments
// require, with their exact prototypes: the one table that the harness (which declares
// them), the grader (which looks for their symbols) and every message use.
//
// Each entry is F(return type, name, parameter list, Itanium-mangled name); the display
// function comes first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "packed/packed_games.h"

#define DOTSLAB_PACKED_GAME_FUNCTIONS(F)                                         \
    F(bool, isFilled, (long long grid, int pos), "_Z8isFilledxi")                \
    F(int, playerScore, (long long grid, int p), "_Z11playerScorexi")            \
    F(void, updateGrid, (long long &grid, int pos, int p), "_Z10updateGridRxii") \
    F(int, gameState, (long long grid), "_Z9gameStatex")

#define DOTSLAB_DOTSBOXES_FUNCTIONS(F)                         \
    F(void, displayGrid, (long long grid), "_Z11displayGridx") \
    DOTSLAB_PACKED_GAME_FUNCTIONS(F)

#define DOTSLAB_DOTSTRIANGLES_FUNCTIONS(F)                \
    F(void, printGrid, (long long grid), "_Z9printGridx") \
    DOTSLAB_PACKED_GAME_FUNCTIONS(F)

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
