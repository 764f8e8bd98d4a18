// mandated_table.h — the functions the dotsboxes and dotstriangles assignments require,
// in their one order, as X-macros with nothing else (so that the function worker's wire
// format, which must know no model, can check its order against them).
//
// Each entry is F(return type, name, parameter list, Itanium-mangled name). The display
// function comes first, then DOTSLAB_PACKED_GAME_FUNCTIONS in this order; the worker's
// `Op` (harness/call_wire.h) and every table indexed by it follow the same order, and
// call_wire.h static_asserts that they do.
#pragma once

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
