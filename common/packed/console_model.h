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

// The mandated functions as a program's main calls them: the model's (ModelFunctions), or
// anyone's answers to the same calls (the grader asks what a right main prints with a
// student's own functions).
class MandatedFunctions {
  public:
    virtual ~MandatedFunctions() = default;
    virtual std::string display(long long grid) = 0;
    virtual bool isFilled(long long grid, int pos) = 0;
    virtual int playerScore(long long grid, int p) = 0;
    virtual long long updated(long long grid, int pos, int p) = 0;
    virtual int gameState(long long grid) = 0;
};

// The model's own functions.
class ModelFunctions : public MandatedFunctions {
  public:
    explicit ModelFunctions(const PackedGame &game) : game_(game) {}
    std::string display(long long grid) override { return game_.render(grid); }
    bool isFilled(long long grid, int pos) override { return game_.isFilled(grid, pos); }
    int playerScore(long long grid, int p) override { return game_.playerScore(grid, p); }
    long long updated(long long grid, int pos, int p) override { return game_.updated(grid, pos, p); }
    int gameState(long long grid) override { return game_.gameState(grid); }

  private:
    const PackedGame &game_;
};

// Returns the complete output and exit status of game's program fed `input` on stdin.
ProgramRun expectedRun(const PackedGame &game, std::string_view input);

// Returns what game's program prints for `input` with these mandated functions: the
// model's main, calling each function where the reference calls it (dotsboxes.cpp's main).
ProgramRun expectedRun(const PackedGame &game, std::string_view input, MandatedFunctions &functions);

}  // namespace dotslab
