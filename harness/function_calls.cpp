#include "harness/function_calls.h"

#include "harness/grid_checks.h"

namespace dotslab_harness {
namespace {

using dotslab::PackedGame;

// The example encodings written in dotsboxes.md and dotstriangles.md.
std::vector<Call> specExampleCalls(const PackedGame &game) {
    std::vector<Call> calls;
    auto everyLine = [&](long long grid) {
        for (int pos = 1; pos <= game.lineCount(); ++pos) calls.push_back({Op::kIsFilled, grid, pos, 0});
    };
    auto scoresAndState = [&](long long grid) {
        calls.push_back({Op::kPlayerScore, grid, 1, 0});
        calls.push_back({Op::kPlayerScore, grid, 2, 0});
        calls.push_back({Op::kGameState, grid, 0, 0});
    };
    if (game.kind == PackedGame::Kind::kDotsboxes) {
        const long long figure1 = 1101011110110110LL, full = 111111111111111123LL;
        everyLine(figure1);
        scoresAndState(figure1);
        calls.push_back({Op::kDisplay, figure1, 0, 0});
        scoresAndState(full);
        calls.push_back({Op::kGameState, 0, 0, 0});
    } else {
        const long long figure1 = 110001011101000220LL, drawn = 111111111111222111LL;
        everyLine(figure1);
        scoresAndState(figure1);
        calls.push_back({Op::kDisplay, figure1, 0, 0});
        calls.push_back({Op::kGameState, drawn, 0, 0});
        calls.push_back({Op::kUpdateGrid, figure1, 3, 1});
        calls.push_back({Op::kUpdateGrid, 100000001001000000LL, 10, 2});
        calls.push_back({Op::kUpdateGrid, 0, 8, 1});
    }
    return calls;
}

// Every function on every valid grid: the calls of grid_checks.h's exhaustive checks.
std::vector<Call> equivalenceCalls(const PackedGame &game) {
    std::vector<Call> calls;
    const std::vector<long long> &grids = validGrids(game);
    for (long long grid : grids)
        for (int pos = 1; pos <= game.lineCount(); ++pos) calls.push_back({Op::kIsFilled, grid, pos, 0});
    for (long long grid : grids)
        for (int pos = 1; pos <= game.lineCount(); ++pos)
            if (!game.isFilled(grid, pos))
                for (int p = 1; p <= 2; ++p) calls.push_back({Op::kUpdateGrid, grid, pos, p});
    for (long long grid : grids)
        for (int p = 1; p <= 2; ++p) calls.push_back({Op::kPlayerScore, grid, p, 0});
    for (long long grid : grids) calls.push_back({Op::kGameState, grid, 0, 0});
    return calls;
}

}  // namespace

const std::vector<std::string> &suiteNames() {
    static const std::vector<std::string> names = {"spec_examples", "equivalence", "rendering"};
    return names;
}

std::vector<Call> suiteCalls(const std::string &suite, const PackedGame &game) {
    if (suite == "spec_examples") return specExampleCalls(game);
    if (suite == "equivalence") return equivalenceCalls(game);
    std::vector<Call> calls;
    if (suite == "rendering")
        for (long long grid : oneGridPerLineSet(game)) calls.push_back({Op::kDisplay, grid, 0, 0});
    return calls;
}

std::string functionName(Op op, const SubmissionApi &api) {
    switch (op) {
        case Op::kDisplay:
            return api.displayName;
        case Op::kIsFilled:
            return "isFilled";
        case Op::kPlayerScore:
            return "playerScore";
        case Op::kUpdateGrid:
            return "updateGrid";
        case Op::kGameState:
            return "gameState";
    }
    return "";
}

std::string callText(const Call &call, const SubmissionApi &api) {
    std::string text = functionName(call.op, api) + "(" + std::to_string(call.grid);
    if (call.op == Op::kIsFilled || call.op == Op::kPlayerScore || call.op == Op::kUpdateGrid)
        text += ", " + std::to_string(call.a);
    if (call.op == Op::kUpdateGrid) text += ", " + std::to_string(call.b);
    return text + ")";
}

bool defines(const SubmissionApi &api, Op op) {
    switch (op) {
        case Op::kDisplay:
            return api.display != nullptr;
        case Op::kIsFilled:
            return api.isFilled != nullptr;
        case Op::kPlayerScore:
            return api.playerScore != nullptr;
        case Op::kUpdateGrid:
            return api.updateGrid != nullptr;
        case Op::kGameState:
            return api.gameState != nullptr;
    }
    return false;
}

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

Answer submissionAnswer(const SubmissionApi &api, const Call &call) {
    switch (call.op) {
        case Op::kDisplay:
            return {0, capturedDisplay(api, call.grid)};
        case Op::kIsFilled:
            return {api.isFilled(call.grid, call.a) ? 1 : 0, ""};
        case Op::kPlayerScore:
            return {api.playerScore(call.grid, call.a), ""};
        case Op::kUpdateGrid: {
            long long grid = call.grid;
            api.updateGrid(grid, call.a, call.b);
            return {grid, ""};
        }
        case Op::kGameState:
            return {api.gameState(call.grid), ""};
    }
    return {};
}

}  // namespace dotslab_harness
