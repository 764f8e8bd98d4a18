#include "packed/console_model.h"

#include <algorithm>

#include "text/characters.h"
#include "text/integer_token.h"

namespace dotslab {
namespace {

// Hands out the tokens of an input one at a time.
class TokenStream {
  public:
    explicit TokenStream(std::string_view input) : input_(input) {}
    // Returns the next token, or nothing at end of input.
    std::optional<std::string_view> next() {
        while (at_ < input_.size() && isWhitespace(input_[at_])) ++at_;
        if (at_ == input_.size()) return std::nullopt;
        std::size_t start = at_;
        while (at_ < input_.size() && !isWhitespace(input_[at_])) ++at_;
        return input_.substr(start, at_ - start);
    }

  private:
    std::string_view input_;
    std::size_t at_ = 0;
};

}  // namespace

ProgramRun expectedRun(const PackedGame &game, std::string_view input) {
    ModelFunctions model(game);
    return expectedRun(game, input, model);
}

ProgramRun expectedRun(const PackedGame &game, std::string_view input, MandatedFunctions &functions) {
    ProgramRun run;
    TokenStream tokens(input);
    long long grid = 0;
    Turn turn;
    run.grids.push_back(grid);
    run.out += functions.display(grid);
    while (functions.gameState(grid) == 3) {
        run.out += game.prompt(turn.player);
        std::optional<std::string_view> token = tokens.next();
        if (!token) {
            run.out += '\n';
            run.status = 1;
            return run;
        }
        std::optional<int> pos = integerToken(*token);
        if (!pos || *pos < 1 || *pos > game.lineCount() || functions.isFilled(grid, *pos)) {
            run.out += "Invalid move! Try again.\n";
            continue;
        }
        int before = functions.playerScore(grid, turn.player);
        grid = functions.updated(grid, *pos, turn.player);
        run.grids.push_back(grid);
        int closed = functions.playerScore(grid, turn.player) - before;
        if (closed > 0) run.out += game.scoringMessage(turn.player);
        turn = turnAfter(game.rule, turn, std::max(closed, 0), 2);
        run.out += functions.display(grid);
    }
    run.out += game.endMessageFor(functions.gameState(grid));
    return run;
}

}  // namespace dotslab
