// dotsgrade end to end. Targets: grading one dotsboxes submission (build, rules,
// functions, transcripts, 50 random games) takes at most 3 x compiling the file alone;
// a batch of 50 submissions with --jobs 2 finishes in under 2 minutes.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const std::string kSubmission = std::string(DOTSLAB_SOURCE_DIR) + "/dotsboxes/dotsboxes.cpp";

void run(benchmark::State &state, const std::string &command) {
    if (std::system((command + " > /dev/null 2>&1").c_str()) != 0)
        state.SkipWithError(("failed: " + command).c_str());
}

// The yardstick: compiling the file alone as a student does (assignment flags, linked).
void BM_compile_alone(benchmark::State &state) {
    const std::string out = (fs::temp_directory_path() / "dotsgrade-bench-program").string();
    for (auto _ : state) run(state, "g++ -std=c++11 -Wall -Wextra -pedantic " + kSubmission + " -o " + out);
    fs::remove(out);
}

// The grader's own build steps for it, unsandboxed: the course's command to an object,
// then the program linked (the grader also links the function worker beside the runs).
void BM_compile_as_the_grader_does(benchmark::State &state) {
    const std::string out = (fs::temp_directory_path() / "dotsgrade-bench").string();
    for (auto _ : state)
        run(state, "g++ -std=c++11 -Wall -Wextra -pedantic -c " + kSubmission + " -o " + out +
                       ".o && g++ -o " + out + " " + out + ".o");
    fs::remove(out);
    fs::remove(out + ".o");
}

// Returns the seconds command takes (-1 if it fails).
double secondsOf(const std::string &command) {
    const auto start = std::chrono::steady_clock::now();
    if (std::system((command + " > /dev/null 2>&1").c_str()) != 0) return -1;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Returns the median of values (which it sorts).
double median(std::vector<double> &values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// Grading one submission side by side with the yardstick: each iteration compiles the
// file alone, then grades it, so that both meet the machine in the same state (a shared
// machine's speed drifts by more than the margin). compile_s and grade_s are the medians,
// ratio the median of each pair's grading over its compile (target: at most 3), and
// ratio_max the largest.
void BM_grade_one_submission(benchmark::State &state) {
    const std::string out = (fs::temp_directory_path() / "dotsgrade-bench-yardstick").string();
    const std::string compile = "g++ -std=c++11 -Wall -Wextra -pedantic " + kSubmission + " -o " + out;
    const std::string grade = std::string(DOTSGRADE_PROGRAM) + " dotsboxes " + kSubmission + " --fuzz 50";
    std::vector<double> compiles, gradings, ratios;
    for (auto _ : state) {
        const double compiled = secondsOf(compile), graded = secondsOf(grade);
        if (compiled <= 0 || graded <= 0) {
            state.SkipWithError("the compile or the grading failed");
            break;
        }
        compiles.push_back(compiled);
        gradings.push_back(graded);
        ratios.push_back(graded / compiled);
    }
    fs::remove(out);
    state.counters["compile_s"] = median(compiles);
    state.counters["grade_s"] = median(gradings);
    state.counters["ratio_max"] = ratios.empty() ? 0 : *std::max_element(ratios.begin(), ratios.end());
    state.counters["ratio"] = median(ratios);
}

void BM_batch_of_50_with_2_jobs(benchmark::State &state) {
    const fs::path batch = fs::temp_directory_path() / ("dotsgrade-bench-batch-" + std::to_string(getpid()));
    fs::create_directories(batch);
    for (int i = 0; i < 50; ++i) fs::copy_file(kSubmission, batch / ("student" + std::to_string(i) + ".cpp"));
    for (auto _ : state)
        run(state, std::string(DOTSGRADE_PROGRAM) + " dotsboxes --batch " + batch.string() + " --jobs 2");
    fs::remove_all(batch);
}

}  // namespace

// The work is in child processes: time by the clock on the wall, not this process's CPU.
BENCHMARK(BM_compile_alone)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();
BENCHMARK(BM_compile_as_the_grader_does)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();
BENCHMARK(BM_grade_one_submission)->Unit(benchmark::kMillisecond)->Iterations(15)->UseRealTime();
BENCHMARK(BM_batch_of_50_with_2_jobs)->Unit(benchmark::kSecond)->Iterations(1);

BENCHMARK_MAIN();
