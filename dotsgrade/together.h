// together.h — work spread over threads without losing a failure: an exception that
// leaves a std::thread ends the whole grader (std::terminate), one that leaves a task here
// reaches the caller once every task has ended, and ends only that grading.
#pragma once

#include <cstddef>
#include <exception>
#include <future>
#include <vector>

namespace dotslab::grader {

// Runs task(0) .. task(count - 1), each on a thread of its own; returns when all have
// ended, rethrowing the first exception (by index) that any of them threw.
template <class Task>
void runTogether(std::size_t count, const Task &task) {
    std::vector<std::future<void>> running;
    running.reserve(count);
    for (std::size_t k = 0; k < count; ++k) running.push_back(std::async(std::launch::async, task, k));
    std::exception_ptr first;
    for (std::future<void> &f : running) {
        try {
            f.get();
        } catch (...) {
            if (!first) first = std::current_exception();
        }
    }
    if (first) std::rethrow_exception(first);
}

}  // namespace dotslab::grader
