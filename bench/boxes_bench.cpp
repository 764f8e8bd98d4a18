// boxes on the largest grid, 999 x 999 (1,998,000 edges): load a save file, save it,
// apply a move, print the grid, and the whole program's peak memory. Targets: each
// operation under 100 ms, peak memory under 32 MB. And the whole program side by side with
// a plain C one (boxes_baseline.c) on the empty 999 x 999 game: at most its CPU time
// (ratio <= 1.0) and at most 8 MB peak.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <vector>

#include "files/atomic_file.h"
#include "grid_file.h"
#include "grid_text.h"
#include "move_parser.h"

using namespace dotslab;
using namespace dotslab::boxes;
namespace fs = std::filesystem;

namespace {

constexpr int kSide = 999, kPlayers = 100;

// Returns a 999 x 999 game with about half of its edges closed at random (seeded).
const RectangleGame &halfPlayedGame() {
    static const RectangleGame game = [] {
        RectangleGame g(kSide, kSide, kPlayers);
        std::mt19937 rng(1);
        for (int e = 0; e < g.grid().edgeCount(); ++e)
            if (rng() % 2 == 0 && g.openEdges() > 1) g.play(e);
        return g;
    }();
    return game;
}

const std::string &savedText() {
    static const std::string text = gridFileText(halfPlayedGame());
    return text;
}

fs::path scratchFile(const char *name) {
    return fs::temp_directory_path() / (std::string("dotslab-bench-") + name);
}

void BM_load(benchmark::State &state) {
    for (auto _ : state) {
        std::optional<RectangleGame> game = parseGridFile(savedText(), kSide, kSide, kPlayers);
        if (!game) state.SkipWithError("the generated file does not load");
        benchmark::DoNotOptimize(game);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * savedText().size()));
}

void BM_save(benchmark::State &state) {
    const std::string path = scratchFile("save.txt").string();
    for (auto _ : state)
        if (!writeFileAtomically(path, gridFileText(halfPlayedGame()))) state.SkipWithError("save failed");
    fs::remove(path);
}

// Parsing "R C h|v" and closing the edge (the game is re-made, untimed, when it fills up).
void BM_apply_move(benchmark::State &state) {
    RectangleGame game = halfPlayedGame();
    int e = 0;
    for (auto _ : state) {
        while (game.isClosed(e)) e = (e + 1) % game.grid().edgeCount();
        const RectangleGrid &g = game.grid();
        std::string line = std::to_string(g.edgeRow(e)) + " " + std::to_string(g.edgeCol(e)) +
                           (g.isHorizontal(e) ? " h" : " v");
        Command command = parseCommand(line, g);
        game.play(command.edge);
        if (game.openEdges() < 2) {
            state.PauseTiming();
            game = halfPlayedGame();
            state.ResumeTiming();
        }
    }
}

void BM_print(benchmark::State &state) {
    std::FILE *devNull = std::fopen("/dev/null", "w");
    for (auto _ : state) {
        std::string text = gridText(halfPlayedGame());
        std::fwrite(text.data(), 1, text.size(), devNull);
    }
    std::fclose(devNull);
}

// The real program: load the 999 x 999 file, print, play a move, print, save; reports the
// child's peak resident memory.
void BM_program_load_move_save(benchmark::State &state) {
    const fs::path file = scratchFile("game.txt"), input = scratchFile("input.txt"),
                   out = scratchFile("out.txt");
    std::ofstream(file, std::ios::binary) << savedText();
    int open = 0;
    while (halfPlayedGame().isClosed(open)) ++open;
    const RectangleGrid &g = halfPlayedGame().grid();
    std::ofstream(input) << g.edgeRow(open) << ' ' << g.edgeCol(open) << (g.isHorizontal(open) ? " h" : " v")
                         << "\nw " << out.string() << "\n";
    long peakKb = 0;
    for (auto _ : state) {
        pid_t child = fork();
        if (child == 0) {
            std::freopen(input.c_str(), "r", stdin);
            std::freopen("/dev/null", "w", stdout);
            std::freopen("/dev/null", "w", stderr);
            execl(BOXES_PROGRAM, "boxes", "999", "999", "100", file.c_str(), static_cast<char *>(nullptr));
            _exit(127);
        }
        int status = 0;
        struct rusage usage {};
        wait4(child, &status, 0, &usage);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 6)
            state.SkipWithError("boxes did not end at end of input");
        peakKb = std::max(peakKb, usage.ru_maxrss);
    }
    state.counters["peak_MB"] = static_cast<double>(peakKb) / 1024.0;
    fs::remove(file);
    fs::remove(input);
    fs::remove(out);
}

// One run of program on the game in file with input ending at once: its CPU time and
// peak resident memory; what it printed goes to out.
struct Usage {
    double cpuMs = 0, peakMb = 0;
};

Usage runOnGame(const char *program, const fs::path &file, const fs::path &out) {
    const pid_t child = fork();
    if (child == 0) {
        if (!std::freopen("/dev/null", "r", stdin) || !std::freopen(out.c_str(), "w", stdout) ||
            !std::freopen("/dev/null", "w", stderr))
            _exit(126);
        execl(program, "boxes", "999", "999", "2", file.c_str(), static_cast<char *>(nullptr));
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(child, &status, 0, &usage);
    auto ms = [](const timeval &t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
    return {ms(usage.ru_utime) + ms(usage.ru_stime), static_cast<double>(usage.ru_maxrss) / 1024.0};
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// boxes and the C baseline, alternately, on the empty 999 x 999 game: load, print, end of
// input. Reports both medians and their ratio; the outputs must be the same bytes.
void BM_versus_c_baseline(benchmark::State &state) {
    const fs::path file = scratchFile("empty.txt"), ours = scratchFile("ours.txt"),
                   theirs = scratchFile("theirs.txt");
    std::ofstream(file, std::ios::binary) << gridFileText(RectangleGame(kSide, kSide, 2));
    std::vector<double> oursMs, theirsMs;
    double oursPeak = 0, theirsPeak = 0;
    for (auto _ : state) {
        const Usage a = runOnGame(BOXES_PROGRAM, file, ours), b = runOnGame(BASELINE_PROGRAM, file, theirs);
        oursMs.push_back(a.cpuMs);
        theirsMs.push_back(b.cpuMs);
        oursPeak = std::max(oursPeak, a.peakMb);
        theirsPeak = std::max(theirsPeak, b.peakMb);
    }
    std::ifstream x(ours, std::ios::binary), y(theirs, std::ios::binary);
    const std::string printed((std::istreambuf_iterator<char>(x)), std::istreambuf_iterator<char>()),
        expected((std::istreambuf_iterator<char>(y)), std::istreambuf_iterator<char>());
    if (printed != expected || printed.size() < 3900000)
        state.SkipWithError("boxes and the baseline print differently");
    state.counters["ours_cpu_ms"] = median(oursMs);
    state.counters["c_cpu_ms"] = median(theirsMs);
    state.counters["cpu_ratio"] = median(theirsMs) > 0 ? median(oursMs) / median(theirsMs) : 0;
    state.counters["ours_peak_MB"] = oursPeak;
    state.counters["c_peak_MB"] = theirsPeak;
    for (const fs::path &path : {file, ours, theirs}) fs::remove(path);
}

}  // namespace

BENCHMARK(BM_versus_c_baseline)->Unit(benchmark::kMillisecond)->Iterations(7);
BENCHMARK(BM_load)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_save)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_apply_move)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_print)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_program_load_move_save)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
