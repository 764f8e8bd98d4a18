// process_runner.h — the one way dotslab runs a program: standard input from bytes,
// standard output and error captured, a wall-clock limit, and the whole process group
// killed afterwards. Our own programs run as they are (runTrusted); an untrusted program
// (a student's) also gets the sandbox below, so that a crash, a hang, a fork bomb or a
// flood of output costs one test and never the grading run.
//
// Each run: its own process group; CPU, memory, file-size and process-count limits; an
// empty temporary working directory; standard input from the given bytes (then closed);
// output captured up to a cap. As root it runs as an unprivileged uid that no other run
// holds while it runs (uid_lease.h), so the process limit means something and the cleanup
// can kill every process of that uid, even ones that left the group, and nothing else.
// With bubblewrap it also sees only its program, the system libraries and its working
// directory, and has no network.
#pragma once

#include <sys/types.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dotslab {

struct Limits {
    double seconds = 2.0;  // wall-clock time (processor time: a second more)
    // A longer wall-clock limit where processor time is what must decide (0: `seconds`): a
    // run that waits on the grader, or one whose verdict must not follow the machine's load.
    double wallSeconds = 0;
    long memoryMb =
        256;  // the run's processes together (control group), and each one's address space; 0: none
    long outputKb = 1024;     // standard output and standard error, each
    long fileSizeKb = 1024;   // any file the program writes
    long diskKb = 16 * 1024;  // everything it writes to its folder and to /tmp (each a size-capped tmpfs)
    int processes = 32;       // processes and threads of the run (its control group, or its uid)
};

struct RunResult {
    std::string out;
    std::string err;
    int status = -1;             // exit status when it exited
    int signal = 0;              // the signal that ended it, or 0
    bool timedOut = false;       // killed at the time limit
    bool outputLimited = false;  // killed for printing more than the cap
    bool memoryLimited = false;  // its processes together went over the memory limit
    bool cpuLimited = false;     // killed at its processor-time limit (threads count together)
    double seconds = 0;
    double cpuSeconds = 0;  // processor time of the run's processes that were waited for
    // Each file of RunRequest::collected the run left in its working folder (a regular file,
    // at most the output limit long), by name.
    std::map<std::string, std::string> files;

    // Returns true if the program ran to an exit of its own.
    bool exited() const {
        return !timedOut && !outputLimited && !memoryLimited && !cpuLimited && signal == 0;
    }
    // Returns how it ended, in words: "exit status 1", "killed by signal 11 (Segmentation fault)".
    std::string ending() const;
};

class SandboxHolder;

struct RunRequest {
    std::string program;                  // absolute path; a system program (under /usr) runs in place
    std::vector<std::string> args;        // its arguments
    std::string input;                    // standard input
    std::vector<std::string> inputFiles;  // extra files the run may read, copied into its directory
    // More files the run may read, made from their names and contents in its directory.
    std::vector<std::pair<std::string, std::string>> givenFiles;
    Limits limits;
    bool untrusted = true;  // false for our own programs and the compiler: no sandbox, no uid change
    // Untrusted runs: an existing folder of ours to work in (seen as /sandbox/work, writable,
    // handed over to the run's uid), instead of a fresh empty one. Builds use it.
    std::string folder;
    // Untrusted runs: more files or folders the run may read, seen at their own paths.
    std::vector<std::string> readOnly;
    // Untrusted runs with a folder: a folder in it (a plain name) whose programs come before
    // the system's on PATH: a build's compiler wrappers.
    std::string toolsFolder;
    // Standard output and error unbuffered (stdbuf), so that everything a program printed
    // before it was stopped or crashed is kept, not lost in its stdio buffer.
    bool unbuffered = false;
    // Untrusted runs of holder's program (fresh folder, no readOnly, repeatable): the run
    // joins that sandbox instead of building its own.
    const SandboxHolder *holder = nullptr;
    // Files the run may leave in its working folder (plain names), read back after it: a
    // program's saved game, say. Such a run gets a fresh sandbox whose working folder is
    // ours (capped as a run's /tmp is, where we may).
    std::vector<std::string> collected;
    // Untrusted runs: the program's clocks and random sources are the same on every run
    // (repeatable_run.h). Off for build steps: make compares file times with the real clock.
    bool repeatable = true;
    // Repeatable runs: the program's argv[0] (the name its assignment's text runs it by,
    // "boxes", which a C program's usage line prints); "" for its path.
    std::string name;
};

// One sandbox built once for the many runs of one program, one after another (a
// grading's random games on one thread, a function suite's restarts): runs of one holder
// never overlap (they share its working folder), and a second one at once is a logic error. Building a sandbox costs this machine's
// kernel some 10 ms of work that cannot overlap; joining a built one costs a fraction.
// Each run still gets its own uid's processes, control group and limits, and an empty
// working folder and /tmp: both are emptied before every run. Only as root with
// bubblewrap; elsewhere (usable() false) every run builds its own sandbox as before.
class SandboxHolder {
  public:
    SandboxHolder(const std::string &program, const Limits &limits);
    ~SandboxHolder();
    SandboxHolder(const SandboxHolder &) = delete;
    SandboxHolder &operator=(const SandboxHolder &) = delete;

    // Returns true if runs can join this sandbox.
    bool usable() const { return usable_ && !broken_; }
    // Stops runs from joining it (one could not be set up in it).
    void markBroken() const { broken_ = true; }
    // Returns the program its runs run.
    const std::string &program() const { return program_; }
    // Returns the path, from here, of a path inside the sandbox ("/sandbox/work").
    std::string outside(const std::string &inside) const;
    // Returns the descriptors of its namespaces, in the order a run joins them.
    const std::array<int, 3> &namespaces() const { return namespaces_; }
    // Returns the descriptor of its pid namespace, which a run's first process is made in.
    int pidNamespace() const { return pidNamespace_; }

  private:
    std::string program_;
    pid_t bubblewrap_ = -1;  // the bwrap we started (its child holds the namespaces)
    pid_t holder_ = -1;      // the process inside that keeps the sandbox alive
    int root_ = -1;          // the sandbox's root folder
    int alive_ = -1;         // the holder's standard input: it lives until this closes
    bool usable_ = false;
    mutable std::atomic<bool> broken_{false};
    mutable std::atomic<bool> inUse_{false};  // a run is in it now
    friend class HolderInUse;
    std::array<int, 3> namespaces_{-1, -1, -1};
    int pidNamespace_ = -1;
};

// Runs the request and returns what happened. A run that our sandbox could not start
// (bubblewrap or a held sandbox failed, see setupFailed) is run again in a sandbox of its own.
RunResult runProgram(const RunRequest &request);

// Runs one of our own programs (no sandbox, output kept whole) with input on standard
// input, stopping it after `seconds`.
RunResult runTrusted(const std::string &program, const std::vector<std::string> &args,
                     const std::string &input, double seconds = 10);

// Where the kernel's clock data pages ([vvar], [vvar_vclock]) lie, from the start of the
// vDSO, as this process's map shows them (every process's are alike on one kernel): the
// repeatable-run library maps zeros over them in every run.
struct ClockPages {
    long fromVdso = 0;        // their lowest address less the vDSO's
    unsigned long bytes = 0;  // 0: the map does not show them
};

// Returns where the clock's pages are (bytes 0 where the map does not show them).
ClockPages clockPagesAroundTheVdso();

// Returns true if a run ended as a run does whose sandbox could not be set up (bubblewrap
// or the starter said so before the program started). A program can print the same: this
// only says when to ask sandboxFault whether the fault is ours.
bool looksLikeSetupFailure(const RunResult &result);

// Returns why untrusted runs cannot run here now, or "" when they can: a program that only
// tells the time (/usr/bin/date) is run as a student's is and must exit 0, print the
// repeatable clock's start and nothing on standard error.
std::string sandboxFault();

// Returns true if this machine makes the time-stamp counter fault when asked (prctl
// PR_SET_TSC), so that the repeatable-run library answers rdtsc: under some hypervisors
// (AMD under KVM) the kernel says yes and rdtsc still reads the machine's counter.
bool timeStampCounterTraps();

// Returns a sentence on how untrusted runs are isolated here (bubblewrap or not, uid).
std::string isolationReport();

// Returns why a run under `needed` cannot get the limits it is promised here ("" where it
// can): this process's hard limits (its shell's ulimit, which only a privilege dotsgrade
// may lack can raise) are below them. A student would be charged for what failed.
std::string limitsHeldLower(const Limits &needed);

// Returns true if untrusted runs are isolated here: bubblewrap works. Without it,
// untrusted code must not run unless the user explicitly accepts that (dotsgrade's
// --unsafe-no-sandbox).
bool sandboxAvailable();

// Lets untrusted runs go ahead without the sandbox where it cannot run. Until this is
// called, such a run throws std::runtime_error instead.
void allowUnsandboxedRuns();

// Kills every run under way, with everything it started: for a grader being stopped.
void stopEveryRun();

// Returns the environment every untrusted run gets, whatever ours is.
const std::vector<std::string> &sandboxEnvironment();

}  // namespace dotslab
