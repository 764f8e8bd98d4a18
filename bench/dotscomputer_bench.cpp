// The computer players' move choice.
//   BM_choose_edge: the four rules on an 8 x 8 board (144 edges) at several fill levels.
//     Target: a few microseconds per move.
//   BM_perfect_game: --level perfect (opening book, then search on two threads) in whole
//     games against a human who plays random moves (from a fixed seed) or the four rules;
//     the counters give the slowest computer move, the moves answered from the book and
//     the positions searched. Target: every move under a second on 4 x 4.
#include <benchmark/benchmark.h>

#include <chrono>
#include <random>

#include "board/computer_player.h"
#include "board/rectangle.h"
#include "opening_book.h"
#include "perfect_player.h"

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

// Args: board size, the human (0: random moves, 1: the four rules), seed. One game per
// iteration, a new computer (fresh table, as dotscomputer starts) each game.
void BM_perfect_game(benchmark::State &state) {
    const int size = static_cast<int>(state.range(0));
    const bool fourRules = state.range(1) == 1;
    std::mt19937 random(static_cast<unsigned>(state.range(2)));
    double slowest = 0, total = 0;
    int moves = 0, fromBook = 0;
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        std::unique_ptr<dotscomputer::OpeningBook> book;
        const BoardGraph board = rectangleBoard(size, size);
        if (size == 4)
            book =
                std::make_unique<dotscomputer::OpeningBook>(dotscomputer::readBook(DOTSCOMPUTER_BOOK), board);
        dotscomputer::PerfectPlayer computer(size, std::move(book), dotscomputer::perfectSolverOptions(size));
        RectangleGame game(size, size, 2);
        while (!game.isOver()) {
            int edge;
            if (game.currentPlayer() == 2) {
                const auto start = std::chrono::steady_clock::now();
                edge = computer.choose(game);
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                slowest = std::max(slowest, seconds), total += seconds;
                ++moves, fromBook += computer.lastFromBook();
            } else if (fourRules) {
                edge = dotscomputer::chooseEdge(game);
            } else {
                std::vector<int> open;
                for (int e = 0; e < game.grid().edgeCount(); ++e)
                    if (!game.isClosed(e)) open.push_back(e);
                edge = open[random() % open.size()];
            }
            game.play(edge);
        }
        nodes += computer.solver().nodes();
    }
    state.counters["slowest_move_s"] = slowest;
    state.counters["mean_move_s"] = moves ? total / moves : 0;
    state.counters["computer_moves"] = moves;
    state.counters["from_book"] = fromBook;
    state.counters["nodes"] = static_cast<double>(nodes);
}

}  // namespace

BENCHMARK(BM_choose_edge)->Arg(0)->Arg(25)->Arg(50)->Arg(75)->Arg(95)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_perfect_game)
    ->ArgNames({"size", "four_rules", "seed"})
    ->Args({3, 0, 1})
    ->Args({3, 1, 1})
    ->Args({4, 0, 1})
    ->Args({4, 0, 2})
    ->Args({4, 0, 3})
    ->Args({4, 0, 4})
    ->Args({4, 1, 1})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

BENCHMARK_MAIN();
