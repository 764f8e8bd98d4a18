// model_function.cpp — one of the model's mandated functions, as a plain definition with
// the assignment's exact prototype. The grader links it over a student's own definition
// (made weak) to judge the rest of the student's code apart from that function: a
// function with the model's helpers, or a main with the model's functions, shows only
// its own mistakes (see dotsgrade/function_checks.h).
//
// Compiled once per game and function: MODEL_GAME is dotsboxesGame or dotstrianglesGame,
// MODEL_OP the function's dotslab_harness::Op number (0 the display function, then
// isFilled, playerScore, updateGrid, gameState), MODEL_DISPLAY the display's name.
#include <iostream>

#include "packed/packed_games.h"

#if !defined(MODEL_GAME) || !defined(MODEL_OP) || !defined(MODEL_DISPLAY)
#error "MODEL_GAME, MODEL_OP and MODEL_DISPLAY must be defined"
#endif

#if MODEL_OP == 0
void MODEL_DISPLAY(long long grid) { std::cout << dotslab::MODEL_GAME().render(grid); }
#elif MODEL_OP == 1
bool isFilled(long long grid, int pos) { return dotslab::MODEL_GAME().isFilled(grid, pos); }
#elif MODEL_OP == 2
int playerScore(long long grid, int p) { return dotslab::MODEL_GAME().playerScore(grid, p); }
#elif MODEL_OP == 3
void updateGrid(long long &grid, int pos, int p) { grid = dotslab::MODEL_GAME().updated(grid, pos, p); }
#elif MODEL_OP == 4
int gameState(long long grid) { return dotslab::MODEL_GAME().gameState(grid); }
#else
#error "MODEL_OP must be 0 to 4"
#endif
