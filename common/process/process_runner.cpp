#include "process/process_runner.h"

#include "files/files.h"
#include "process/run_group.h"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
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

// Where a run works inside the sandbox: a path no host file a run may read (readOnly) is at.
constexpr const char *kSandboxWork = "/sandbox/work";
constexpr const char *kStdbuf = "/usr/bin/stdbuf";  // coreutils: unbuffers a program's stdio

// Sandbox uids: 0x70000000 on, a range that no account, systemd dynamic user (61184-65519)
// or container mapping (524288-1879048191) uses. DOTSGRADE_FIRST_UID moves it.
constexpr uid_t kDefaultFirstSlotUid = 0x70000000;
constexpr int kSlotsPerGrader = 256;  // each running dotsgrade owns a block of this many uids
constexpr int kGraderBlocks = 16;     // graders at once
// The lock files that claim blocks live here: made by root, for root only.
constexpr const char *kLockDirectory = "/run/dotsgrade";

// Returns the first uid of the sandbox range.
uid_t firstSandboxUid() {
    const char *configured = std::getenv("DOTSGRADE_FIRST_UID");
    if (configured == nullptr) return kDefaultFirstSlotUid;
    const long long value = std::atoll(configured);
    if (value < 1000 || value > 0xFFFF0000LL - kSlotsPerGrader * kGraderBlocks)
        throw std::runtime_error("DOTSGRADE_FIRST_UID must be a uid from 1000 on, with room for 4096 uids");
    return static_cast<uid_t>(value);
}

// Returns a descriptor of the lock directory, made if needed; throws unless it is a real
// directory owned by root and closed to others (a planted link or folder is refused).
int lockDirectory() {
    mkdir(kLockDirectory, 0700);
    const int fd = open(kLockDirectory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || info.st_uid != 0 || (info.st_mode & 0077) != 0)
        throw std::runtime_error(std::string("the lock folder ") + kLockDirectory +
                                 " is not a folder of root's closed to others: remove it and grade again");
    return fd;
}

// Returns the first uid of this process's block. Blocks are claimed with a lock held for
// the process's lifetime, so two graders running at once never share (and never kill)
// each other's runs.
uid_t firstUidOfThisGrader() {
    static const uid_t first = [] {
        const int directory = lockDirectory();
        for (int block = 0; block < kGraderBlocks; ++block) {
            const std::string lock = "uid-block-" + std::to_string(block) + ".lock";
            int fd = openat(directory, lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
                close(directory);
                return firstSandboxUid() + static_cast<uid_t>(block * kSlotsPerGrader);
            }
            if (fd >= 0) close(fd);  // taken by another grader: try the next block
        }
        close(directory);
        throw std::runtime_error("every block of sandbox uids is in use by other graders");
    }();
    return first;
}

bool isRoot() { return geteuid() == 0; }

// Returns the path of bwrap if it is installed and works here, else "".
const std::string &bubblewrap() {
    static const std::string path = [] {
        // DOTSGRADE_BWRAP names the one bubblewrap to use (a missing path: no sandbox).
        const char *configured = std::getenv("DOTSGRADE_BWRAP");
        const std::vector<const char *> candidates =
            configured ? std::vector<const char *>{configured}
                       : std::vector<const char *>{"/usr/bin/bwrap", "/bin/bwrap"};
        for (const char *candidate : candidates)
            if (access(candidate, X_OK) == 0) {
                std::string probe =
                    std::string(candidate) +
                    " --unshare-all --ro-bind /usr /usr --symlink usr/lib /lib "
                    "--symlink usr/lib64 /lib64 --symlink usr/bin /bin /usr/bin/true >/dev/null 2>&1";
                if (std::system(probe.c_str()) == 0) return std::string(candidate);
            }
        return std::string();
    }();
    return path;
}

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

// Reaps every leftover process of uid. The grader is a child subreaper, so what the run
// orphaned (bubblewrap's inner process, a student's background children) comes back to
// it after killAllOf; reaping only this uid's leaves the other slots' statuses alone.
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

void setLimit(int resource, rlim_t value) {
    struct rlimit limit {
        value, value
    };
    setrlimit(resource, &limit);
}

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void startChild(const RunRequest &r, int inputFd, int outFd, int errFd, const char *workDir,
                             char *const argv[], char *const envp[], uid_t uid, const RunGroup *group,
                             long userThreads) {
    setpgid(0, 0);
    sigset_t none;  // the grader blocks its stop signals for its own handler: not so the run
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (dup2(inputFd, 0) < 0 || dup2(outFd, 1) < 0 || dup2(errFd, 2) < 0) _exit(126);
    if (syscall(SYS_close_range, 3, ~0U, 0) != 0)  // one call where the kernel has it (5.9 on)
        for (int fd = 3; fd < 1024; ++fd) close(fd);
    if (r.untrusted) {
        const Limits &l = r.limits;
        setLimit(RLIMIT_CPU, static_cast<rlim_t>(l.seconds) + 1);
        if (l.memoryMb > 0) setLimit(RLIMIT_AS, static_cast<rlim_t>(l.memoryMb) << 20);
        if (group != nullptr && group->ready() && !group->joinFromChild()) _exit(126);
        setLimit(RLIMIT_FSIZE, static_cast<rlim_t>(l.fileSizeKb) << 10);
        setLimit(RLIMIT_CORE, 0);
        if (isRoot()) {
            setLimit(RLIMIT_NPROC, static_cast<rlim_t>(l.processes));
            if (setgroups(0, nullptr) != 0 || setgid(uid) != 0 || setuid(uid) != 0) _exit(126);
        } else {
            // The run shares our uid: it may add its processes to what the uid has now, so a
            // fork bomb runs out of processes before the grader does.
            setLimit(RLIMIT_NPROC, static_cast<rlim_t>(userThreads + l.processes));
        }
    }
    if (chdir(workDir) != 0) _exit(126);
    if (envp != nullptr)
        execve(argv[0], argv, envp);
    else
        execv(argv[0], argv);
    _exit(127);
}

// Reads what is available on fd into text (up to cap bytes kept); returns false at end.
bool drain(int fd, std::string &text, std::size_t cap, bool &overflowed) {
    char buffer[65536];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    if (n <= 0) return false;
    std::size_t keep = text.size() < cap ? std::min(cap - text.size(), static_cast<std::size_t>(n)) : 0;
    text.append(buffer, keep);
    if (keep < static_cast<std::size_t>(n)) overflowed = true;
    return true;
}

}  // namespace

std::string RunResult::ending() const {
    if (timedOut) return "stopped at the time limit (still running: an endless loop, or waiting for input?)";
    if (outputLimited) return "stopped for printing more than the output limit";
    if (memoryLimited) return "stopped for using more than its memory limit (all its processes together)";
    if (signal != 0) return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return "exit status " + std::to_string(status);
}

RunResult runProgram(const RunRequest &r) {
    for (bool waiting = true; waiting;) {  // a grader being stopped starts nothing: it is about to exit
        {
            std::lock_guard<std::mutex> lock(runningMutex);
            waiting = stopping;
        }
        if (waiting) pause();
    }
    TemporaryDirectory scratch("dotsgrade");  // private (0700) until opened up for the run
    const fs::path inputPath = scratch.path() / "stdin";
    const fs::path work = r.untrusted && !r.folder.empty() ? fs::path(r.folder) : scratch.path() / "work";
    std::ofstream(inputPath, std::ios::binary) << r.input;
    fs::create_directories(work);
    for (const std::string &file : r.inputFiles) fs::copy_file(file, work / fs::path(file).filename());

    const bool dropPrivileges = r.untrusted && isRoot();
    // The run's memory and processes counted together, children included, where we may.
    static std::atomic<unsigned> groupsMade{0};
    std::unique_ptr<RunGroup> group;
    if (dropPrivileges)
        group = std::make_unique<RunGroup>(
            "run-" + std::to_string(getpid()) + "-" + std::to_string(r.slot) + "-" +
                std::to_string(groupsMade++),
            r.limits.memoryMb > 0 ? r.limits.memoryMb << 20 : std::numeric_limits<long>::max(),
            r.limits.processes);
    const uid_t uid =
        dropPrivileges ? firstUidOfThisGrader() + static_cast<uid_t>(r.slot % kSlotsPerGrader) : 0;
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

    std::vector<std::string> words;
    if (sandboxed) {
        // A run's /tmp holds at most what it may write to files (all children together).
        const std::string tmpBytes = std::to_string(std::max(1L, r.limits.diskKb) << 10);
        // clang-format off
        words = {bubblewrap(), "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
                 "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                 "--symlink", "usr/bin", "/bin", "--dev", "/dev", "--proc", "/proc",
                 "--size", tmpBytes, "--tmpfs", "/tmp"};
        // clang-format on
        if (r.folder.empty()) {
            // A fresh run writes to a size-capped tmpfs (never our disk); its input files
            // are bound into it one by one.
            words.insert(words.end(), {"--size", tmpBytes, "--tmpfs", kSandboxWork});
            for (const fs::directory_entry &entry : fs::directory_iterator(work))
                words.insert(words.end(),
                             {"--bind", entry.path().string(),
                              std::string(kSandboxWork) + "/" + entry.path().filename().string()});
        } else {
            words.insert(words.end(), {"--bind", work.string(), kSandboxWork});
        }
        words.insert(words.end(), {"--chdir", kSandboxWork});
        for (const std::string &path : r.readOnly) words.insert(words.end(), {"--ro-bind", path, path});
        for (const std::string &variable : sandboxEnvironment()) {
            const std::size_t equals = variable.find('=');
            words.insert(words.end(), {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
        }
        if (r.program.rfind("/usr/", 0) == 0) {  // a system program (the compiler) runs in place
            words.push_back(r.program);
        } else {
            words.insert(words.end(), {"--ro-bind", r.program, "/sandbox/program"});
            if (r.unbuffered && access(kStdbuf, X_OK) == 0)
                words.insert(words.end(), {kStdbuf, "-o0", "-e0"});
            words.push_back("/sandbox/program");
        }
    } else {
        if (r.unbuffered && access(kStdbuf, X_OK) == 0) words = {kStdbuf, "-o0", "-e0"};
        words.push_back(r.program);
    }
    words.insert(words.end(), r.args.begin(), r.args.end());
    std::vector<char *> argv;
    for (std::string &w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    // Untrusted code never sees our environment (tokens, paths): a fixed minimal one.
    std::vector<std::string> environment = sandboxEnvironment();
    std::vector<char *> envp;
    for (std::string &variable : environment) envp.push_back(variable.data());
    envp.push_back(nullptr);

    int inputFd = open(inputPath.c_str(), O_RDONLY | O_CLOEXEC);
    int outPipe[2], errPipe[2];
    if (inputFd < 0 || pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0)
        throw std::runtime_error("cannot set up a run");

    const long userThreads = r.untrusted && !isRoot() ? threadsOf(getuid()) : 0;
    const auto start = Clock::now();
    pid_t child = fork();
    if (child < 0) throw std::runtime_error("fork failed");
    if (child == 0)
        startChild(r, inputFd, outPipe[1], errPipe[1], work.c_str(), argv.data(),
                   r.untrusted ? envp.data() : nullptr, uid, group.get(), userThreads);
    setpgid(child, child);
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
    const auto deadline =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.limits.seconds));
    bool outOpen = true, errOpen = true, exited = false, overflowed = false;
    int raw = 0;
    while (!exited) {
        struct pollfd fds[3] = {{outOpen ? outPipe[0] : -1, POLLIN, 0},
                                {errOpen ? errPipe[0] : -1, POLLIN, 0},
                                {exitFd, POLLIN, 0}};
        poll(fds, 3, exitFd >= 0 ? 50 : 2);
        if (outOpen && (fds[0].revents & (POLLIN | POLLHUP)))
            outOpen = drain(outPipe[0], result.out, cap, overflowed);
        if (errOpen && (fds[1].revents & (POLLIN | POLLHUP)))
            errOpen = drain(errPipe[0], result.err, cap, overflowed);
        exited = waitpid(child, &raw, WNOHANG) == child;
        if (exited) break;
        if (overflowed)
            result.outputLimited = true;
        else if (Clock::now() >= deadline)
            result.timedOut = true;
        else
            continue;
        kill(-child, SIGKILL);
        waitpid(child, &raw, 0);
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
    if (overflowed) result.outputLimited = true;
    if (group && group->hitMemoryLimit() && result.signal == 0 && !result.timedOut)
        result.memoryLimited = true;
    if (!result.timedOut && !result.outputLimited) {
        if (WIFSIGNALED(raw))
            result.signal = WTERMSIG(raw);
        else if (WIFEXITED(raw))
            result.status = WEXITSTATUS(raw);
        // bubblewrap reports the program's death by a signal as status 128 + signal.
        if (sandboxed && result.status > 128 && result.status < 128 + 65) {
            result.signal = result.status - 128;
            result.status = -1;
        }
    }
    return result;
}

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

bool sandboxAvailable() { return !bubblewrap().empty(); }

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
    static const std::vector<std::string> environment = {"PATH=/usr/bin:/bin", "LANG=C", "LC_ALL=C",
                                                         "HOME=/sandbox/work"};
    return environment;
}

std::string isolationReport() {
    std::string report =
        bubblewrap().empty()
            ? "no sandbox (bubblewrap cannot run here): student programs can see the files and "
              "network of this machine"
            : "student programs run in a bubblewrap sandbox (no network; only the program, the "
              "system libraries and an empty working folder are visible; a fixed environment)";
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
