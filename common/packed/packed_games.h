// packed_games.h — the model of the two 18-digit games: the mandated functions as they
// must behave, the exact printed grid, and which numbers are valid encodings.
//
//   dotsboxes (cruciform board)          dotstriangles (hexagon board)
//   d1..d16  line i filled (0/1)          d1..d12   line i filled (0/1)
//   d17      Player 1's score (0..5)      d13..d18  owner of triangle 1..6 (0, 1, 2)
//   d18      Player 2's score (0..5)      score = number of triangles owned
//
// Positions are 1-based as in the assignments; line index = position - 1.
#pragma once

#include <string>

#include "board/board_graph.h"
#include "board/extra_turn.h"

namespace dotslab {

// What one packed game is: its board, its digits, its rules and its printed text.
struct PackedGame {
    enum class Kind { kDotsboxes, kDotstriangles };
    Kind kind;
    const BoardGraph &board;
    ExtraTurnRule rule;
    const char *name;  // "dotsboxes"

    // Returns the number of line positions (16 or 12).
    int lineCount() const { return board.lineCount(); }
    // Returns the filled lines of grid (bit pos-1 = position pos).
    LineSet filledLines(long long grid) const;
    // Returns isFilled(grid, pos).
    bool isFilled(long long grid, int pos) const;
    // Returns playerScore(grid, p).
    int playerScore(long long grid, int p) const;
    // Returns grid after updateGrid(grid, pos, p); an already filled pos leaves it unchanged.
    long long updated(long long grid, int pos, int p) const;
    // Returns gameState(grid): 3 not finished; 1 or 2 the winner; 0 a draw (triangles only).
    int gameState(long long grid) const;
    // Returns exactly what displayGrid / printGrid prints for grid.
    std::string render(long long grid) const { return renderWith(grid, filledLines(grid), playerScore(grid, 1), playerScore(grid, 2)); }
    // Returns what it prints for grid with these lines filled and these scores (a display
    // that asks isFilled and playerScore, answered so); owners are grid's digits.
    std::string renderWith(long long grid, LineSet lines, int score1, int score2) const;
    // Returns gameState's answer for these lines filled and these scores.
    int gameStateWith(LineSet lines, int score1, int score2) const;
    // Returns grid after pos is drawn for p (pos not filled before), when `after` are the
    // lines filled then (the cells it closes are those all of whose lines are in it) and
    // score is p's score before it (dotsboxes: written back, plus the cells closed).
    long long drawnWith(long long grid, int pos, int p, LineSet after, int score) const;
    // Returns true if grid is a proper encoding: line digits 0/1 and score or owner digits
    // that some game could have produced from those lines.
    bool isValid(long long grid) const;
    // Returns the prompt for player p, with its trailing space.
    std::string prompt(int p) const;
    // Returns the message printed when the game ends in grid.
    std::string endMessage(long long grid) const { return endMessageFor(gameState(grid)); }
    // Returns the message printed when the game ends in state (gameState's answer).
    std::string endMessageFor(int state) const;
    // Returns the message printed after player p scored, or "" if the game prints none.
    std::string scoringMessage(int p) const;
};

// Returns the dotsboxes model.
const PackedGame &dotsboxesGame();
// Returns the dotstriangles model.
const PackedGame &dotstrianglesGame();

}  // namespace dotslab
