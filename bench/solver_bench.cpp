// The solver. Targets: full tables for dotsboxes and dotstriangles under 50 ms; 3 x 3
// from empty under 0.05 s; 3 x 4 from empty under 3 s. Also what each technique buys on
// 3 x 3 and 3 x 4. The moonshot, 4 x 4 from empty (two threads, a 1 GB table: about 157 M
// positions, 54-60 s here, as this shared machine's memory speed moves; the target is
// under one minute), runs only when asked for:
//   bench_solver --long --benchmark_filter=solve_4x4
// and so does the strings-and-coins count (what a table keyed by structure would merge):
//   bench_solver --long --benchmark_filter=strings_and_coins
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "board/cruciform.h"
#include "board/hexagon.h"
#include "board/rectangle.h"
#include "solver/solver.h"
#include "solver/strings_and_coins.h"

using namespace dotslab;

namespace {

void BM_full_tables_dotsboxes_and_dotstriangles(benchmark::State &state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(fullTable(cruciformBoard(), ExtraTurnRule::kUnlimited));
        benchmark::DoNotOptimize(fullTable(hexagonBoard(), ExtraTurnRule::kAtMostOne));
    }
}

// Solves an h x w board from empty with a fresh solver (its table included).
void solveRectangle(benchmark::State &state, int h, int w, SolverOptions options) {
    BoardGraph board = rectangleBoard(h, w);
    int value = 0;
    std::uint64_t nodes = 0, probes = 0;
    for (auto _ : state) {
        Solver solver(board, ExtraTurnRule::kUnlimited, options);
        value = solver.value({});
        nodes = solver.nodes();
        probes = solver.tableProbes();
    }
    state.counters["value"] = value;
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["probes"] = static_cast<double>(probes);
}

void BM_solve_2x3(benchmark::State &state) { solveRectangle(state, 2, 3, {}); }
void BM_solve_2x4(benchmark::State &state) { solveRectangle(state, 2, 4, {}); }
void BM_solve_3x3(benchmark::State &state) { solveRectangle(state, 3, 3, {}); }
SolverOptions without(bool SolverOptions::*technique) {
    SolverOptions options;
    options.*technique = false;
    return options;
}
SolverOptions withoutReductions() {
    SolverOptions options;
    options.useSafeCaptures = options.useChainReductions = false;
    return options;
}
void BM_solve_3x3_without_symmetry(benchmark::State &state) {
    solveRectangle(state, 3, 3, without(&SolverOptions::useSymmetry));
}
void BM_solve_3x3_without_twin_lines(benchmark::State &state) {
    solveRectangle(state, 3, 3, without(&SolverOptions::useTwinLines));
}
void BM_solve_3x3_without_reductions(benchmark::State &state) {
    solveRectangle(state, 3, 3, withoutReductions());
}
void BM_solve_3x3_without_chains_and_loops(benchmark::State &state) {
    solveRectangle(state, 3, 3, without(&SolverOptions::useChainsAndLoops));
}
void BM_solve_3x4(benchmark::State &state) { solveRectangle(state, 3, 4, {}); }
void BM_solve_3x4_without_chains_and_loops(benchmark::State &state) {
    solveRectangle(state, 3, 4, without(&SolverOptions::useChainsAndLoops));
}
void BM_solve_3x4_without_transposition_cutoffs(benchmark::State &state) {
    solveRectangle(state, 3, 4, without(&SolverOptions::useTranspositionCutoffs));
}
void BM_solve_3x4_without_parity(benchmark::State &state) {
    solveRectangle(state, 3, 4, without(&SolverOptions::useParity));
}
void BM_solve_3x4_with_chain_captures(benchmark::State &state) {
    SolverOptions options;
    options.useChainCaptures = true;
    solveRectangle(state, 3, 4, options);
}
void BM_solve_3x4_with_leaf_table(benchmark::State &state) {
    SolverOptions options;
    options.leafOpenCells = 6;
    solveRectangle(state, 3, 4, options);
}
void BM_solve_3x4_with_structure_keys(benchmark::State &state) {
    SolverOptions options;
    options.structureJunctions = static_cast<int>(state.range(0));
    solveRectangle(state, 3, 4, options);
}
SolverOptions twoThreads(int tableBits = 0) {
    SolverOptions options;
    options.threads = 2;
    options.tableBits = tableBits;
    return options;
}
void BM_solve_3x4_two_threads(benchmark::State &state) { solveRectangle(state, 3, 4, twoThreads()); }
// 2^25 buckets of 32 bytes: 1 GB. Every probe here is a trip to memory whose time grows
// with the table, and the first touch of a page costs too, so a table larger than the
// search needs is slower: 1 GB is the size to use (dotssolve/README.md, "The engine").
void BM_solve_4x4_two_threads(benchmark::State &state) { solveRectangle(state, 4, 4, twoThreads(25)); }
void BM_solve_4x4_two_threads_with_structure_keys(benchmark::State &state) {
    SolverOptions options = twoThreads(25);
    options.structureJunctions = static_cast<int>(state.range(0));
    solveRectangle(state, 4, 4, options);
}
// The structure count on 4 x 4: every position the searches of random mid-game positions visit.
constexpr int kFourByFourFilled = 12, kFourByFourStarts = 4;

// Counts the distinct positions (table words) the searches of starts on an h x w board
// visit, and the strings-and-coins structures among them (strings_and_coins.h): what a
// table keyed by structure would merge.
void countStructures(benchmark::State &state, int h, int w, const std::vector<SolverPosition> &starts) {
    BoardGraph board = rectangleBoard(h, w);
    StringsAndCoins structure(board);
    std::unordered_set<std::uint64_t> words;
    std::unordered_set<std::string> keys;
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        words.clear();
        keys.clear();
        SolverOptions options;
        options.onSearched = [&](std::uint64_t word, LineSet lines) {
            if (words.insert(word).second) keys.insert(structure.key(lines));
        };
        Solver solver(board, ExtraTurnRule::kUnlimited, options);
        for (const SolverPosition &start : starts) solver.value(start);
        nodes = solver.nodes();
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["positions"] = static_cast<double>(words.size());
    state.counters["structures"] = static_cast<double>(keys.size());
    state.counters["merged_pct"] = 100.0 * (1.0 - static_cast<double>(keys.size()) / words.size());
}
// Returns count positions of an h x w board with `filled` lines drawn at random.
std::vector<SolverPosition> randomStarts(int h, int w, int filled, int count) {
    const int lines = rectangleBoard(h, w).lineCount();
    std::mt19937_64 rng(28);
    std::vector<SolverPosition> starts(count);
    for (SolverPosition &p : starts)
        for (int left = filled; left > 0;)
            if (const LineSet bit = lineBit(static_cast<int>(rng() % lines)); !(p.lines & bit))
                p.lines |= bit, --left;
    return starts;
}
void BM_strings_and_coins_merges_3x4(benchmark::State &state) {
    countStructures(state, 3, 4, {SolverPosition{}});
}
void BM_strings_and_coins_merges_4x4(benchmark::State &state) {
    countStructures(state, 4, 4, randomStarts(4, 4, kFourByFourFilled, kFourByFourStarts));
}

}  // namespace

BENCHMARK(BM_full_tables_dotsboxes_and_dotstriangles)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_2x3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_2x4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x3_without_symmetry)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x3_without_twin_lines)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x3_without_reductions)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x3_without_chains_and_loops)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_solve_3x4)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_without_chains_and_loops)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_without_transposition_cutoffs)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_without_parity)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_with_chain_captures)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_with_leaf_table)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_solve_3x4_with_structure_keys)->Unit(benchmark::kSecond)->Iterations(1)->Arg(3)->Arg(5);
BENCHMARK(BM_solve_3x4_two_threads)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

int main(int argc, char **argv) {
    // --long (ours, not the library's) adds the 4 x 4 solve and the structure counts
    // (slow: every position visited is keyed by its structure).
    std::vector<char *> args;
    for (int i = 0; i < argc; ++i)
        if (std::strcmp(argv[i], "--long") == 0) {
            benchmark::RegisterBenchmark("BM_solve_4x4_two_threads", BM_solve_4x4_two_threads)
                ->Unit(benchmark::kSecond)
                ->Iterations(1)
                ->UseRealTime();
            benchmark::RegisterBenchmark("BM_solve_4x4_two_threads_with_structure_keys",
                                         BM_solve_4x4_two_threads_with_structure_keys)
                ->Unit(benchmark::kSecond)
                ->Iterations(1)
                ->UseRealTime()
                ->Arg(3);
            benchmark::RegisterBenchmark("BM_strings_and_coins_merges_3x4", BM_strings_and_coins_merges_3x4)
                ->Unit(benchmark::kSecond)
                ->Iterations(1);
            benchmark::RegisterBenchmark("BM_strings_and_coins_merges_4x4", BM_strings_and_coins_merges_4x4)
                ->Unit(benchmark::kSecond)
                ->Iterations(1);
        } else {
            args.push_back(argv[i]);
        }
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
