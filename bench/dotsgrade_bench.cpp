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

// Returns the seconds command takes, the median of `times` runs.
double medianSeconds(const std::string &command, int times) {
    std::vector<double> seconds;
    for (int k = 0; k < times; ++k) {
        const auto start = std::chrono::steady_clock::now();
        if (std::system((command + " > /dev/null 2>&1").c_str()) != 0) return -1;
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    return seconds[seconds.size() / 2];
}

// Grading one submission, beside the yardstick measured in the same run: compile_s is
// the plain compile, ratio the grading's time over it (target: at most 3).
void BM_grade_one_submission(benchmark::State &state) {
    const std::string out = (fs::temp_directory_path() / "dotsgrade-bench-yardstick").string();
    const double compile =
        medianSeconds("g++ -std=c++11 -Wall -Wextra -pedantic " + kSubmission + " -o " + out, 5);
    fs::remove(out);
    const std::string grade = std::string(DOTSGRADE_PROGRAM) + " dotsboxes " + kSubmission + " --fuzz 50";
    double total = 0;
    int gradings = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        run(state, grade);
        total += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++gradings;
    }
    state.counters["compile_s"] = compile;
    state.counters["ratio"] = gradings > 0 && compile > 0 ? total / gradings / compile : 0;
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
BENCHMARK(BM_grade_one_submission)->Unit(benchmark::kMillisecond)->MinTime(5)->UseRealTime();
BENCHMARK(BM_batch_of_50_with_2_jobs)->Unit(benchmark::kSecond)->Iterations(1);

BENCHMARK_MAIN();
