#include "harness/function_calls.h"

#include "harness/grid_checks.h"
#include "harness/submission_answers.h"
#include "text/text_diff.h"

namespace dotslab::harness {
namespace {

using dotslab::PackedGame;

// Hands calls to a visitor, skipping those before `from`, until the visitor says stop.
class CallSink {
  public:
    CallSink(std::size_t from, const std::function<bool(std::size_t, const Call &)> &visit)
        : from_(from), visit_(visit) {}
    void operator()(Op op, long long grid, int a = 0, int b = 0) {
        if (stopped_ || index_++ < from_) return;
        stopped_ = !visit_(index_ - 1, Call{op, grid, a, b});
    }

  private:
    std::size_t from_, index_ = 0;
    const std::function<bool(std::size_t, const Call &)> &visit_;
    bool stopped_ = false;
};

// The example encodings written in dotsboxes.md and dotstriangles.md.
void specExampleCalls(const PackedGame &game, CallSink &call) {
    auto everyLine = [&](long long grid) {
        for (int pos = 1; pos <= game.lineCount(); ++pos) call(Op::kIsFilled, grid, pos);
    };
    auto scoresAndState = [&](long long grid) {
        call(Op::kPlayerScore, grid, 1);
        call(Op::kPlayerScore, grid, 2);
        call(Op::kGameState, grid);
    };
    if (game.kind == PackedGame::Kind::kDotsboxes) {
        const long long figure1 = 1101011110110110LL, full = 111111111111111123LL;
        everyLine(figure1);
        scoresAndState(figure1);
        call(Op::kDisplay, figure1);
        scoresAndState(full);
        call(Op::kGameState, 0);
    } else {
        const long long figure1 = 110001011101000220LL, drawn = 111111111111222111LL;
        everyLine(figure1);
        scoresAndState(figure1);
        call(Op::kDisplay, figure1);
        call(Op::kGameState, drawn);
        call(Op::kUpdateGrid, figure1, 3, 1);
        call(Op::kUpdateGrid, 100000001001000000LL, 10, 2);
        call(Op::kUpdateGrid, 0, 8, 1);
    }
}

// Every function at every position on every checked grid (grid_checks.h).
void equivalenceCalls(const PackedGame &game, CallSink &call) {
    const std::vector<long long> &grids = checkedGrids(game);
    for (long long grid : grids)
        for (int pos = 1; pos <= game.lineCount(); ++pos) call(Op::kIsFilled, grid, pos);
    for (long long grid : grids)
        for (int pos = 1; pos <= game.lineCount(); ++pos)
            if (!game.isFilled(grid, pos))
                for (int p = 1; p <= 2; ++p) call(Op::kUpdateGrid, grid, pos, p);
    for (long long grid : grids)
        for (int p = 1; p <= 2; ++p) call(Op::kPlayerScore, grid, p);
    for (long long grid : grids) call(Op::kGameState, grid);
}

}  // namespace

const std::vector<std::string> &suiteNames() {
    static const std::vector<std::string> names = {"spec_examples", "equivalence", "rendering"};
    return names;
}

void forEachCall(const std::string &suite, const PackedGame &game, std::size_t from,
                 const std::function<bool(std::size_t, const Call &)> &visit) {
    CallSink sink(from, visit);
    if (suite == "spec_examples") specExampleCalls(game, sink);
    if (suite == "equivalence") equivalenceCalls(game, sink);
    if (suite == "rendering")
        for (long long grid : renderedGrids(game)) sink(Op::kDisplay, grid);
}

std::string functionName(Op op, const SubmissionApi &api) {
    return op == Op::kDisplay ? api.displayName : std::string(kOpNames[static_cast<int>(op)]);
}

std::string callText(const Call &call, const SubmissionApi &api) {
    const std::string name = functionName(call.op, api), grid = std::to_string(call.grid);
    const std::string a = std::to_string(call.a), b = std::to_string(call.b);
    switch (call.op) {
        case Op::kUpdateGrid:  // the grid is passed by reference: a variable, not a number
            return name + "(grid, " + a + ", " + b + ") with grid = " + grid;
        case Op::kIsFilled:
        case Op::kPlayerScore:
            return name + "(" + grid + ", " + a + ")";
        case Op::kDisplay:
        case Op::kGameState:
            break;
    }
    return name + "(" + grid + ")";
}

std::string mismatchText(const Call &call, const Answer &want, const Answer &got, const SubmissionApi &api) {
    const std::string head = callText(call, api) + ": ";
    switch (call.op) {
        case Op::kDisplay:
            return head + dotslab::describe(dotslab::firstDifference(want.text, got.text));
        case Op::kIsFilled:
            return head + "expected " + (want.value ? "true" : "false") + ", got " +
                   (got.value ? "true" : "false");
        case Op::kUpdateGrid:
            return head + "grid should become " + std::to_string(want.value) + ", became " +
                   std::to_string(got.value);
        case Op::kPlayerScore:
        case Op::kGameState:
            break;
    }
    return head + "expected " + std::to_string(want.value) + ", got " + std::to_string(got.value);
}

bool defines(const SubmissionApi &api, Op op) { return defines(functionTable(api), op); }

Answer modelAnswer(const PackedGame &game, const Call &call) {
    switch (call.op) {
        case Op::kDisplay:
            return {0, game.render(call.grid)};
        case Op::kIsFilled:
            return {game.isFilled(call.grid, call.a) ? 1 : 0, ""};
        case Op::kPlayerScore:
            return {game.playerScore(call.grid, call.a), ""};
        case Op::kUpdateGrid:
            return {game.updated(call.grid, call.a, call.b), ""};
        case Op::kGameState:
            return {game.gameState(call.grid), ""};
    }
    return {};
}

Answer submissionAnswer(const SubmissionApi &api, const Call &call) { return answerOf(functionTable(api), call); }

}  // namespace dotslab::harness
