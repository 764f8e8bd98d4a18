// Solving in pieces (dotssolve/pieces.h): what the pieces of the first move cost against
// the whole-board search, in positions searched, three ways: exact values with a fresh
// solver per piece (a process per piece, as under GNU parallel), exact values with one
// solver for all (one process running the job list), and null-window questions with a
// fresh solver per piece, as a two-round MTD(f) over pieces would ask them with the
// right first guess v: every first move's child "is your value at least -v?" (so no
// first move beats v), and, child after child until one says no, "at least -v + 1?" (no:
// that first move reaches v; each yes before it is a search wasted).
// No target: it measures a design choice (bench/README.md, dotssolve pieces).
#include <benchmark/benchmark.h>

#include <memory>

#include "pieces.h"
#include "solver/solver.h"

using namespace dotslab;

namespace {

enum class Way { kWhole, kExactApart, kExactTogether, kNullWindowApart };

void solveInPieces(benchmark::State &state, int h, int w, Way way) {
    const PieceBoard board(h, w);
    std::vector<LineSet> pieces;
    for (const std::string &id : planPieces(board, 0, 1)) pieces.push_back(board.linesOf(id));
    auto fresh = [&] { return std::make_unique<Solver>(board.graph(), ExtraTurnRule::kUnlimited); };
    const int value = fresh()->value({});
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        std::unique_ptr<Solver> together = fresh();
        bool provedBest = false;
        for (LineSet piece : pieces) {
            if (way == Way::kWhole) break;
            if (way == Way::kExactTogether) {
                together->value({piece, false});
                continue;
            }
            std::unique_ptr<Solver> solver = fresh();
            if (way == Way::kExactApart) {
                solver->value({piece, false});
            } else if (!solver->valueAtLeast({piece, false}, -value)) {  // a first move is worth -child
                state.SkipWithError("a first move beats the root's value");
            } else if (!provedBest && !solver->valueAtLeast({piece, false}, -value + 1)) {
                provedBest = true;  // this first move reaches the value (asked again, in the same process)
            }
            nodes += solver->nodes();
        }
        if (way == Way::kWhole) {
            std::unique_ptr<Solver> solver = fresh();
            solver->value({});
            nodes = solver->nodes();
        }
        if (way == Way::kExactTogether) nodes = together->nodes();
        if (way == Way::kNullWindowApart && !provedBest)
            state.SkipWithError("no first move reaches the value");
    }
    state.counters["value"] = value;
    state.counters["pieces"] = static_cast<double>(pieces.size());
    state.counters["nodes"] = static_cast<double>(nodes);
}

void BM_3x4_whole(benchmark::State &state) { solveInPieces(state, 3, 4, Way::kWhole); }
void BM_3x4_exact_pieces_apart(benchmark::State &state) { solveInPieces(state, 3, 4, Way::kExactApart); }
void BM_3x4_exact_pieces_together(benchmark::State &state) {
    solveInPieces(state, 3, 4, Way::kExactTogether);
}
void BM_3x4_null_window_pieces_apart(benchmark::State &state) {
    solveInPieces(state, 3, 4, Way::kNullWindowApart);
}
void BM_3x3_whole(benchmark::State &state) { solveInPieces(state, 3, 3, Way::kWhole); }
void BM_3x3_exact_pieces_apart(benchmark::State &state) { solveInPieces(state, 3, 3, Way::kExactApart); }
void BM_3x3_null_window_pieces_apart(benchmark::State &state) {
    solveInPieces(state, 3, 3, Way::kNullWindowApart);
}

}  // namespace

BENCHMARK(BM_3x3_whole)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_3x3_exact_pieces_apart)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_3x3_null_window_pieces_apart)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_3x4_whole)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_3x4_exact_pieces_apart)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_3x4_exact_pieces_together)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_3x4_null_window_pieces_apart)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_MAIN();
