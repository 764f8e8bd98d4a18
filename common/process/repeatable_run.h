// repeatable_run.h — a student's program sees the same clock and the same randomness on
// every run, so that its grade never depends on when it was graded.
//
// Students seed rand() with time(0), or draw from std::random_device, although no
// assignment asks for randomness: such a program must be graded alike every time. Every
// untrusted run of a program (RunRequest::repeatable; not the build steps: make reads the
// real clock) gets:
//
//   - dotslab-repeatable-run.so (repeatable_run.cpp) preloaded: the clock functions read a
//     counter from a fixed date that moves 1 µs per call, and getrandom, getentropy,
//     arc4random and std::random_device draw from a stream with a fixed seed. The starter
//     opens the library before the run's uid, namespaces and Landlock apply, at descriptor
//     kRepeatableRunFd, and LD_PRELOAD names it by that descriptor, so the run needs no
//     path to our files;
//   - the names bubblewrap gives, in both modes: the path /sandbox/program (the starter's
//     --name) and no TMPDIR (the grader); and argv[0] the name the assignment's text runs
//     the program by (RunRequest::name, "boxes": the library sets it). Not getcwd: a
//     program builds paths from it;
//   - /dev/urandom and /dev/random read zeros: in bubblewrap, /dev/zero is bound under
//     their names; without it, the library opens /dev/zero for them (open, openat,
//     fopen; a std::random_device that opens one still draws from the library).
//
// The stack an uninitialised variable reads is the same every run: the stack protector's
// canary is fixed, main starts on a cleared stack, and every mode starts the program
// with one environment and a path as long as bubblewrap's (process_runner.cpp).
//
// The time-stamp counter (rdtsc) faults, and the library answers the fault from its
// clock, where the machine traps it (timeStampCounterTraps in process_runner.h: some
// hypervisors run rdtsc though the kernel was asked to make it fault; the report says so). The kernel's files
// of the machine's state (/proc, /sys) are not there, and syscall() with a call the library stands in for
// goes to the library. What it does not cover: a program linked statically, one that makes the system calls
// with the processor's own instruction or draws from its random instructions (rdrand), and the order in which
// its threads run.
#pragma once

namespace dotslab {

// The library's file name, next to the program that starts runs (beside dotslab-run-starter).
constexpr const char *kRepeatableRunName = "dotslab-repeatable-run.so";

// The descriptor the starter keeps the library open at, for LD_PRELOAD to name
// (/proc/self/fd/100): high, so that a program's own files get the numbers they would.
constexpr int kRepeatableRunFd = 100;

// The moment every run's clock starts at: 2025-01-01 00:00:00 UTC, in seconds since 1970.
constexpr long long kRepeatableStartSeconds = 1735689600;

}  // namespace dotslab
