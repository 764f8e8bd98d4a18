#include "console_model.h"

#include <climits>

namespace dotslab {
namespace {

bool isSeparator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Hands out the tokens of an input one at a time.
class TokenStream {
  public:
    explicit TokenStream(std::string_view input) : input_(input) {}
    // Returns the next token, or nothing at end of input.
    std::optional<std::string_view> next() {
        while (at_ < input_.size() && isSeparator(input_[at_])) ++at_;
        if (at_ == input_.size()) return std::nullopt;
        std::size_t start = at_;
        while (at_ < input_.size() && !isSeparator(input_[at_])) ++at_;
        return input_.substr(start, at_ - start);
    }

  private:
    std::string_view input_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<int> integerToken(std::string_view token) {
    bool negative = false;
    if (!token.empty() && (token[0] == '+' || token[0] == '-')) {
        negative = token[0] == '-';
        token.remove_prefix(1);
    }
    if (token.empty()) return std::nullopt;
    long long magnitude = 0;
    for (char c : token) {
        if (c < '0' || c > '9') return std::nullopt;
        magnitude = magnitude * 10 + (c - '0');
        if (magnitude > static_cast<long long>(INT_MAX) + 1) return std::nullopt;
    }
    long long value = negative ? -magnitude : magnitude;
    if (value > INT_MAX) return std::nullopt;
    return static_cast<int>(value);
}

ProgramRun expectedRun(const PackedGame &game, std::string_view input) {
    ProgramRun run;
    TokenStream tokens(input);
    long long grid = 0;
    Turn turn;
    run.out += game.render(grid);
    while (game.gameState(grid) == 3) {
        run.out += game.prompt(turn.player);
        std::optional<std::string_view> token = tokens.next();
        if (!token) {
            run.out += '\n';
            run.status = 1;
            return run;
        }
        std::optional<int> pos = integerToken(*token);
        if (!pos || *pos < 1 || *pos > game.lineCount() || game.isFilled(grid, *pos)) {
            run.out += "Invalid move! Try again.\n";
            continue;
        }
        int before = game.playerScore(grid, turn.player);
        grid = game.updated(grid, *pos, turn.player);
        int closed = game.playerScore(grid, turn.player) - before;
        if (closed > 0) run.out += game.scoringMessage(turn.player);
        turn = turnAfter(game.rule, turn, closed, 2);
        run.out += game.render(grid);
    }
    run.out += game.endMessage(grid);
    return run;
}

}  // namespace dotslab
