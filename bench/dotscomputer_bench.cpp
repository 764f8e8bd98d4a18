// The four-rule computer player's move choice on an 8 x 8 board (144 edges) at several
// fill levels. Target: a few microseconds per move.
#include <benchmark/benchmark.h>

#include <random>

#include "computer_player.h"

using namespace dotslab;

namespace {

// Returns an 8 x 8 game with `percent` of its edges closed in a seeded random order.
RectangleGame filledGame(int percent) {
    RectangleGame game(8, 8, 2);
    std::vector<int> order(game.grid().edgeCount());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    int toClose = static_cast<int>(order.size()) * percent / 100;
    for (int i = 0; i < toClose && game.openEdges() > 1; ++i) game.play(order[i]);
    return game;
}

void BM_choose_edge(benchmark::State &state) {
    RectangleGame game = filledGame(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(dotscomputer::chooseEdge(game));
    state.counters["open_edges"] = game.openEdges();
}

}  // namespace

BENCHMARK(BM_choose_edge)->Arg(0)->Arg(25)->Arg(50)->Arg(75)->Arg(95)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
