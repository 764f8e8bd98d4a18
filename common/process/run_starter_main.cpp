// dotslab-run-starter: the first process of every run (see run_starter.h for why, and
// for its command line). Built static: a run's LD_PRELOAD (stdbuf) never applies to it.
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "process/repeatable_run.h"
#include "process/run_filter.h"
#include "process/run_starter.h"

namespace {

// Says which step of setting up the run failed and why (errno's number), and exits 126.
[[noreturn]] void setupFailed(const char *step) {
    std::fprintf(stderr, "%s%s (errno %d)\n", dotslab::kSetupFailed, step, errno);
    std::exit(126);
}

// Sets resource's limits: soft, and hard (the same unless given). Where that fails (a user
// cannot raise its hard process limit), the run keeps the lower limit it has.
void setLimit(int resource, rlim_t soft, rlim_t hard = 0) {
    const struct rlimit limit = {soft, hard == 0 ? soft : hard};
    setrlimit(resource, &limit);
}

// Returns a descriptor of the library at path, read here (as root: wherever it is
// installed) into a sealed file in memory that the run's loader may map as code whatever
// its uid, the temporary folder's mount (noexec: every run's loader refused a copy there,
// and boxes was charged its complaint, adversary round 24) or the folders above the
// install; the file itself where the kernel has no such memory files. -1 where unreadable.
int openedLibrary(const char *path) {
    const int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    constexpr unsigned kExec = 0x10;  // MFD_EXEC: code, whatever vm.memfd_noexec says by default
    int memory =
        static_cast<int>(syscall(SYS_memfd_create, "dotslab-repeatable-run", MFD_ALLOW_SEALING | kExec));
    if (memory < 0 && errno == EINVAL)  // a kernel before MFD_EXEC
        memory = static_cast<int>(syscall(SYS_memfd_create, "dotslab-repeatable-run", MFD_ALLOW_SEALING));
    if (memory < 0) return file;
    char buffer[1 << 16];
    bool copied = true;
    for (ssize_t got; copied && (got = read(file, buffer, sizeof buffer)) != 0;) {
        copied = got > 0;
        for (ssize_t put = 0; copied && put < got;) {
            const ssize_t wrote = write(memory, buffer + put, static_cast<size_t>(got - put));
            copied = wrote > 0;
            put += copied ? wrote : 0;
        }
    }
    if (!copied ||
        fcntl(memory, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        close(memory);
        return file;
    }
    close(file);
    return memory;
}

// What the command line asks for.
struct Run {
    long parent = 0;
    std::vector<const char *> groups;  // cgroup.procs files
    std::vector<int> namespaces;       // descriptors, in the order they are joined
    bool untrusted = false;
    long long cpuSeconds = 0, memoryBytes = 0, fileSizeBytes = 0, processes = 0;
    long long uid = -1;               // -1: keep ours
    std::vector<char *> environment;  // untrusted runs: all the program gets
    bool filter = false;              // the seccomp filter on the program (run_filter.h)
    bool filterThroughBwrap = false;  // ... handed to PROGRAM, bubblewrap, with --seccomp
    std::vector<std::string> readable, writable;  // Landlock: all the run may reach, if any
    const char *repeatable = nullptr;             // the library kept open for LD_PRELOAD, if any
    const char *folder = nullptr;
    const char *programName = nullptr;  // the program's argv[0], if not its path
    char **program = nullptr;           // PROGRAM [ARGUMENT]... (ends with argv's null)
};

// Returns the value of option `name` (e.g. "--cpu=") in word, or null.
const char *valueOf(const char *word, const char *name) {
    const std::size_t length = std::strlen(name);
    return std::strncmp(word, name, length) == 0 ? word + length : nullptr;
}

// Returns the number in text; setup fails on anything else.
long long number(const char *text) {
    char *end = nullptr;
    errno = 0;
    const long long value = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') setupFailed("its command line");
    return value;
}

Run parse(int argc, char **argv) {
    Run run;
    int k = 1;
    for (; k < argc && std::strcmp(argv[k], "--") != 0; ++k) {
        const char *word = argv[k], *value = nullptr;
        if ((value = valueOf(word, "--parent=")))
            run.parent = static_cast<long>(number(value));
        else if ((value = valueOf(word, "--group=")))
            run.groups.push_back(value);
        else if ((value = valueOf(word, "--namespace=")))
            run.namespaces.push_back(static_cast<int>(number(value)));
        else if (std::strcmp(word, "--untrusted") == 0)
            run.untrusted = true;
        else if ((value = valueOf(word, "--cpu=")))
            run.cpuSeconds = number(value);
        else if ((value = valueOf(word, "--memory=")))
            run.memoryBytes = number(value);
        else if ((value = valueOf(word, "--file-size=")))
            run.fileSizeBytes = number(value);
        else if ((value = valueOf(word, "--processes=")))
            run.processes = number(value);
        else if ((value = valueOf(word, "--uid=")))
            run.uid = number(value);
        else if ((value = valueOf(word, "--env=")))
            run.environment.push_back(const_cast<char *>(value));
        else if (std::strcmp(word, "--filter") == 0)
            run.filter = true;
        else if (std::strcmp(word, "--filter-through-bwrap") == 0)
            run.filterThroughBwrap = true;
        else if ((value = valueOf(word, "--read=")))
            run.readable.push_back(value);
        else if ((value = valueOf(word, "--write=")))
            run.writable.push_back(value);
        else if ((value = valueOf(word, "--repeatable=")))
            run.repeatable = value;
        else if ((value = valueOf(word, "--dir=")))
            run.folder = value;
        else if ((value = valueOf(word, "--name=")))
            run.programName = value;
        else
            setupFailed("its command line");
    }
    if (k + 1 >= argc || run.folder == nullptr) setupFailed("its command line");
    run.program = argv + k + 1;
    run.environment.push_back(nullptr);
    return run;
}

// Step 2: moves this process into the run's control group.
void joinGroups(const Run &run) {
    for (const char *procs : run.groups) {
        const int fd = open(procs, O_WRONLY | O_CLOEXEC);
        if (fd < 0 || write(fd, "0", 1) != 1) setupFailed("control group");  // "0": this process
        close(fd);
    }
}

// Step 3: joins the held sandbox (its pid namespace is ours already: see run_starter.h).
void enterSandbox(const Run &run) {
    for (int fd : run.namespaces)
        if (setns(fd, 0) != 0) setupFailed("namespaces");
    // System V shared memory and semaphores outlive their processes: each run gets IPC
    // objects of its own, gone with it, so that none piles up in the sandbox.
    if (unshare(CLONE_NEWIPC) != 0) setupFailed("IPC namespace");
}

// Step 4: the limits and the user of an untrusted run.
void limit(const Run &run) {
    // At the soft limit the kernel sends SIGXCPU, a death that can only mean this limit;
    // a program that catches it meets SIGKILL a second later.
    setLimit(RLIMIT_CPU, static_cast<rlim_t>(run.cpuSeconds),
             static_cast<rlim_t>(run.cpuSeconds + dotslab::kCpuGraceSeconds));
    if (run.memoryBytes > 0) setLimit(RLIMIT_AS, static_cast<rlim_t>(run.memoryBytes));
    setLimit(RLIMIT_FSIZE, static_cast<rlim_t>(run.fileSizeBytes));
    setLimit(RLIMIT_CORE, 0);
    setLimit(RLIMIT_NPROC, static_cast<rlim_t>(run.processes));
    // Every other limit a run could read or meet is the same wherever it is graded, not the
    // grader's shell's (ulimit -s moved a grade: a program that needs a deep stack), and so
    // is its priority (nice): a typical machine's defaults. The stack's is also every
    // thread's stack size, within the run's memory (64 MB: five threads were 320 MB).
    setLimit(RLIMIT_STACK, 8 << 20);
    setLimit(RLIMIT_NOFILE, 1024);
    setLimit(RLIMIT_MEMLOCK, 8 << 20);
    setLimit(RLIMIT_LOCKS, RLIM_INFINITY);
    setLimit(RLIMIT_SIGPENDING, 1024);
    setLimit(RLIMIT_MSGQUEUE, 819200);
    setLimit(RLIMIT_NICE, 0, 0);
    setLimit(RLIMIT_RTPRIO, 0, 0);
    setLimit(RLIMIT_RTTIME, RLIM_INFINITY);
    setpriority(PRIO_PROCESS, 0, 0);  // as root; elsewhere the grader's own stays (the library tells 0)
    if (run.uid >= 0) {
        const auto uid = static_cast<uid_t>(run.uid);
        if (setgroups(0, nullptr) != 0 || setgid(uid) != 0 || setuid(uid) != 0) setupFailed("user");
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) setupFailed("privileges");
    // The same addresses on every run: a program whose answer hangs on where its stack or
    // heap is (an uninitialised variable, say) answers alike every time it is graded.
    if (personality(ADDR_NO_RANDOMIZE) == -1) setupFailed("address layout");
}

// Step 4b: what the kernel lets the program do (run_filter.h). Returns the program's
// arguments: bubblewrap's get --seccomp and the filter's descriptor first.
std::vector<char *> filtered(const Run &run) {
    // A run made repeatable is a student's program; any other untrusted run, a build's tools.
    const dotslab::Untrusted what = run.repeatable ? dotslab::Untrusted::Program : dotslab::Untrusted::Tools;
    std::vector<char *> words(run.program, run.program + 1);
    if (run.programName != nullptr) words[0] = const_cast<char *>(run.programName);
    if ((!run.readable.empty() || !run.writable.empty()) && dotslab::restrictFilesystem(run.readable, run.writable) != 0)
        setupFailed("Landlock");
    if (run.filter && dotslab::loadRunFilter(what) != 0) setupFailed("seccomp");
    static std::string option = "--seccomp", descriptor;
    if (run.filterThroughBwrap) {
        std::string program;
        try {
            program = dotslab::runFilterProgram(what);
        } catch (...) {
            setupFailed("seccomp program");
        }
        const int fd = static_cast<int>(syscall(SYS_memfd_create, "dotslab-run-filter", 0));  // bwrap reads it
        if (fd < 0 || write(fd, program.data(), program.size()) != static_cast<ssize_t>(program.size()) ||
            lseek(fd, 0, SEEK_SET) != 0)
            setupFailed("seccomp program");
        descriptor = std::to_string(fd);
        words.insert(words.end(), {option.data(), descriptor.data()});
    }
    for (char **word = run.program + 1; *word != nullptr; ++word) words.push_back(*word);
    words.push_back(nullptr);
    return words;
}

// Closes every descriptor above the standard streams but keep (none if -1).
void closeAllBut(int keep) {
    auto closeRange = [](unsigned first, unsigned last) {
        if (first > last) return;
        if (syscall(SYS_close_range, first, last, 0) != 0)
            for (unsigned fd = first; fd <= last && fd < 1024; ++fd) close(static_cast<int>(fd));
    };
    if (keep < 3) {
        closeRange(3, ~0U);
        return;
    }
    closeRange(3, static_cast<unsigned>(keep) - 1);
    closeRange(static_cast<unsigned>(keep) + 1, ~0U);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "%s: the first process of a dotslab run; started by dotsgrade and the tests, "
                     "not by hand\n",
                     dotslab::kRunStarterName);
        return 2;
    }
    const Run run = parse(argc, argv);

    // Step 1: a run ends with whoever started it, however that ends (ctest killing a
    // harness that waited on a looping program, say). The uid change of a sandboxed run
    // clears this; there the sandbox ends with the grader, and the grader kills by control
    // group or uid.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // Made in a held sandbox's pid namespace, it sees the grader, outside, as parent 0.
    const pid_t parent = getppid();
    if (run.parent != 0 && parent != run.parent && parent != 0) return 126;  // it is gone already

    joinGroups(run);
    // Every signal as a program starts with it, whatever the grader ignores (SIGPIPE, SIGXFSZ).
    for (int s = 1; s < NSIG; ++s)
        if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
    // Opened here, where its path is ours to read (see repeatable_run.h).
    const int library = run.repeatable ? openedLibrary(run.repeatable) : -1;
    if (run.repeatable && library < 0) setupFailed("the repeatable-run library");
    if (!run.namespaces.empty()) enterSandbox(run);
    // Nothing of ours but the standard streams (and the library) reaches the program.
    closeAllBut(library);
    if (library >= 0 && library != dotslab::kRepeatableRunFd) {
        if (dup2(library, dotslab::kRepeatableRunFd) < 0) setupFailed("the repeatable-run library");
        close(library);
    }
    if (run.untrusted) limit(run);
    std::vector<char *> words = run.untrusted ? filtered(run) : std::vector<char *>();

    // Step 5.
    if (chdir(run.folder) != 0) setupFailed("working folder");
    extern char **environ;
    // A program is busy (ETXTBSY) while any process holds it open for writing: a copy the
    // grader has just written, whose descriptor a process another thread started at that
    // moment holds until its own exec. That lasts microseconds: try again for a while.
    for (int busy = 0; busy < 200; ++busy) {
        execve(run.program[0], run.untrusted ? words.data() : run.program,
               run.untrusted ? const_cast<char **>(run.environment.data()) : environ);
        if (errno != ETXTBSY) break;
        usleep(5000);
    }
    // Our own sandbox's program that cannot start is ours to fix, not the run's to be judged;
    // so is one we may not execute (EACCES: our temporary folder on a noexec file system).
    if (!run.namespaces.empty() || errno == EACCES) setupFailed("starting the program");
    return 127;
}
