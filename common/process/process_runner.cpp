#include "process/process_runner.h"

#include "files/files.h"
#include "process/bubblewrap.h"
#include "process/capped_folder.h"
#include "process/hidden_from_runs.h"
#include "process/repeatable_run.h"
#include "process/run_filter.h"
#include "process/run_group.h"
#include "process/run_starter.h"
#include "process/uid_lease.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace dotslab {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::atomic<bool> unsandboxedRunsAllowed{false};  // set by allowUnsandboxedRuns

// The runs under way: their process groups and uids (0: none of their own), so that
// stopEveryRun can end them all when the grader itself is stopped.
std::mutex runningMutex;
std::map<pid_t, uid_t> running;
bool stopping = false;  // stopEveryRun was called: no run starts any more

// coreutils' stdbuf library: preloaded with these variables, it makes a program's stdio
// unbuffered, as `stdbuf -o0 -e0` does (without that program's own start).
constexpr const char *kStdbufLibrary = "/usr/libexec/coreutils/libstdbuf.so";

constexpr std::size_t kDefaultPipeBytes = 64 << 10;  // what a pipe holds unless told
constexpr std::size_t kLargestPipeBytes = 1 << 20;   // fs.pipe-max-size's default
constexpr int kTickMilliseconds = 10;                // how often a running program's pipes are read
constexpr double kCpuLimitShare = 0.75;              // see cpuLimited in runOnce

// Returns the environment that unbuffers a program's standard output and error (none
// where coreutils' library is missing).
const std::vector<std::string> &unbufferedEnvironment() {
    static const std::vector<std::string> environment =
        access(kStdbufLibrary, R_OK) != 0
            ? std::vector<std::string>{}
            : std::vector<std::string>{std::string("LD_PRELOAD=") + kStdbufLibrary, "_STDBUF_O=0",
                                       "_STDBUF_E=0"};
    return environment;
}

bool isRoot() { return geteuid() == 0; }

// Kills every process of uid (the run's own), wherever it moved to.
void killAllOf(uid_t uid) {
    pid_t killer = fork();
    if (killer == 0) {
        if (setuid(uid) == 0) kill(-1, SIGKILL);  // all processes this uid may signal, not itself
        _exit(0);
    }
    if (killer > 0) waitpid(killer, nullptr, 0);
}

// Returns the value of a "Name:" line of /proc/PID/status (its first number), or -1.
long statusField(const fs::path &status, const std::string &name) {
    std::ifstream in(status);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(name, 0) == 0) return std::strtol(line.c_str() + name.size(), nullptr, 10);
    return -1;
}

// Returns how many processes and threads uid has now (what RLIMIT_NPROC counts).
long threadsOf(uid_t uid) {
    long total = 0;
    std::error_code error;
    for (const fs::directory_entry &entry : fs::directory_iterator("/proc", error)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        struct stat owner;
        if (stat(entry.path().c_str(), &owner) != 0 || owner.st_uid != uid) continue;
        total += std::max(1L, statusField(entry.path() / "status", "Threads:"));
    }
    return total;
}

// Returns how many processes and threads the kernel counts against our RLIMIT_NPROC, at
// least `seen` (threadsOf ours). It counts them across the machine: a container's /proc
// hides the same uid's processes in other containers (40 "nobody" daemons beside a grader
// run as nobody left no run any process to start, so nothing was graded). A prober finds
// the smallest limit under which it may still fork, from `seen` up: one fork, as a rule.
long threadsCountedByKernel(long seen) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NPROC, &limit) != 0) return seen;
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) return seen;
    const pid_t prober = fork();
    if (prober == 0) {  // only async-signal-safe calls: the grader may have threads
        // fork succeeds while the count (the prober included) is under the soft limit
        const auto forksUnder = [&](long cap) {
            const rlimit trial{static_cast<rlim_t>(cap), limit.rlim_max};
            if (setrlimit(RLIMIT_NPROC, &trial) != 0) return true;
            const pid_t child = fork();
            if (child == 0) _exit(0);
            if (child < 0) return false;
            waitpid(child, nullptr, 0);
            return true;
        };
        const long ceiling = static_cast<long>(std::min<rlim_t>(limit.rlim_max, 1L << 30));
        long low = std::min(seen + 1, ceiling), step = 1;  // low: fails, or the answer
        long high = std::min(low + step, ceiling);
        while (high < ceiling && !forksUnder(high)) {
            low = high + 1;
            step *= 2;
            high = std::min(low + step, ceiling);
        }
        while (low < high) {  // the smallest cap in [low, high] that forks
            const long middle = low + (high - low) / 2;
            if (forksUnder(middle))
                high = middle;
            else
                low = middle + 1;
        }
        const long counted = high - 2;  // forks under a cap of (the others, the prober) + 1
        (void)!write(pipeFds[1], &counted, sizeof counted);
        _exit(0);
    }
    close(pipeFds[1]);
    long counted = seen;
    if (prober > 0) {
        if (read(pipeFds[0], &counted, sizeof counted) != static_cast<ssize_t>(sizeof counted))
            counted = seen;
        waitpid(prober, nullptr, 0);
    }
    close(pipeFds[0]);
    return std::max(seen, counted);
}

// Reaps every leftover process of uid. The grader is a child subreaper, so what the run
// orphaned (bubblewrap's inner process, a student's background children) comes back to
// it after killAllOf; reaping only this uid's leaves the other runs' statuses alone.
void reapAllOf(uid_t uid) {
    const auto giveUp = Clock::now() + std::chrono::seconds(2);
    for (;;) {
        bool anyLeft = false;
        for (const fs::directory_entry &entry : fs::directory_iterator("/proc")) {
            const std::string name = entry.path().filename().string();
            if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
            struct stat owner;  // /proc/PID belongs to the process's uid: no file to open
            if (stat(entry.path().c_str(), &owner) != 0 || owner.st_uid != uid) continue;
            anyLeft = true;
            if (statusField(entry.path() / "status", "PPid:") == getpid())
                waitpid(static_cast<pid_t>(std::stol(name)), nullptr, WNOHANG);
        }
        if (!anyLeft || Clock::now() > giveUp) return;
        usleep(200);
    }
}

// Returns a run's processor-time limit: past its time limit, so that a program on one
// thread meets the clock first.
rlim_t cpuLimitSeconds(const Limits &limits) { return static_cast<rlim_t>(limits.seconds) + 1; }

// Returns the path of `name` next to the program running now, which every run needs
// (`why`); throws if it is not there to `mode` (access's X_OK or R_OK).
std::string besideThisProgram(const char *name, int mode, const char *why) {
    const std::string path = (fs::read_symlink("/proc/self/exe").parent_path() / name).string();
    if (access(path.c_str(), mode) != 0)
        throw std::runtime_error("missing " + path + ": " + why + " (rebuild with scripts/build)");
    return path;
}

// Returns the path of dotslab-run-starter.
const std::string &runStarter() {
    static const std::string path = besideThisProgram(kRunStarterName, X_OK, "every run starts with it");
    return path;
}

// Copies the program at from to `to`, which everyone may run, through descriptors no
// process started meanwhile inherits past its exec: a program open for writing anywhere
// cannot be started (ETXTBSY: a correct boxes exited 127 in one run of twenty).
void copyProgram(const fs::path &from, const fs::path &to) {
    const int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
    const int out = open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
    bool copied = in >= 0 && out >= 0;
    struct stat about {};
    copied = copied && fstat(in, &about) == 0;
    for (off_t done = 0; copied && done < about.st_size;) {
        const ssize_t sent = sendfile(out, in, nullptr, static_cast<size_t>(about.st_size - done));
        copied = sent > 0;
        done += copied ? sent : 0;
    }
    if (in >= 0) close(in);
    if (out >= 0 && close(out) != 0) copied = false;
    if (!copied || fchmodat(AT_FDCWD, to.c_str(), 0755, 0) != 0)
        throw std::runtime_error("cannot copy " + from.string() + " for a run");
}

// Returns the path of the repeatable-run library (repeatable_run.h).
// The starter reads it into memory for each run (openedLibrary in run_starter_main.cpp)
// before the run's uid applies: neither its folders' nor its own mode matter to the run (an
// install under /root, or under a umask of 027, lost every run its library: adversary
// rounds 21 and 22).
const std::string &repeatableRunLibrary() {
    static const std::string path =
        besideThisProgram(kRepeatableRunName, R_OK, "every run of a program loads it");
    return path;
}

// Returns true if the request's program gets the same clock and randomness on every run.
bool repeatable(const RunRequest &r) { return r.untrusted && r.repeatable; }

// Returns the paths a run without bubblewrap may read (and execute): the system's files,
// its program and what the request lists; nothing else of this machine's. A repeatable
// run reads its library (through its descriptor), and not the random devices: the library
// opens /dev/zero for them (a std::random_device("/dev/urandom") still opens, and draws
// from the library).
std::vector<std::string> readableWithoutSandbox(const RunRequest &r) {
    // The system's files, less ours where an install put them there (hidden_from_runs.h).
    std::vector<std::string> paths =
        readableBesidesHidden({"/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin"});
    paths.push_back("/dev/zero");
    // A repeatable run's random devices are /dev/zero (repeatable_run.h): the real ones are
    // out of its reach, however it names them (/dev//urandom). It sees no /etc, as in
    // bubblewrap: the linker's cache, mapped where it can be read, moves every library's
    // address by its size (this machine's), and /etc/localtime tells the machine's time zone.
    if (repeatable(r))
        paths.push_back(repeatableRunLibrary());
    else
        paths.insert(paths.end(), {"/etc/ld.so.cache", "/etc/localtime", "/dev/urandom", "/dev/random"});
    paths.push_back(r.program);
    paths.insert(paths.end(), r.readOnly.begin(), r.readOnly.end());
    return paths;
}

// Returns the starter's command line for a run of `words` (the program and its arguments)
// in workDir (see run_starter.h).
std::vector<std::string> starterWords(const RunRequest &r, const std::vector<std::string> &words,
                                      const std::string &workDir, const std::vector<std::string> &environment,
                                      uid_t uid, const RunGroup *group, long userThreads,
                                      const SandboxHolder *holder, const std::string &privateTmp,
                                      const std::string &inputPath) {
    std::vector<std::string> starter = {runStarter(), "--parent=" + std::to_string(getpid())};
    if (r.untrusted && group != nullptr && group->ready())
        for (const std::string &procs : group->procsFiles()) starter.push_back("--group=" + procs);
    if (holder != nullptr)
        for (int fd : holder->namespaces()) starter.push_back("--namespace=" + std::to_string(fd));
    if (r.untrusted) {
        const Limits &l = r.limits;
        // As root the run has a uid of its own; otherwise it shares ours, and may add its
        // processes to what the uid has now, so a fork bomb runs out before the grader does.
        const long processes = isRoot() ? l.processes : userThreads + l.processes;
        starter.insert(starter.end(), {"--untrusted", "--cpu=" + std::to_string(cpuLimitSeconds(l)),
                                       "--memory=" + std::to_string(l.memoryMb > 0 ? l.memoryMb << 20 : 0),
                                       "--file-size=" + std::to_string(l.fileSizeKb << 10),
                                       "--processes=" + std::to_string(processes)});
        if (isRoot()) starter.push_back("--uid=" + std::to_string(uid));
        for (const std::string &variable : environment) starter.push_back("--env=" + variable);
        // The seccomp filter on every untrusted run: bubblewrap loads it once it has built
        // a fresh sandbox; otherwise the starter does, just before the program starts.
        const bool freshBwrap = holder == nullptr && !bubblewrap().empty();
        starter.push_back(freshBwrap ? "--filter-through-bwrap" : "--filter");
        if (!privateTmp.empty()) {  // no bubblewrap: Landlock shows the run only these
            for (const std::string &path : readableWithoutSandbox(r)) starter.push_back("--read=" + path);
            // Its standard input is a file of ours: /dev/stdin (/proc/self/fd/0) opens it again
            // by its path, as it may in bubblewrap.
            starter.push_back("--read=" + inputPath);
            for (const std::string &path : {workDir, privateTmp, std::string("/dev/null")})
                starter.push_back("--write=" + path);
            // A student's program sees no path of this grading's own (its folders' names
            // are random): in bubblewrap TMPDIR is not set either. The tools of a build use it.
            if (!repeatable(r)) starter.push_back("--env=TMPDIR=" + privateTmp);
        }
        if (repeatable(r)) {
            starter.push_back("--repeatable=" + repeatableRunLibrary());
            // Its argv[0] is the one bubblewrap gives it, whatever this run's path.
            if (!freshBwrap) starter.push_back(std::string("--name=") + kSandboxProgram);
        }
    }
    starter.push_back("--dir=" + workDir);
    starter.push_back("--");
    starter.insert(starter.end(), words.begin(), words.end());
    return starter;
}

// Starts the starter for a run, its standard streams the given descriptors, in a process
// group of its own with no signal blocked or handled; returns its pid. posix_spawn copies
// nothing of ours (see run_starter.h).
pid_t spawnStarter(std::vector<std::string> &words, int inputFd, int outFd, int errFd,
                   const SandboxHolder *holder, bool untrusted) {
    std::vector<char *> argv;
    for (std::string &w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, inputFd, 0);
    posix_spawn_file_actions_adddup2(&actions, outFd, 1);
    posix_spawn_file_actions_adddup2(&actions, errFd, 2);
    if (holder != nullptr)  // a descriptor duplicated onto itself stays open across exec
        for (int fd : holder->namespaces()) posix_spawn_file_actions_adddup2(&actions, fd, fd);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);  // the grader blocks its stop signals: not so the run
    posix_spawnattr_setsigdefault(&attributes, &all);
    // A session of its own is a process group of its own too.
    posix_spawnattr_setflags(&attributes, (holder != nullptr ? POSIX_SPAWN_SETSID : POSIX_SPAWN_SETPGROUP) |
                                              POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    // Untrusted runs get their environment from the starter's command line, nothing of ours.
    char *noEnvironment[] = {nullptr};
    pid_t child = -1;
    // This thread makes its children in the held sandbox's pid namespace while it starts
    // this one (the setns affects this thread alone), and in ours again after.
    static const int ourPidNamespace = open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
    int failed = 0;
    if (holder != nullptr && (ourPidNamespace < 0 || setns(holder->pidNamespace(), CLONE_NEWPID) != 0))
        failed = ourPidNamespace < 0 ? EBADF : errno;
    if (failed == 0)
        failed = posix_spawn(&child, argv[0], &actions, &attributes, argv.data(),
                             untrusted ? noEnvironment : environ);
    if (holder != nullptr && ourPidNamespace >= 0 && setns(ourPidNamespace, CLONE_NEWPID) != 0)
        throw std::logic_error("cannot return to our own pid namespace");  // would misplace every later run
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failed != 0) throw std::runtime_error(std::string("cannot start a run: ") + std::strerror(failed));
    return child;
}

// Empties folder (a path into a held sandbox): what the last run left there goes.
void emptyFolder(const fs::path &folder) {
    std::error_code error;
    for (const fs::directory_entry &entry : fs::directory_iterator(folder, error))
        fs::remove_all(entry.path(), error);
}

// Returns a held sandbox's working folder to how its sandbox made it: empty, with the mode
// of a fresh tmpfs and no extended attributes. The run before owned it: a count kept in
// its attributes told a run how many had come before, and a program too slow for its
// limit saved its progress there for the run done again (adversary round 25: 60 to 100).
void resetHeldFolder(const fs::path &folder) {
    emptyFolder(folder);
    std::vector<char> names(65536);
    const ssize_t size = llistxattr(folder.c_str(), names.data(), names.size());
    for (ssize_t at = 0; at < size; at += static_cast<ssize_t>(std::strlen(names.data() + at)) + 1)
        lremovexattr(folder.c_str(), names.data() + at);
    chmod(folder.c_str(), 0755);
}

// Reads what is available on fd into text (up to cap bytes kept); returns false at end.
bool drain(int fd, std::string &text, std::size_t cap, bool &overflowed) {
    char buffer[65536];
    for (int chunk = 0; chunk < 32; ++chunk) {  // a writer that keeps pace does not keep us here
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return true;
        if (n <= 0) return false;
        const std::size_t keep =
            text.size() < cap ? std::min(cap - text.size(), static_cast<std::size_t>(n)) : 0;
        text.append(buffer, keep);
        if (keep < static_cast<std::size_t>(n)) overflowed = true;
    }
    return true;
}

}  // namespace

// Marks a held sandbox as taken for one run; a second run in it at once would share its
// working folder, which no caller may ever do.
class HolderInUse {
  public:
    explicit HolderInUse(const SandboxHolder *holder) : holder_(holder) {
        if (holder_ != nullptr && holder_->inUse_.exchange(true))
            throw std::logic_error("two runs at once in one held sandbox");
    }
    ~HolderInUse() { release(); }
    // Gives the sandbox back (before this thread's next run in it).
    void release() {
        if (holder_ != nullptr) holder_->inUse_ = false;
        holder_ = nullptr;
    }
    HolderInUse(const HolderInUse &) = delete;
    HolderInUse &operator=(const HolderInUse &) = delete;

  private:
    const SandboxHolder *holder_;
};

std::string RunResult::ending() const {
    if (timedOut) return "stopped at the time limit (still running: an endless loop, or waiting for input?)";
    if (outputLimited) return "stopped for printing more than the output limit";
    if (memoryLimited) return "stopped for using more than its memory limit (all its processes together)";
    if (cpuLimited) return "stopped at its processor-time limit (its threads and processes together)";
    if (signal != 0) return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return "exit status " + std::to_string(status);
}

namespace {

// Returns true if bubblewrap itself failed (it says so, and exits 1, before the program
// starts): a mount or namespace the kernel refused for a moment, never the program's doing.
// A program that prints the same is run once more, and then judged on what it does.
bool bubblewrapFailed(const RunResult &result) {
    return result.status == 1 && result.out.empty() && result.err.rfind("bwrap: ", 0) == 0;
}

// Returns the text of the plain file `name` a run left in folder, if it is one (never a link)
// of at most limit bytes.
std::optional<std::string> leftFile(const fs::path &folder, const std::string &name, std::size_t limit) {
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
        return std::nullopt;
    const int fd = open((folder / name).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    struct stat about;
    std::optional<std::string> text;
    if (fstat(fd, &about) == 0 && S_ISREG(about.st_mode) &&
        static_cast<std::size_t>(about.st_size) <= limit) {
        text.emplace(static_cast<std::size_t>(about.st_size), '\0');
        std::size_t got = 0;
        for (ssize_t n; got < text->size() && (n = read(fd, &(*text)[got], text->size() - got)) > 0;)
            got += static_cast<std::size_t>(n);
        text->resize(got);
    }
    close(fd);
    return text;
}

}  // namespace

ClockPages clockPagesAroundTheVdso() {
    std::ifstream maps("/proc/self/maps");
    unsigned long vdso = 0, lowest = ~0ul, highest = 0;
    for (std::string line; std::getline(maps, line);) {
        unsigned long from = 0, to = 0;
        if (std::sscanf(line.c_str(), "%lx-%lx", &from, &to) != 2) continue;
        if (line.find("[vdso]") != std::string::npos) vdso = from;
        if (line.find("[vvar") != std::string::npos)
            lowest = std::min(lowest, from), highest = std::max(highest, to);
    }
    if (vdso == 0 || highest == 0) return {};
    return {static_cast<long>(lowest - vdso), highest - lowest};
}

namespace {

// Returns what a run's environment has besides sandboxEnvironment(): stdbuf's variables
// for an unbuffered run, and the repeatable-run library preloaded (by its descriptor),
// told where the clock's pages are (it reads and removes DOTSLAB_VVAR before the program
// starts: repeatable_run.cpp).
std::vector<std::string> addedEnvironment(const RunRequest &r) {
    std::vector<std::string> added = r.unbuffered ? unbufferedEnvironment() : std::vector<std::string>{};
    if (!repeatable(r)) return added;
    static const ClockPages clockPages = clockPagesAroundTheVdso();
    if (clockPages.bytes != 0)
        added.push_back("DOTSLAB_VVAR=" + std::to_string(clockPages.fromVdso) + "," +
                        std::to_string(clockPages.bytes));
    const std::string preload = "/proc/self/fd/" + std::to_string(kRepeatableRunFd);
    const auto stdbuf = std::find_if(added.begin(), added.end(),
                                     [](const std::string &v) { return v.rfind("LD_PRELOAD=", 0) == 0; });
    if (stdbuf != added.end())
        *stdbuf += " " + preload;
    else
        added.push_back("LD_PRELOAD=" + preload);
    if (!r.name.empty()) added.push_back("DOTSLAB_ARGV0=" + r.name);
    added.push_back("DOTSLAB_PROCESSES=" + std::to_string(r.limits.processes));
    return added;
}

// Returns whether SIGXCPU waits in the ended, not yet reaped, process pid (its threads all
// blocked it, so the kernel's hard limit killed it); nothing where /proc cannot say.
std::optional<bool> cpuLimitSignalWaiting(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::optional<bool> waiting;
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("SigPnd:", 0) != 0 && line.rfind("ShdPnd:", 0) != 0) continue;
        const unsigned long long pending = std::stoull(line.substr(line.find(':') + 1), nullptr, 16);
        waiting = waiting.value_or(false) || (pending >> (SIGXCPU - 1) & 1) != 0;
    }
    return waiting;
}

// Runs the request once (see runProgram).
RunResult runOnce(const RunRequest &r, bool lastTry) {
    for (bool waiting = true; waiting;) {  // a grader being stopped starts nothing: it is about to exit
        {
            std::lock_guard<std::mutex> lock(runningMutex);
            waiting = stopping;
        }
        if (waiting) pause();
    }
    TemporaryDirectory scratch("dotsgrade");  // private (0700) until opened up for the run
    const fs::path inputPath = scratch.path() / "stdin";
    const bool dropPrivileges = r.untrusted && isRoot();
    // A run of a held sandbox's program joins it (see SandboxHolder); others build their own.
    const SandboxHolder *holder = dropPrivileges && r.holder != nullptr && r.holder->usable() &&
                                          r.holder->program() == r.program && r.folder.empty() &&
                                          r.readOnly.empty() && r.collected.empty()
                                      ? r.holder
                                      : nullptr;
    HolderInUse taken(holder);
    const fs::path work = holder != nullptr                  ? fs::path(holder->outside(kSandboxWork))
                          : r.untrusted && !r.folder.empty() ? fs::path(r.folder)
                                                             : scratch.path() / "work";
    {
        // A full disk must never hand a program less input than it was given.
        std::ofstream input(inputPath, std::ios::binary);
        input << r.input;
        input.close();
        if (!input) throw std::runtime_error("cannot write a run's input into " + scratch.path().string() +
                                             ": is the grader's temporary folder full?");
    }
    if (holder != nullptr) {
        resetHeldFolder(work);
        emptyFolder(holder->outside("/tmp"));
    }
    fs::create_directories(work);
    // A run whose files are read back works in a folder of ours, bound into its sandbox:
    // capped while it is written, as a sandbox's own folders are.
    const bool collecting = !r.collected.empty() && r.folder.empty();
    std::optional<CappedFolder> collectedCap;
    if (collecting && r.untrusted) collectedCap.emplace(work.string(), std::max(1L, r.limits.diskKb) << 10);
    for (const std::string &file : r.inputFiles) fs::copy_file(file, work / fs::path(file).filename());
    for (const auto &[name, content] : r.givenFiles) {
        assert(fs::path(name).filename() == name);  // ours: a plain name, never a path
        writeFileText(work / name, content);
    }

    // A uid no other run holds, until its last process is reaped (see uid_lease.h).
    std::optional<UidLease> lease;
    if (dropPrivileges) lease.emplace();
    const uid_t uid = lease ? lease->uid() : 0;
    // The run's memory and processes counted together, children included, where we may.
    static std::atomic<unsigned> groupsMade{0};
    std::unique_ptr<RunGroup> group;
    if (dropPrivileges)
        group = std::make_unique<RunGroup>(
            "run-" + std::to_string(getpid()) + "-" + std::to_string(uid) + "-" +
                std::to_string(groupsMade++),
            r.limits.memoryMb > 0 ? r.limits.memoryMb << 20 : std::numeric_limits<long>::max(),
            r.limits.processes + (holder != nullptr ? 1 : 0));  // the process that waits inside
    static const bool subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
    (void)subreaper;
    const bool sandboxed = r.untrusted && !bubblewrap().empty();
    if (r.untrusted && !sandboxed && !unsandboxedRunsAllowed)
        throw std::runtime_error(
            "no sandbox: bubblewrap (bwrap) cannot run here, and untrusted code is not run "
            "without it");
    if (dropPrivileges) {
        // The run's uid may enter the scratch folder and write in work/, nothing else of ours.
        chmod(scratch.path().c_str(), 0711);
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(work))
            if (chown(entry.path().c_str(), uid, uid) != 0)
                throw std::runtime_error("cannot hand the input files over");
        if (chown(work.c_str(), uid, uid) != 0) throw std::runtime_error("cannot hand the work folder over");
    }

    // Untrusted code never sees our environment (tokens, paths): a fixed minimal one.
    std::vector<std::string> added = addedEnvironment(r);
    if (!r.toolsFolder.empty()) {
        assert(!r.folder.empty() && fs::path(r.toolsFolder).filename() == r.toolsFolder);
        added.push_back("PATH=" + (sandboxed ? std::string(kSandboxWork) : work.string()) + "/" +
                        r.toolsFolder + ":/usr/bin:/bin");
    }
    std::vector<std::string> environment = sandboxEnvironment();
    for (const std::string &variable : added) {  // a variable given again replaces the fixed one
        const std::string name = variable.substr(0, variable.find('=') + 1);
        const auto same = std::find_if(environment.begin(), environment.end(),
                                       [&](const std::string &v) { return v.rfind(name, 0) == 0; });
        if (same != environment.end())
            *same = variable;
        else
            environment.push_back(variable);
    }
    // A student's program starts with one stack in every mode: the same environment
    // (bubblewrap sets PWD last for a fresh run; the others get it too) and a path to start
    // it by as long as bubblewrap's (below), so that a program reading an uninitialised
    // variable or printing an address gets the same wherever it is graded.
    if (repeatable(r) && !(sandboxed && holder == nullptr))
        environment.push_back(std::string("PWD=") + kSandboxWork);
    // A held sandbox is made for repeatable runs (its random devices are fixed).
    assert(holder == nullptr || repeatable(r));
    std::vector<std::string> words;
    std::string programCopy;  // the program copied for a run without bubblewrap, if it was
    if (holder != nullptr) {
        words.push_back(kSandboxProgram);
    } else if (sandboxed) {
        // A fresh run writes to a size-capped tmpfs (never our disk); its input files are
        // bound into it one by one.
        words = sandboxWords(r.limits.diskKb, r.folder.empty() && !collecting ? "" : work.string(), false,
                             repeatable(r));
        for (const std::string &variable : added) {
            const std::size_t equals = variable.find('=');
            words.insert(words.end(), {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
        }
        if (r.folder.empty() && !collecting)
            for (const fs::directory_entry &entry : fs::directory_iterator(work))
                words.insert(words.end(),
                             {"--bind", entry.path().string(),
                              std::string(kSandboxWork) + "/" + entry.path().filename().string()});
        for (const std::string &path : r.readOnly) words.insert(words.end(), {"--ro-bind", path, path});
        if (r.program.rfind("/usr/", 0) == 0) {  // a system program (the compiler) runs in place
            words.push_back(r.program);
        } else {
            words.insert(words.end(), {"--ro-bind", r.program, kSandboxProgram});
            words.push_back(kSandboxProgram);
        }
    } else if (repeatable(r) && r.folder.empty()) {
        // The kernel puts the path a program is started by on its stack (AT_EXECFN): the
        // same in every run. A link of the file itself, which Landlock's rule for the
        // program covers (the same inode), or a copy on another file system, which gets a
        // rule of its own; never a symbolic link, which a TMPDIR mounted nosymfollow
        // refuses to follow (every run exited 127: adversary round 24).
        const fs::path link = scratch.path() / "program";
        std::error_code elsewhere;
        fs::create_hard_link(r.program, link, elsewhere);
        if (elsewhere) {
            copyProgram(r.program, link);
            programCopy = link.string();
        }
        words.push_back(kUnsandboxedProgram);
    } else {
        words.push_back(r.program);
    }
    const std::string workDir = holder != nullptr ? kSandboxWork : work.string();
    words.insert(words.end(), r.args.begin(), r.args.end());

    const long userThreads = r.untrusted && !isRoot() ? threadsCountedByKernel(threadsOf(getuid())) : 0;
    // Without bubblewrap, the run's own /tmp is a folder of its own, the only one it may
    // write besides its working folder (Landlock, where the kernel has it).
    std::string privateTmp;
    if (r.untrusted && !sandboxed && landlockVersion() > 0) {
        privateTmp = (scratch.path() / "tmp").string();
        fs::create_directories(privateTmp);
        if (dropPrivileges && chown(privateTmp.c_str(), uid, uid) != 0)
            throw std::runtime_error("cannot hand the run its temporary folder");
    }
    // A fresh bubblewrap hands the program its environment (--setenv above) and gets only
    // the fixed one itself: the repeatable-run library would lie to it about its uid.
    const bool freshBubblewrap = sandboxed && holder == nullptr;
    std::optional<RunRequest> withCopy;  // the run may read its program's copy too
    if (!programCopy.empty()) {
        withCopy = r;
        withCopy->readOnly.push_back(programCopy);
    }
    std::vector<std::string> starter = starterWords(
        withCopy ? *withCopy : r, words, workDir, freshBubblewrap ? sandboxEnvironment() : environment, uid,
        group.get(), userThreads, holder, privateTmp, inputPath.string());
    int inputFd = open(inputPath.c_str(), O_RDONLY | O_CLOEXEC);
    int outPipe[2], errPipe[2];
    if (inputFd < 0 || pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0)
        throw std::runtime_error("cannot set up a run");
    // A run of a uid of its own may open its output again (/dev/stdout, /proc/self/fd/1) as
    // a program may anywhere: the pipes are ours, so others are let write to them (only this
    // run holds them; reading them back stays ours alone).
    if (dropPrivileges)
        for (int fd : {outPipe[1], errPipe[1]}) fchmod(fd, S_IRUSR | S_IWUSR | S_IWGRP | S_IWOTH);

    const auto start = Clock::now();
    pid_t child = -1;
    try {
        child = spawnStarter(starter, inputFd, outPipe[1], errPipe[1], holder, r.untrusted);
    } catch (const std::runtime_error &) {
        for (int fd : {inputFd, outPipe[0], outPipe[1], errPipe[0], errPipe[1]}) close(fd);
        if (holder == nullptr) throw;
        // A held sandbox whose first process is gone takes no new process: as below.
        holder->markBroken();
        RunRequest alone = r;
        alone.holder = nullptr;
        return runOnce(alone, lastTry);
    } catch (...) {
        for (int fd : {inputFd, outPipe[0], outPipe[1], errPipe[0], errPipe[1]}) close(fd);
        throw;
    }
    {
        std::lock_guard<std::mutex> lock(runningMutex);
        running[child] = dropPrivileges ? uid : 0;
        if (stopping) kill(-child, SIGKILL);
    }
    close(inputFd);
    close(outPipe[1]);
    close(errPipe[1]);

    // A pidfd becomes readable the moment the child exits, so the loop wakes at once.
    const int exitFd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    RunResult result;
    const std::size_t cap = static_cast<std::size_t>(r.limits.outputKb) << 10;
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                                      std::max(r.limits.seconds, r.limits.wallSeconds)));
    bool outOpen = true, errOpen = true, exited = false, overflowed = false;
    std::optional<bool> cpuSignalWaiting;  // where the program is our child and /proc says
    int raw = 0;
    struct rusage usage {};
    // The output waits in pipes as large as the output limit (up to 1 MB), read at each tick
    // and at the exit: a program writing unbuffered does not wake us at every write (the
    // wake-ups, not the writes, cost the most; see RunRequest::unbuffered).
    const int pipeBytes =
        static_cast<int>(std::clamp<std::size_t>(cap, kDefaultPipeBytes, kLargestPipeBytes));
    for (int fd : {outPipe[0], errPipe[0]}) {
        fcntl(fd, F_SETPIPE_SZ, pipeBytes);  // where it fails, the writer waits for the tick
        fcntl(fd, F_SETFL, O_NONBLOCK);      // our end only: the program's end still blocks
    }
    while (!exited) {
        struct pollfd events[1] = {{exitFd, POLLIN, 0}};
        poll(events, 1, exitFd >= 0 ? kTickMilliseconds : 2);
        if (outOpen) outOpen = drain(outPipe[0], result.out, cap, overflowed);
        if (errOpen) errOpen = drain(errPipe[0], result.err, cap, overflowed);
        // An ended run is looked at before it is reaped: what signals wait in it (below).
        siginfo_t ended{};
        if (waitid(P_PID, static_cast<id_t>(child), &ended, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            ended.si_pid == child) {
            if (r.untrusted && !freshBubblewrap) cpuSignalWaiting = cpuLimitSignalWaiting(child);
            wait4(child, &raw, 0, &usage);
            exited = true;
            break;
        }
        if (overflowed)
            result.outputLimited = true;
        else if (Clock::now() >= deadline)
            result.timedOut = true;
        else
            continue;
        kill(-child, SIGKILL);
        wait4(child, &raw, 0, &usage);
        exited = true;
    }
    // Whatever the program left behind (children holding the pipes) goes now.
    kill(-child, SIGKILL);
    {
        std::lock_guard<std::mutex> lock(runningMutex);
        running.erase(child);
    }
    if (dropPrivileges) {
        // A control group knows every process of the run; without one, every process of
        // the run's uid goes.
        if (group && group->ready())
            group->killAll();
        else
            killAllOf(uid);
        reapAllOf(uid);
    }
    for (int round = 0; round < 100 && (outOpen || errOpen); ++round) {
        struct pollfd fds[2] = {{outOpen ? outPipe[0] : -1, POLLIN, 0},
                                {errOpen ? errPipe[0] : -1, POLLIN, 0}};
        if (poll(fds, 2, 10) == 0) continue;
        if (outOpen && fds[0].revents) outOpen = drain(outPipe[0], result.out, cap, overflowed);
        if (errOpen && fds[1].revents) errOpen = drain(errPipe[0], result.err, cap, overflowed);
    }
    close(outPipe[0]);
    close(errPipe[0]);
    if (exitFd >= 0) close(exitFd);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    result.cpuSeconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                        static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    if (overflowed) result.outputLimited = true;
    if (!result.timedOut && !result.outputLimited) {
        if (WIFSIGNALED(raw))
            result.signal = WTERMSIG(raw);
        else if (WIFEXITED(raw))
            result.status = WEXITSTATUS(raw);
        // bubblewrap reports the program's death by a signal as status 128 + signal (a held
        // sandbox's run is our own child: its status says which).
        if (sandboxed && holder == nullptr && result.status > 128 && result.status < 128 + 65) {
            result.signal = result.status - 128;
            result.status = -1;
        }
    }
    // One status per run. The memory limit ended the run only where the kernel killed its
    // own process: a child killed for memory while the program went on to exit leaves the
    // run's exit status, compared as any other.
    if (result.signal == SIGKILL && group && group->hitMemoryLimit()) {
        result.memoryLimited = true;
        result.signal = 0;
    }
    // The processor-time limit (a program's threads spend it faster than the clock): the
    // kernel sends SIGXCPU at the soft limit, which the run filter lets no program send,
    // catch or ignore (run_filter.h). A program that blocks it gets SIGKILL kCpuGraceSeconds
    // later, with SIGXCPU still waiting in it: where the program is our child, /proc shows
    // that exactly. Through a fresh bubblewrap (the program is not ours to look at) wait4's
    // count decides, and the kernel's, kept by the clock's ticks, runs ahead of it under
    // load (measured: 8% beside compiles, more in CI), so there a SIGKILL past
    // kCpuLimitShare of the hard limit is the limit's. Any other SIGKILL came from outside
    // the run, which a second run tells apart: a program that kills itself does so again.
    if (r.untrusted && !result.memoryLimited) {
        const double hardLimit = static_cast<double>(cpuLimitSeconds(r.limits) + kCpuGraceSeconds);
        const bool hardLimitKilled =
            result.signal == SIGKILL &&
            cpuSignalWaiting.value_or(result.cpuSeconds >= kCpuLimitShare * hardLimit);
        if (result.signal == SIGXCPU || hardLimitKilled)
            result.cpuLimited = true;
        else if (result.signal == SIGKILL && !lastTry) {
            taken.release();
            return runOnce(r, true);
        }
        // The limit is the program's, all its processes together: the kernel's counts each
        // process alone, and the same work split over forked children passed (adversary
        // round 24: 60 against 75). The run's control group counts every process, those
        // never waited for too (round 24b: 100 against 60); elsewhere wait4 counts those the
        // run waited for, at most what the kernel's own count, which stopped none, says.
        const double groupSeconds = group && group->ready() ? group->cpuSeconds() : -1;
        if (repeatable(r) && !result.cpuLimited && !result.timedOut &&
            std::max(result.cpuSeconds, groupSeconds) > static_cast<double>(cpuLimitSeconds(r.limits)))
            result.cpuLimited = true;
    }
    if (holder != nullptr && result.status == 126 && result.err.rfind(kSetupFailed, 0) == 0) {
        // This sandbox cannot take runs any more: the run (and every later one) builds its own.
        holder->markBroken();
        RunRequest alone = r;
        alone.holder = nullptr;
        return runOnce(alone, lastTry);
    }
    if (sandboxed && holder == nullptr && !lastTry && bubblewrapFailed(result)) return runOnce(r, true);
    for (const std::string &name : r.collected)
        if (std::optional<std::string> text = leftFile(work, name, cap)) result.files[name] = *text;
    return result;
}

}  // namespace

RunResult runProgram(const RunRequest &r) { return runOnce(r, false); }

RunResult runTrusted(const std::string &program, const std::vector<std::string> &args,
                     const std::string &input, double seconds) {
    RunRequest request;
    request.program = fs::absolute(program).string();
    request.args = args;
    request.input = input;
    request.untrusted = false;
    request.limits.seconds = seconds;
    request.limits.outputKb = 1L << 20;  // 1 GB: our programs' output is what is under test
    return runProgram(request);
}

std::string limitsHeldLower(const Limits &needed) {
    struct Needed {
        int resource;
        rlim_t least;      // bytes or seconds
        const char *what;  // in words
        const char *flag;  // bash's ulimit option
        rlim_t unit;       // of that option
    };
    const rlim_t kMb = 1 << 20;
    const std::vector<Needed> all = {
        {RLIMIT_AS, needed.memoryMb > 0 ? static_cast<rlim_t>(needed.memoryMb) * kMb : 0,
         "memory (address space)", "-v", 1024},
        {RLIMIT_FSIZE, static_cast<rlim_t>(needed.fileSizeKb) * 1024, "file size", "-f", 1024},
        {RLIMIT_CPU, static_cast<rlim_t>(cpuLimitSeconds(needed) + kCpuGraceSeconds), "processor time", "-t",
         1},
        {RLIMIT_STACK, 8 * kMb, "stack", "-s", 1024}};
    for (const Needed &n : all) {
        struct rlimit limit {};
        if (n.least == 0 || getrlimit(n.resource, &limit) != 0 || limit.rlim_max == RLIM_INFINITY ||
            limit.rlim_max >= n.least)
            continue;
        return std::string("this grader's ") + n.what + " limit is " +
               std::to_string(limit.rlim_max / n.unit) + " (ulimit " + n.flag + "), below the " +
               std::to_string((n.least + n.unit - 1) / n.unit) +
               " a build step or run is given, and it cannot be raised here: raise it (ulimit " + n.flag +
               " unlimited) in the shell that starts dotsgrade";
    }
    return "";
}

bool sandboxAvailable() { return !bubblewrap().empty(); }

bool looksLikeSetupFailure(const RunResult &result) {
    return bubblewrapFailed(result) || (result.status == 126 && result.err.rfind(kSetupFailed, 0) == 0);
}

std::string sandboxFault() {
    // The program that does nothing but tell the time is a copy of /usr/bin/date in our
    // temporary folder, where a student's program is run from, run as theirs are: a TMPDIR
    // on a noexec file system fails it too, and so does a damaged repeatable-run library
    // (a copy cut short killed every run with SIGBUS, and cost correct programs 64 to 85
    // points: adversary round 24), which must also have set its clock.
    TemporaryDirectory scratch("dotslab-probe");
    const fs::path program = scratch.path() / "nothing";
    std::error_code error;
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec, error);
    fs::copy_file("/usr/bin/date", program, error);
    fs::permissions(program, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                 fs::perms::others_read | fs::perms::others_exec, error);
    // A few tries over two seconds: what a student's run exhausted for a moment (a fork
    // bomb's processes, not all gone yet where we are not root) is the student's doing, not
    // a fault of ours; only a sandbox that stays broken is.
    RunResult run;
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (attempt > 0) usleep(400 * 1000);
        RunRequest nothing;
        nothing.program = program.string();
        nothing.args = {"+%s"};
        run = runProgram(nothing);
        if (run.exited() && run.status == 0 && run.err.empty() &&
            run.out == std::to_string(kRepeatableStartSeconds) + "\n")
            return "";
    }
    if (run.exited() && run.status == 0)
        return "a program that only tells the time (a copy of /usr/bin/date) does not get the fixed clock in "
               "the "
               "sandbox here: is " +
               repeatableRunLibrary() + " damaged? It printed " + std::to_string(run.out.size()) +
               " bytes, and on standard error: " + run.err.substr(0, 300);
    const bool noexec = run.err.find("starting the program (errno " + std::to_string(EACCES) + ")") != std::string::npos;
    std::string said = run.err.substr(0, 300);
    while (!said.empty() && std::isspace(static_cast<unsigned char>(said.back()))) said.pop_back();
    return "a program that only tells the time (a copy of /usr/bin/date in " +
           scratch.path().parent_path().string() + ") cannot run in the sandbox here: " + run.ending() +
           (said.empty() ? "" : ": " + said) +
           (noexec
                ? " (is that folder on a file system mounted noexec? Set TMPDIR to a folder where programs "
                  "may run)"
                : "");
}

void stopEveryRun() {
    std::lock_guard<std::mutex> lock(runningMutex);
    stopping = true;
    for (const auto &[group, uid] : running) {
        kill(-group, SIGKILL);
        if (uid != 0) killAllOf(uid);
    }
}

void allowUnsandboxedRuns() { unsandboxedRunsAllowed = true; }

const std::vector<std::string> &sandboxEnvironment() {
    // SOURCE_DATE_EPOCH: the compiler's __DATE__ and __TIME__ tell one date (2025-01-01
    // 00:00 UTC, the repeatable runs' clock), not the moment of the build.
    // MALLOC_ARENA_MAX: glibc gives each thread that meets a busy allocator an arena of its
    // own, 64 MB of address space each, as many as the threads' timing makes: within a
    // run's address-space limit, a correct program of eight threads failed to start its
    // last one on some gradings and not others (adversary round 22). Two arenas at most.
    static const std::vector<std::string> environment = {
        "PATH=/usr/bin:/bin", "LANG=C", "LC_ALL=C", "HOME=/sandbox/work", "SOURCE_DATE_EPOCH=1735689600",
        "MALLOC_ARENA_MAX=2"};
    return environment;
}

bool timeStampCounterTraps() {
    static const bool traps = [] {
        const pid_t child = fork();
        if (child == 0) {  // only calls safe after a fork in a process with threads
            struct sigaction faulted {};
            faulted.sa_handler = [](int) { _exit(0); };
            if (sigaction(SIGSEGV, &faulted, nullptr) != 0 || prctl(PR_SET_TSC, PR_TSC_SIGSEGV) != 0)
                _exit(1);
            asm volatile("rdtsc" ::: "eax", "edx", "memory");
            _exit(1);
        }
        int status = 0;
        return child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
               WEXITSTATUS(status) == 0;
    }();
    return traps;
}

std::string isolationReport() {
    const int landlock = landlockVersion();
    std::string report =
        !bubblewrap().empty()
            ? "student programs run in a bubblewrap sandbox (no network; only the program, the "
              "system libraries and an empty working folder are visible; a fixed environment)"
        : landlock > 0
            ? "no bubblewrap here (no namespaces): Landlock (ABI " + std::to_string(landlock) +
                  ") limits student programs to the system libraries, their program and their own folders "
                  "(nothing else of this machine's files can be read or run); a fixed environment"
            : "no sandbox (neither bubblewrap nor Landlock here): student programs can read this machine's "
              "files";
    report +=
        ", a seccomp filter (no network sockets, keyrings, io_uring, perf, bpf, ptrace, namespaces "
        "or mounts), the same clock and random numbers on every run";
    if (!timeStampCounterTraps())
        report += " (not the processor's time-stamp counter, rdtsc: this machine cannot make it fault)";
    if (!isRoot())
        return report +
               ", with time, CPU, per-process memory and file-size limits and a process limit over this "
               "user's own (not root: no separate user, no control groups).";
    report += ", as an unprivileged user of their own, with time, CPU, file-size and disk limits";
    report += controlGroupsAvailable()
                  ? ", and memory and process limits for each run as a whole (control groups)."
                  : ", and per-process memory and process limits (no control groups here).";
    return report;
}

}  // namespace dotslab
