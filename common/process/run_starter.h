// run_starter.h — how the grader and dotslab-run-starter, the first process of every run,
// talk: the starter's command line and what it says when it cannot start the program.
//
// The grader is a big process with several threads: fork() copies its page tables (twice
// for a run that joins a held sandbox) and makes its threads take copy-on-write faults.
// It starts the starter with posix_spawn, which copies nothing; the starter, small and
// static, does everything between starting a run and the run's program:
//
//   dotslab-run-starter --parent=PID [--group=FILE]... [--namespace=FD]... [--untrusted
//       --cpu=SECONDS --memory=BYTES --file-size=BYTES --processes=N [--uid=UID]
//       [--env=VARIABLE=VALUE]... [--filter | --filter-through-bwrap]
//       [--read=PATH]... [--write=PATH]... [--repeatable=LIBRARY] [--name=ARGV0]]
//       --dir=FOLDER -- PROGRAM [ARGUMENT]...
//
//   1. dies with the grader (PID), as the runs of a stopped grader must;
//   2. joins the run's control group (each cgroup.procs FILE); opens LIBRARY, the
//      repeatable-run library, which it keeps at kRepeatableRunFd (repeatable_run.h);
//   3. with namespaces (a held sandbox, see SandboxHolder): joins each and makes an IPC
//      namespace of its own. A process enters a pid namespace only as it is made: the
//      grader's thread joins the sandbox's for the moment it starts the starter, which so
//      is made inside, in a session of its own (no terminal to push keystrokes into);
//   4. untrusted: the limits (processor time: SECONDS soft, kCpuGraceSeconds more hard),
//      then the run's uid, no new privileges, the same addresses every time (no ASLR),
//      and the given environment only; then what
//      the kernel lets it do (run_filter.h): with --read/--write, a Landlock view of only
//      those paths; --filter, the seccomp filter on PROGRAM itself; --filter-through-bwrap,
//      the filter handed to PROGRAM, bubblewrap, as `--seccomp FD` (it loads it once its
//      sandbox is built, which needs the calls the filter refuses);
//   5. executes PROGRAM in FOLDER, with no descriptor of ours but its standard streams
//      (and LIBRARY's), named ARGV0 if given (its argv[0]; untrusted runs only).
#pragma once

namespace dotslab {

// The starter's file name, next to the program that runs it (build/bin, or bin/ installed).
constexpr const char *kRunStarterName = "dotslab-run-starter";

// Seconds between a run's soft processor-time limit (--cpu: SIGXCPU) and its hard one (SIGKILL).
constexpr int kCpuGraceSeconds = 1;

// What a run that could not be set up writes to its standard error before it exits 126
// (then the step that failed and errno's number).
constexpr char kSetupFailed[] = "dotsgrade: the sandbox could not be set up: ";

}  // namespace dotslab
