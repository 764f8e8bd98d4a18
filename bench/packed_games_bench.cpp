// Benchmarks for one packed game (the submission linked in: our reference by default):
// each mandated function, the model's version of it, and each function check of the harness.
// Targets: a mandated function call in tens of nanoseconds at most; both games'
// function suites together under one second.
#include <benchmark/benchmark.h>

#include <sstream>

#include "harness/grid_checks.h"

using namespace dotslab::harness;

namespace {

// Returns every checked grid; benchmarks walk them in order so the inputs vary.
const std::vector<long long> &grids() { return checkedGrids(submission().model); }

// Returns a position that cycles through every line.
int positionFor(std::size_t i) { return static_cast<int>(i % submission().model.lineCount()) + 1; }

void BM_isFilled(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(submission().isFilled(grids()[i % grids().size()], positionFor(i)));
        ++i;
    }
}

void BM_updateGrid(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        long long grid = grids()[i % grids().size()];
        submission().updateGrid(grid, positionFor(i), 1 + static_cast<int>(i & 1));
        benchmark::DoNotOptimize(grid);
        ++i;
    }
}

void BM_playerScore(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            submission().playerScore(grids()[i % grids().size()], 1 + static_cast<int>(i & 1)));
        ++i;
    }
}

void BM_gameState(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(submission().gameState(grids()[i % grids().size()]));
        ++i;
    }
}

void BM_display(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(capturedDisplay(submission(), grids()[i % grids().size()]));
        ++i;
    }
}

void BM_model_updated(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(submission().model.updated(grids()[i % grids().size()], positionFor(i), 1));
        ++i;
    }
}

void BM_model_render(benchmark::State &state) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(submission().model.render(grids()[i % grids().size()]));
        ++i;
    }
}

// One function's check, end to end; the list of checked grids is built beforehand, as the
// harness builds it once per run.
template <Op kOp>
void BM_check(benchmark::State &state) {
    grids();
    for (auto _ : state) {
        CheckReport report = checkFunction(submission(), kOp);
        if (!report.ok()) state.SkipWithError(report.summary().c_str());
        state.counters["calls"] = static_cast<double>(report.calls);
    }
}

// Every function check of the harness, one after another (as one harness run does them).
void BM_check_all(benchmark::State &state) {
    for (auto _ : state) {
        long long calls = 0;
        for (Op op : {Op::kIsFilled, Op::kUpdateGrid, Op::kPlayerScore, Op::kGameState, Op::kDisplay}) {
            CheckReport report = checkFunction(submission(), op);
            if (!report.ok()) state.SkipWithError(report.summary().c_str());
            calls += report.calls;
        }
        state.counters["calls"] = static_cast<double>(calls);
    }
}

}  // namespace

BENCHMARK(BM_isFilled);
BENCHMARK(BM_updateGrid);
BENCHMARK(BM_playerScore);
BENCHMARK(BM_gameState);
BENCHMARK(BM_display);
BENCHMARK(BM_model_updated);
BENCHMARK(BM_model_render);
BENCHMARK_TEMPLATE(BM_check, Op::kIsFilled)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_check, Op::kUpdateGrid)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_check, Op::kPlayerScore)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_check, Op::kGameState)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_check, Op::kDisplay)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_check_all)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
