// dotslab-repeatable-run.so — preloaded into every run of a student's program, so that a
// program that reads the clock or asks for randomness behaves the same on every run
// (repeatable_run.h says how it is loaded and what it does not cover):
//
//   clocks:   time, gettimeofday, clock_gettime, timespec_get and clock read one counter
//             that starts at kStartSeconds (2025-01-01 00:00 UTC) and moves on 1 µs per
//             call: time still passes (a loop that waits for a second ends), alike on
//             every run; clocks other than the calendar's count from 0;
//   random:   getrandom, getentropy, arc4random* and std::random_device (its _M_getval,
//             whatever source it chose) draw from one stream (splitmix64) from a fixed seed,
//             and the kernel's 16 random bytes (getauxval(AT_RANDOM)) are that seed's;
//   the rest:  processor time (times, getrusage) is the counter's too, the processor is
//             number 0 (sched_getcpu) and the only one (get_nprocs, sysconf, sched_getaffinity), the user and
//             group ids are 1000 (getuid, getresuid and their kin; as root, each run has a uid of its own),
//             and the process is 2, its parent 1, as the first program of a fresh pid namespace is (without
//             bubblewrap they are the host's: srand(time(0) ^ getpid()) is a student's seed too); the
//             machine's memory, load and uptime (sysinfo, sysconf's pages, getloadavg) are fixed;
//   processes: kill, sigqueue, tgkill and pidfd_open take the pids getpid and getppid
//             told (2 and 1) for the real ones;
//   temporary files: mkstemp and its kin, mkdtemp, tmpfile, mktemp, tmpnam and tempnam
//             name them from the random stream (tmpfile in the working folder, the one
//             a run may write);
//   devices:  /dev/urandom and /dev/random opened (open, openat, fopen, by any name: the
//             device opened is what counts) are /dev/zero, as bubblewrap binds them;
//   machine:  a file or folder of /proc, /sys and their kin (the kernel's view of the
//             machine: uptime, load, a fresh uuid per read, the program's start time) is
//             not there (ENOENT), judged by the file opened, whatever its name;
//   owners:   the run's own files (stat and its kin, statx) are owned by the user above,
//             and a file system's id (statfs, statvfs: f_fsid) is 0;
//   machine's name: uname and gethostname tell a typical machine's ("sandbox", Linux 6.1.0),
//             and the process limit (getrlimit, prlimit) reads as the run's own;
//   kernel:   getcpu is processor 0; the clock discipline (ntp_gettime, adjtimex,
//             clock_adjtime) reads the counter; a child's processor time as waiting tells
//             it (wait4, wait3, waitid) is the counter's; FIONREAD on a descriptor open for
//             writing (output the grader has not read yet) is 0, and a pipe's size is
//             not the program's to change (F_SETPIPE_SZ); select leaves its timeout as
//             it was (Linux writes back the real time not slept);
//   timers:   a run has none (setitimer, timer_create, timerfd_create fail; alarm and
//             ualarm set nothing): they fire after a time that moves from run to run;
//   syscall:  the C library's syscall() with one of the calls above goes to the function
//             that stands in for it, not to the kernel;
//   stack:    the stack protector's canary is fixed, main (through __libc_start_main)
//             starts on a stack whose dead part is zeros, and this library's symbol
//             lookups clear what they leave: an uninitialised variable reads the same
//             every run;
//   counter:  the processor's time-stamp counter (rdtsc, rdtscp, __builtin_ia32_rdtsc)
//             faults (prctl PR_SET_TSC), and the fault's handler answers from the
//             counter above, 1000 cycles a microsecond; any other fault is the program's
//             (sigaction and signal on SIGSEGV set what the handler calls for it). Where
//             the machine does not trap the counter (timeStampCounterTraps in
//             process_runner.h), a read is the machine's, and the report says so.
//
// C linkage, no C++ library, no sanitizer: it loads into any program, C or C++.
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/timex.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "repeatable_run.h"  // the library is built alone: its own folder

namespace {

constexpr int64_t kStartSeconds = dotslab::kRepeatableStartSeconds;
constexpr uint64_t kSeed = 0x646f74736c616221ull;

uint64_t ticks = 0;      // microseconds since kStartSeconds, one more per clock read
uint64_t drawn = kSeed;  // the random stream's state

// Returns the next microsecond of the counter.
uint64_t nextTick() { return __atomic_add_fetch(&ticks, 1, __ATOMIC_RELAXED); }

// Returns the next 64 bits of the random stream (splitmix64).
uint64_t nextRandom() {
    uint64_t z = __atomic_add_fetch(&drawn, 0x9e3779b97f4a7c15ull, __ATOMIC_RELAXED);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Fills buffer with length bytes of the random stream.
void fillRandom(void *buffer, size_t length) {
    unsigned char *bytes = static_cast<unsigned char *>(buffer);
    while (length > 0) {
        const uint64_t word = nextRandom();
        const size_t n = length < sizeof word ? length : sizeof word;
        memcpy(bytes, &word, n);
        bytes += n;
        length -= n;
    }
}

// Returns the counter's next reading as a timeval (from 0).
struct timeval elapsed() {
    const uint64_t t = nextTick();
    struct timeval now;
    now.tv_sec = static_cast<time_t>(t / 1000000);
    now.tv_usec = static_cast<suseconds_t>(t % 1000000);
    return now;
}

// Clears `bytes` of the dead stack below the caller's frame (one instruction that uses no
// stack itself): what calls that returned left there.
__attribute__((always_inline)) inline void clearStackBelow(size_t bytes) {
    void *destination;
    size_t words = bytes / sizeof(uintptr_t);
    __asm__ volatile(
        "lea -8(%%rsp), %0\n\t"
        "std\n\t"
        "rep stosq\n\t"
        "cld"
        : "=&D"(destination), "+c"(words)
        : "a"(0)
        : "memory", "cc");
    (void)destination;
}

// How much of the dead stack dlsym's calls may have used.
constexpr size_t kLookupStackBytes = 16 * 1024;

// Returns the C library's own definition of a function this library stands in for. The
// lookup's frames held values made with the C library's pointer guard, which the kernel's
// random bytes made: cleared, so that an uninitialised variable never reads them.
template <typename Function>
Function next(const char *name) {
    void *found = dlsym(RTLD_NEXT, name);
    clearStackBelow(kLookupStackBytes);
    return reinterpret_cast<Function>(found);
}

using Syscall = long (*)(long, ...);
Syscall librarySyscall = nullptr;  // the C library's syscall, looked up once as the program starts

// Returns what the kernel returns for system call number (the C library's syscall: this
// library's own stands in for it). Looked up once: the stand-ins make such calls on every
// open and stat, and a lookup costs a dlsym and the clearing of what it left on the stack.
template <typename... Arguments>
long rawSyscall(long number, Arguments... arguments) {
    const Syscall real = librarySyscall != nullptr ? librarySyscall : next<Syscall>("syscall");
    return real(number, arguments...);
}

// Returns what the C library's sigaction returns (this library's own stands in for it).
int realSigaction(int signal, const struct sigaction *action, struct sigaction *before) {
    using Sigaction = int (*)(int, const struct sigaction *, struct sigaction *);
    return next<Sigaction>("sigaction")(signal, action, before);
}

bool counterAnswered = false;     // the counter faults into answerCounterRead, which stays SIGSEGV's handler
bool counterProbed = false;       // startAlike's own read: answered without a tick
bool counterFaulted = false;      // that read faulted: the kernel does trap the counter here
struct sigaction programSegv;     // what the program set for SIGSEGV (zero: the default), called for its faults

// Ends the program as SIGSEGV's default action would: the faulting instruction runs again
// as the handler returns, and a signal that was sent (raise, kill: no fault to run again)
// is sent again.
void asIfUnhandled(const siginfo_t *info) {
    struct sigaction plain;
    memset(&plain, 0, sizeof plain);
    plain.sa_handler = SIG_DFL;
    realSigaction(SIGSEGV, &plain, nullptr);
    if (info->si_code <= 0) raise(SIGSEGV);
}

// The handler of the fault a time-stamp counter read makes (a general protection fault:
// SI_KERNEL): answers rdtsc (0f 31) and rdtscp (0f 01 f9, processor 0) from the counter and
// goes on after the instruction. Any other SIGSEGV is the program's: its own handler if it
// set one (through sigaction or signal, both this library's), else the default action.
void answerCounterRead(int signal, siginfo_t *info, void *context) {
    greg_t *registers = static_cast<ucontext_t *>(context)->uc_mcontext.gregs;
    if (info->si_code == SI_KERNEL) {
        const unsigned char *at = reinterpret_cast<const unsigned char *>(registers[REG_RIP]);
        const bool rdtsc = at[0] == 0x0f && at[1] == 0x31;
        const bool rdtscp = at[0] == 0x0f && at[1] == 0x01 && at[2] == 0xf9;
        if (rdtsc || rdtscp) {
            counterFaulted = true;
            const uint64_t cycles = counterProbed ? 0 : nextTick() * 1000;
            registers[REG_RAX] = static_cast<greg_t>(cycles & 0xffffffffu);
            registers[REG_RDX] = static_cast<greg_t>(cycles >> 32);
            if (rdtscp) registers[REG_RCX] = 0;
            registers[REG_RIP] += rdtsc ? 2 : 3;
            return;
        }
    }
    const struct sigaction program = programSegv;
    if (program.sa_flags & SA_RESETHAND) memset(&programSegv, 0, sizeof programSegv);
    if (program.sa_flags & SA_SIGINFO) {
        if (program.sa_sigaction != nullptr) return program.sa_sigaction(signal, info, context);
    } else if (program.sa_handler == SIG_IGN) {
        if (info->si_code <= 0) return;  // a sent one is ignored; a fault cannot be
    } else if (program.sa_handler != SIG_DFL) {
        return program.sa_handler(signal);
    }
    asIfUnhandled(info);
}

// The stack protector's canary every run: the C library made it from the kernel's random
// bytes before any library started, and every protected function leaves it in its frame,
// where an uninitialised variable of a later call may read it. glibc keeps the low byte 0
// (a string overrun stops there).
constexpr uintptr_t kStackGuard = 0x5f646f74736c6100ull;
// How far below main's caller the dead stack is cleared before main runs: deeper than the
// start-up code reaches (the dynamic linker, the C library's and the C++ library's start).
constexpr size_t kClearedStackBytes = 256 * 1024;

extern "C" void *__libc_stack_end;  // the dynamic linker's: the stack's top as the program began

// Makes the stack protector's canary kStackGuard: each copy of the old one in a frame live
// now (between this one and the stack's top) is made the new one, so that those frames
// still pass their checks as they return.
void sameStackGuard() {
    uintptr_t old;
    __asm__ volatile("mov %%fs:0x28, %0" : "=r"(old));
    if (old == kStackGuard) return;
    for (uintptr_t *word = static_cast<uintptr_t *>(__builtin_frame_address(0));
         static_cast<void *>(word) < __libc_stack_end; ++word)
        if (*word == old) *word = kStackGuard;
    __asm__ volatile("mov %0, %%fs:0x28" : : "r"(kStackGuard) : "memory");
}

// As the program starts: the C library's syscall looked up (rawSyscall), the kernel's 16
// random bytes for it (AT_RANDOM) the same every run (read now, never again by the C
// library), the stack protector's canary the same every run (sameStackGuard), and the
// time-stamp counter made to fault into answerCounterRead: on the program's alternate stack where it sets
// one, and never blocked (a counter read while SIGSEGV is blocked would end the program), not even while it
// runs, so that a handler of the program's may leave it by longjmp. The kernel's clock data pages beside the
// vDSO hold the real time, which a plain read of memory finds (no call to intercept). They are replaced by
// zeros, where the vDSO's clocks find no clock to read and ask the kernel instead (an empty page is "no clock
// mode"). Where they are comes from the grader (DOTSLAB_VVAR, removed here: the program
// never sees it).
void hideTheClockPages() {
    const char *where = getenv("DOTSLAB_VVAR");
    const unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
    long offset = 0;
    unsigned long bytes = 0;
    if (where != nullptr && vdso != 0 && sscanf(where, "%ld,%lu", &offset, &bytes) == 2 && bytes > 0 &&
        bytes <= (1ul << 20))
        mmap(reinterpret_cast<void *>(vdso + static_cast<unsigned long>(offset)), bytes, PROT_READ,
             MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsetenv("DOTSLAB_VVAR");
}

// The program's argv[0] is the name its assignment's text runs it by (DOTSLAB_ARGV0,
// removed here), not the sandbox's path: a C program's usage line prints argv[0]
// ("Usage: boxes height width ...", adversary round 23). The C library passes a
// constructor the very array main gets.
void nameTheProgram(int argc, char **argv) {
    char *name = getenv("DOTSLAB_ARGV0");  // its text stays where it is, on the stack
    if (name != nullptr && argc > 0 && argv != nullptr) {
        argv[0] = name;
        program_invocation_name = name;
        program_invocation_short_name = name;
    }
    unsetenv("DOTSLAB_ARGV0");
}

// The run's process limit, as the starter was asked to set it (DOTSLAB_PROCESSES, removed
// here): not the limit the kernel holds, which where the grader is not root adds the
// user's threads of the moment (adversary round 25: 78.5, 71.5 and 76 for one program).
rlim_t runProcesses = 0;

void readTheProcessLimit() {
    if (const char *processes = getenv("DOTSLAB_PROCESSES")) runProcesses = strtoul(processes, nullptr, 10);
    unsetenv("DOTSLAB_PROCESSES");
}

// What a program this one starts is run with too: this library preloaded, the clock's pages
// and the process limit as the grader gave them (read as the program starts, and removed from
// its environment). A program that started itself again with an empty environment read the
// machine's clock (adversary round 25 H13). Each "NAME=value", or "" where the grader gave none.
char keptPreload[512], keptClockPages[96], keptProcesses[64];
char *const keptVariables[] = {keptPreload, keptClockPages, keptProcesses};

// Keeps "name=value" of the environment in kept, where it fits.
void keepVariable(const char *name, char *kept, size_t room) {
    const char *value = getenv(name);
    const size_t nameBytes = strlen(name), valueBytes = value != nullptr ? strlen(value) : 0;
    if (value == nullptr || nameBytes + 1 + valueBytes >= room) return;
    memcpy(kept, name, nameBytes);
    kept[nameBytes] = '=';
    memcpy(kept + nameBytes + 1, value, valueBytes + 1);
}

// Returns true if variable ("NAME=value") is of the name of one of the kept variables.
bool namedAsKept(const char *variable) {
    for (const char *kept : keptVariables) {
        const char *equals = strchr(kept, '=');
        if (equals != nullptr && strncmp(variable, kept, static_cast<size_t>(equals - kept) + 1) == 0)
            return true;
    }
    return false;
}

// Returns environment with the kept variables in place of any of their names, malloc'd for
// the caller to free; nullptr where there is no memory (environment is then used as it is).
char **withRunVariables(char *const *environment) {
    size_t count = 0;
    while (environment != nullptr && environment[count] != nullptr) ++count;
    char **result = static_cast<char **>(malloc((count + 4) * sizeof(char *)));
    if (result == nullptr) return nullptr;
    size_t at = 0;
    for (char *kept : keptVariables)
        if (*kept != '\0') result[at++] = kept;
    for (size_t k = 0; k < count; ++k)
        if (!namedAsKept(environment[k])) result[at++] = environment[k];
    result[at] = nullptr;
    return result;
}

// Returns what exec (one of the C library's exec functions, or posix_spawn) returns, given
// environment with the run's variables; errno as exec left it.
template <typename Exec>
int execWithRunVariables(char *const *environment, Exec exec) {
    char **withThem = withRunVariables(environment);
    const int result = exec(withThem != nullptr ? withThem : const_cast<char **>(environment));
    const int error = errno;
    free(withThem);
    errno = error;
    return result;
}

// Returns the arguments of execl and its kin, first and those after it up to a null,
// malloc'd; where environment is given, the environment after that null (execle) goes there.
char **listedArguments(const char *first, va_list rest, char *const **environment) {
    size_t count = 0;
    if (first != nullptr) {
        va_list counted;
        va_copy(counted, rest);
        for (count = 1; va_arg(counted, char *) != nullptr;) ++count;
        va_end(counted);
    }
    char **argv = static_cast<char **>(malloc((count + 1) * sizeof(char *)));
    if (argv != nullptr) {
        argv[0] = const_cast<char *>(first);
        for (size_t k = 1; k <= count; ++k) argv[k] = va_arg(rest, char *);  // the last is the null
    }
    if (environment != nullptr) *environment = va_arg(rest, char *const *);
    return argv;
}

// Puts the kept variables in the program's environment (for system and popen, which start
// /bin/sh with it).
void keepRunVariablesInEnvironment() {
    for (char *kept : keptVariables)
        if (*kept != '\0') putenv(kept);
}

// Takes the grader's own variables out of the program's environment again (they are not
// the program's to read: hideTheClockPages, readTheProcessLimit).
void hideRunVariables() {
    unsetenv("DOTSLAB_VVAR");
    unsetenv("DOTSLAB_PROCESSES");
}

__attribute__((constructor)) void startAlike(int argc, char **argv, char **) {
    librarySyscall = next<Syscall>("syscall");
    keepVariable("LD_PRELOAD", keptPreload, sizeof keptPreload);
    keepVariable("DOTSLAB_VVAR", keptClockPages, sizeof keptClockPages);
    keepVariable("DOTSLAB_PROCESSES", keptProcesses, sizeof keptProcesses);
    nameTheProgram(argc, argv);
    readTheProcessLimit();
    hideTheClockPages();
    if (unsigned char *bytes = reinterpret_cast<unsigned char *>(getauxval(AT_RANDOM))) fillRandom(bytes, 16);
    sameStackGuard();
    struct sigaction handler;
    memset(&handler, 0, sizeof handler);
    handler.sa_sigaction = answerCounterRead;
    handler.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    counterAnswered =
        realSigaction(SIGSEGV, &handler, &programSegv) == 0 && prctl(PR_SET_TSC, PR_TSC_SIGSEGV) == 0;
    if (counterAnswered) {
        // Some hypervisors let rdtsc run though the kernel said yes (AMD under KVM): there the
        // counter is the machine's, and SIGSEGV stays the program's own.
        counterProbed = true;
        asm volatile("rdtsc" ::: "eax", "edx", "memory");
        counterProbed = false;
        counterAnswered = counterFaulted;
    }
    if (!counterAnswered) realSigaction(SIGSEGV, &programSegv, nullptr);
}

// Returns set without SIGSEGV, where the counter's faults are answered: the library's
// handler must never find it blocked.
sigset_t unblockable(const sigset_t *set) {
    sigset_t copy = *set;
    if (counterAnswered) sigdelset(&copy, SIGSEGV);
    return copy;
}

// Returns what the C library's mask function `name` (sigprocmask, pthread_sigmask)
// returns for the mask the program asks, SIGSEGV left out of it.
int maskedBy(const char *name, int how, const sigset_t *set, sigset_t *before) {
    const auto real = next<int (*)(int, const sigset_t *, sigset_t *)>(name);
    if (set == nullptr || how == SIG_UNBLOCK) return real(how, set, before);
    const sigset_t kept = unblockable(set);
    return real(how, &kept, before);
}

// Returns result, a call about a process, with a process the run may not signal made one it
// cannot see (EPERM becomes ESRCH); SIGXCPU stays refused (the filter's, run_filter.h).
int unseenIfForbidden(int result, int signal) {
    if (result < 0 && errno == EPERM && signal != SIGXCPU) errno = ESRCH;
    return result;
}

// Returns the pid the kernel knows for one the program was told (getpid 2, getppid 1).
pid_t realPid(pid_t pid) {
    if (pid == 2) return static_cast<pid_t>(rawSyscall(SYS_getpid));
    if (pid == 1) return static_cast<pid_t>(rawSyscall(SYS_getppid));
    return pid;
}

// Opens (or, for a folder, makes) a file named by name, whose six X's before its last
// suffixLength characters become letters from the random stream, until the name is new;
// returns the descriptor (0 for a folder), or -1 with errno (EINVAL: no XXXXXX there).
// As kName, it only names it (0 when the name is new).
enum class Temporary { kFile, kFolder, kName };
int makeTemporary(char *name, int suffixLength, int flags, Temporary what) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const size_t length = name == nullptr ? 0 : strlen(name);
    if (suffixLength < 0 || length < 6 + static_cast<size_t>(suffixLength) ||
        memcmp(name + length - suffixLength - 6, "XXXXXX", 6) != 0) {
        errno = EINVAL;
        return -1;
    }
    char *x = name + length - suffixLength - 6;
    for (int attempt = 0; attempt < 1000; ++attempt) {
        for (int k = 0; k < 6; ++k) x[k] = letters[nextRandom() % (sizeof letters - 1)];
        if (what == Temporary::kName) {  // a name only: one that is not there yet
            if (rawSyscall(SYS_faccessat, AT_FDCWD, name, F_OK) != 0 && errno == ENOENT) return 0;
            continue;
        }
        const long made = what == Temporary::kFolder ? rawSyscall(SYS_mkdirat, AT_FDCWD, name, 0700)
                                   : rawSyscall(SYS_openat, AT_FDCWD, name, O_RDWR | O_CREAT | O_EXCL | flags, 0600);
        if (made >= 0) return static_cast<int>(made);
        if (errno != EEXIST) return -1;
    }
    errno = EEXIST;
    return -1;
}

// Returns true for the clocks that tell the date (the others count from 0).
bool tellsTheDate(clockid_t clock) {
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_TAI ||
           clock == CLOCK_REALTIME_ALARM;
}

// Returns path, or /dev/zero for the random devices (their reads would differ run to run).
const char *withoutRandomDevice(const char *path) {
    if (path != nullptr && (strcmp(path, "/dev/urandom") == 0 || strcmp(path, "/dev/random") == 0))
        return "/dev/zero";
    return path;
}

// The user and group every run is (as root, each run has a uid of its own, handed out in
// turn: which run gets which hangs on the threads' timing).
constexpr unsigned kUser = 1000;

// What stat tells of where a file is, the same in every run: the device a file is on,
// its links and a folder's size tell how the machine stands (a sandbox's tmpfs takes the next
// free device number, as many as the machine's mounts; /proc's links count the machine's
// processes, a grading's folder's links its runs alive at that moment; a folder is 40 bytes
// on tmpfs and 4,096 on a disk): adversary round 25 H3, 60, 72.5 and 100 for one program. One
// device, one link (two for a folder: itself and its own "."), a folder 4,096 bytes.
constexpr unsigned kDeviceMinor = 1;  // device 0:1
constexpr unsigned kFolderBytes = 4096;

// Returns result, about's owner and group made kUser where they are the run's own, its
// times the clock's start (a file made in the run, its folder, its input's pipe, carries the
// real time to the nanosecond), and where it is the same everywhere (see kDeviceMinor).
template <typename Stat>
int ownedAlike(int result, Stat *about) {
    if (result != 0) return result;
    if (about->st_uid == static_cast<uid_t>(rawSyscall(SYS_getuid))) about->st_uid = kUser;
    if (about->st_gid == static_cast<gid_t>(rawSyscall(SYS_getgid))) about->st_gid = kUser;
    about->st_atim = about->st_mtim = about->st_ctim = timespec{kStartSeconds, 0};
    about->st_dev = makedev(0, kDeviceMinor);
    const bool folder = S_ISDIR(about->st_mode);
    about->st_nlink = folder ? 2 : 1;
    if (folder) about->st_size = kFolderBytes, about->st_blocks = kFolderBytes / 512;
    return result;
}

// Returns result, a file system's room made the same everywhere: 4,096 blocks of 4 KB and
// as many files, half of each free. The real figures move with what other runs write, and
// differ from machine to machine and between the sandbox's tmpfs and the grader's own
// disk (a program that printed its free blocks was graded 2048 in bubblewrap, 33026510
// without it).
template <typename Statfs>
int sameRoom(int result, Statfs *about) {
    if (result != 0) return result;
    about->f_bsize = about->f_frsize = 4096;
    about->f_blocks = about->f_files = 4096;
    about->f_bfree = about->f_bavail = about->f_ffree = 2048;
    return result;
}

// Returns true if fd is a file of the kernel's own file systems (/proc, /sys and their
// kin): the machine's state, which moves from run to run (uptime, load, a fresh uuid in
// /proc/sys/kernel/random/uuid, the program's own start time in /proc/self/stat). Judged
// by the file opened, not by its name: no spelling of the path gets round it, and a name
// that leads elsewhere (/dev/stdin, /proc/self/fd/0, /proc/self/exe) is what it leads to.
bool tellsTheMachine(int fd) {
    struct statfs where;
    if (fstatfs(fd, &where) != 0) return false;
    switch (where.f_type) {
    case PROC_SUPER_MAGIC: case SYSFS_MAGIC: case DEBUGFS_MAGIC: case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC: case CGROUP_SUPER_MAGIC: case CGROUP2_SUPER_MAGIC: case BPF_FS_MAGIC:
        return true;
    default:
        return false;
    }
}

// Returns true if fd is the kernel's random device (/dev/urandom or /dev/random, character
// devices 1:9 and 1:8), however it was named (/dev//urandom, a link to it).
bool isRandomDevice(int fd) {
    struct stat about;
    if (rawSyscall(SYS_fstat, fd, &about) != 0 || !S_ISCHR(about.st_mode)) return false;
    return major(about.st_rdev) == 1 && (minor(about.st_rdev) == 8 || minor(about.st_rdev) == 9);
}

// Returns what a run gets for fd, just opened with flags: -1 with errno ENOENT (as on a
// machine without them) for a file of the machine's state (tellsTheMachine), /dev/zero
// for a random device, else fd itself.
int openedAlike(int fd, int flags) {
    if (fd < 0) return fd;
    if (tellsTheMachine(fd)) {
        rawSyscall(SYS_close, fd);
        errno = ENOENT;
        return -1;
    }
    if (!isRandomDevice(fd)) return fd;
    rawSyscall(SYS_close, fd);
    return static_cast<int>(rawSyscall(SYS_openat, AT_FDCWD, "/dev/zero", flags & (O_ACCMODE | O_CLOEXEC | O_NONBLOCK)));
}

// Returns what a run gets for file, just opened with mode (see openedAlike).
FILE *openedAlike(FILE *file, const char *mode) {
    if (file == nullptr) return file;
    if (tellsTheMachine(fileno(file))) {
        fclose(file);
        errno = ENOENT;
        return nullptr;
    }
    if (!isRandomDevice(fileno(file))) return file;
    return next<FILE *(*)(const char *, const char *, FILE *)>("freopen")("/dev/zero", mode, file);
}

// Returns what openat returns for path (the random devices as /dev/zero), the mode read
// from arguments where flags create a file.
int openedAt(int folder, const char *path, int flags, va_list arguments) {
    const mode_t mode = (flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE
                            ? static_cast<mode_t>(va_arg(arguments, int))
                            : 0;
    return openedAlike(static_cast<int>(rawSyscall(SYS_openat, folder, withoutRandomDevice(path), flags, mode)),
                       flags);
}

using Main = int (*)(int, char **, char **);
Main programMain = nullptr;  // the program's own main, which mainOnClearedStack calls

// The program's main, called on a stack whose dead part below is all zeros: what start-up
// left there (values made with the pointer guard the C library made from the kernel's random
// bytes, among others) differs from run to run, and an uninitialised variable reads it.
int mainOnClearedStack(int argc, char **argv, char **environment) {
    clearStackBelow(kClearedStackBytes);
    return programMain(argc, argv, environment);
}

}  // namespace

extern "C" {

// The C library's start of the program, which calls main: here it calls it through
// mainOnClearedStack.
int __libc_start_main(Main main, int argc, char **argv, void (*init)(), void (*fini)(), void (*linkerFini)(),
                      void *stackEnd) {
    using Start = int (*)(Main, int, char **, void (*)(), void (*)(), void (*)(), void *);
    programMain = main;
    return next<Start>("__libc_start_main")(mainOnClearedStack, argc, argv, init, fini, linkerFini, stackEnd);
}

// A program the run starts (execve and its kin, posix_spawn, system, popen) runs with this
// library and the run's settings, whatever environment it is given (withRunVariables).
int execve(const char *path, char *const argv[], char *const envp[]) noexcept {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return next<int (*)(const char *, char *const *, char *const *)>("execve")(path, argv, environment);
    });
}
int execv(const char *path, char *const argv[]) noexcept { return execve(path, argv, environ); }
int execvpe(const char *file, char *const argv[], char *const envp[]) noexcept {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return next<int (*)(const char *, char *const *, char *const *)>("execvpe")(file, argv, environment);
    });
}
int execvp(const char *file, char *const argv[]) noexcept { return execvpe(file, argv, environ); }
int fexecve(int fd, char *const argv[], char *const envp[]) noexcept {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return next<int (*)(int, char *const *, char *const *)>("fexecve")(fd, argv, environment);
    });
}
#if __GLIBC_PREREQ(2, 34)
int execveat(int folder, const char *path, char *const argv[], char *const envp[], int flags) noexcept {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return static_cast<int>(rawSyscall(SYS_execveat, folder, path, argv, environment, flags));
    });
}
#endif
int execl(const char *path, const char *first, ...) noexcept {
    va_list rest;
    va_start(rest, first);
    char **argv = listedArguments(first, rest, nullptr);
    va_end(rest);
    if (argv == nullptr) return errno = ENOMEM, -1;
    const int result = execve(path, argv, environ);
    free(argv);
    return result;
}
int execle(const char *path, const char *first, ...) noexcept {
    va_list rest;
    va_start(rest, first);
    char *const *environment = nullptr;
    char **argv = listedArguments(first, rest, &environment);
    va_end(rest);
    if (argv == nullptr) return errno = ENOMEM, -1;
    const int result = execve(path, argv, environment);
    free(argv);
    return result;
}
int execlp(const char *file, const char *first, ...) noexcept {
    va_list rest;
    va_start(rest, first);
    char **argv = listedArguments(first, rest, nullptr);
    va_end(rest);
    if (argv == nullptr) return errno = ENOMEM, -1;
    const int result = execvpe(file, argv, environ);
    free(argv);
    return result;
}
using Spawn = int (*)(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
                      char *const *, char *const *);
int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *actions,
                const posix_spawnattr_t *attributes, char *const argv[], char *const envp[]) {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return next<Spawn>("posix_spawn")(pid, path, actions, attributes, argv, environment);
    });
}
int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *actions,
                 const posix_spawnattr_t *attributes, char *const argv[], char *const envp[]) {
    return execWithRunVariables(envp, [&](char *const *environment) {
        return next<Spawn>("posix_spawnp")(pid, file, actions, attributes, argv, environment);
    });
}
int system(const char *command) {
    keepRunVariablesInEnvironment();
    const int result = next<int (*)(const char *)>("system")(command);
    hideRunVariables();
    return result;
}
FILE *popen(const char *command, const char *mode) {
    keepRunVariablesInEnvironment();
    FILE *result = next<FILE *(*)(const char *, const char *)>("popen")(command, mode);
    hideRunVariables();
    return result;
}

int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    const int fd = openedAt(AT_FDCWD, path, flags, arguments);
    va_end(arguments);
    return fd;
}
int open64(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    const int fd = openedAt(AT_FDCWD, path, flags, arguments);
    va_end(arguments);
    return fd;
}
int openat(int folder, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    const int fd = openedAt(folder, path, flags, arguments);
    va_end(arguments);
    return fd;
}
int openat64(int folder, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    const int fd = openedAt(folder, path, flags, arguments);
    va_end(arguments);
    return fd;
}

// (Looked up at each call: a function's static would need the C++ library's guards.)
FILE *fopen(const char *path, const char *mode) {
    return openedAlike(next<FILE *(*)(const char *, const char *)>("fopen")(withoutRandomDevice(path), mode), mode);
}
FILE *fopen64(const char *path, const char *mode) {
    return openedAlike(next<FILE *(*)(const char *, const char *)>("fopen64")(withoutRandomDevice(path), mode), mode);
}
FILE *freopen(const char *path, const char *mode, FILE *stream) {
    using Freopen = FILE *(*)(const char *, const char *, FILE *);
    return openedAlike(next<Freopen>("freopen")(withoutRandomDevice(path), mode, stream), mode);
}
FILE *freopen64(const char *path, const char *mode, FILE *stream) {
    using Freopen = FILE *(*)(const char *, const char *, FILE *);
    return openedAlike(next<Freopen>("freopen64")(withoutRandomDevice(path), mode, stream), mode);
}
// A folder of the machine's state (/proc's list of processes, whose numbers move) is
// refused as its files are.
DIR *opendir(const char *path) {
    DIR *folder = next<DIR *(*)(const char *)>("opendir")(path);
    if (folder == nullptr || !tellsTheMachine(dirfd(folder))) return folder;
    closedir(folder);
    errno = ENOENT;
    return nullptr;
}
// What _FORTIFY_SOURCE makes of open and openat without a mode.
int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open(path, flags); }
int __openat_2(int folder, const char *path, int flags) { return openat(folder, path, flags); }
int __openat64_2(int folder, const char *path, int flags) { return openat(folder, path, flags); }
int creat(const char *path, mode_t mode) { return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode); }
int creat64(const char *path, mode_t mode) { return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode); }

int clock_gettime(clockid_t clock, struct timespec *now) noexcept {
    const uint64_t t = nextTick();
    now->tv_sec = static_cast<time_t>(t / 1000000 + (tellsTheDate(clock) ? kStartSeconds : 0));
    now->tv_nsec = static_cast<long>(t % 1000000 * 1000);
    return 0;
}

time_t time(time_t *now) noexcept {
    const time_t seconds = static_cast<time_t>(kStartSeconds + nextTick() / 1000000);
    if (now != nullptr) *now = seconds;
    return seconds;
}

int gettimeofday(struct timeval *now, void *zone) noexcept {
    const uint64_t t = nextTick();
    now->tv_sec = static_cast<time_t>(kStartSeconds + t / 1000000);
    now->tv_usec = static_cast<suseconds_t>(t % 1000000);
    if (zone != nullptr) memset(zone, 0, 2 * sizeof(int));  // struct timezone: UTC
    return 0;
}

int timespec_get(struct timespec *now, int base) noexcept {
    if (base != TIME_UTC) return 0;
    clock_gettime(CLOCK_REALTIME, now);
    return base;
}

clock_t clock() noexcept { return static_cast<clock_t>(nextTick()); }  // CLOCKS_PER_SEC is 1000000

clock_t times(struct tms *spent) noexcept {
    const clock_t ticks = static_cast<clock_t>(nextTick() / 10000);  // sysconf(_SC_CLK_TCK): 100
    if (spent != nullptr) *spent = {ticks, 0, 0, 0};
    return ticks;
}

int getrusage(int, struct rusage *usage) noexcept {
    memset(usage, 0, sizeof *usage);
    usage->ru_utime = elapsed();
    return 0;
}

int sched_getcpu() noexcept { return 0; }

// One processor, the one sched_getcpu names, however many the machine has or the grader
// may use: without bubblewrap they showed through (std::thread::hardware_concurrency,
// get_nprocs), and a program that branched on the count was graded by the machine (95.5
// under `taskset -c 0`, 100 in bubblewrap, where the count was 1: round 21).
int get_nprocs() noexcept { return 1; }
int get_nprocs_conf() noexcept { return 1; }

// Returns the kernel's answer to sched_getaffinity (the mask's bytes, or -1 with errno),
// the mask written as processor 0 alone.
long oneProcessorAffinity(pid_t pid, size_t size, void *mask) {
    const long written = rawSyscall(SYS_sched_getaffinity, realPid(pid), size, mask);
    if (written < 0) return written;
    memset(mask, 0, size);
    static_cast<unsigned char *>(mask)[0] = 1;
    return written;
}
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *mask) noexcept {
    return oneProcessorAffinity(pid, size, mask) < 0 ? -1 : 0;
}
int pthread_getaffinity_np(pthread_t, size_t size, cpu_set_t *mask) noexcept {
    const int saved = errno;
    const long written = oneProcessorAffinity(0, size, mask);
    const int error = written < 0 ? errno : 0;
    errno = saved;
    return error;
}
int getcpu(unsigned int *cpu, unsigned int *node) noexcept {
    if (cpu != nullptr) *cpu = 0;
    if (node != nullptr) *node = 0;
    return 0;
}

// The kernel's clock discipline (ntp_gettime, adjtimex) tells the real time: it reads the
// counter instead, and the clock is in step (TIME_OK). Setting it is refused, as it would be.
int ntp_gettimex(struct ntptimeval *now) noexcept {
    memset(now, 0, sizeof *now);
    struct timespec date;
    clock_gettime(CLOCK_REALTIME, &date);
    now->time.tv_sec = date.tv_sec;
    now->time.tv_usec = date.tv_nsec / 1000;
    return TIME_OK;
}
int clock_adjtime(clockid_t clock, struct timex *about) noexcept {
    if (about->modes != 0) {
        errno = EPERM;
        return -1;
    }
    memset(about, 0, sizeof *about);
    struct timespec date;
    clock_gettime(clock, &date);
    about->time.tv_sec = date.tv_sec;
    about->time.tv_usec = date.tv_nsec / 1000;
    return TIME_OK;
}
int adjtimex(struct timex *about) noexcept { return clock_adjtime(CLOCK_REALTIME, about); }
int ntp_adjtime(struct timex *about) noexcept { return clock_adjtime(CLOCK_REALTIME, about); }

// A child's processor time, as waiting for it tells (wait4, wait3, waitid), is the
// counter's too.
pid_t wait4(pid_t pid, int *status, int options, struct rusage *usage) noexcept {
    const pid_t waited = static_cast<pid_t>(rawSyscall(SYS_wait4, pid, status, options, usage));
    if (waited > 0 && usage != nullptr) getrusage(RUSAGE_CHILDREN, usage);
    return waited;
}
pid_t wait3(int *status, int options, struct rusage *usage) noexcept { return wait4(-1, status, options, usage); }
int waitid(idtype_t type, id_t id, siginfo_t *info, int options) {  // glibc declares it without noexcept
    const int result = static_cast<int>(rawSyscall(SYS_waitid, type, id, info, options, nullptr));
    if (result == 0 && info != nullptr) info->si_utime = info->si_stime = 0;
    return result;
}

// A pipe's size is not the program's to change (F_SETPIPE_SZ is refused, EPERM): the pipes
// to the grader are as large as the output limit, so that whether one has room (poll,
// select) never hangs on when the grader last read it. Every other command is the kernel's.
int fcntl(int fd, int command, ...) {  // glibc declares it without noexcept
    va_list list;
    va_start(list, command);
    void *argument = va_arg(list, void *);
    va_end(list);
    if (command == F_SETPIPE_SZ) {
        errno = EPERM;
        return -1;
    }
    // Record locks, like flock's: taken at once, none ever found taken.
    if (command == F_SETLK || command == F_SETLKW || command == F_OFD_SETLK || command == F_OFD_SETLKW)
        return 0;
    if (command == F_GETLK || command == F_OFD_GETLK) {
        if (argument != nullptr) static_cast<struct flock *>(argument)->l_type = F_UNLCK;
        return 0;
    }
    return static_cast<int>(rawSyscall(SYS_fcntl, fd, command, argument));
}
int fcntl64(int fd, int command, ...) {
    va_list list;
    va_start(list, command);
    void *argument = va_arg(list, void *);
    va_end(list);
    return fcntl(fd, command, argument);
}

// select() leaves its timeout as it was (Linux writes the time not slept back into it, by
// the real clock; POSIX lets it do either).
int select(int count, fd_set *reading, fd_set *writing, fd_set *failing, struct timeval *timeout) {
    struct timeval copy;
    if (timeout != nullptr) copy = *timeout;
    return static_cast<int>(
        rawSyscall(SYS_select, count, reading, writing, failing, timeout != nullptr ? &copy : nullptr));
}

// How much of the program's output waits in the pipe to the grader (FIONREAD on a
// descriptor open for writing) hangs on when the grader last read it: none, always.
int ioctl(int fd, unsigned long request, ...) noexcept {
    va_list list;
    va_start(list, request);
    void *argument = va_arg(list, void *);
    va_end(list);
    if (request == FIONREAD && (rawSyscall(SYS_fcntl, fd, F_GETFL) & O_ACCMODE) == O_WRONLY) {
        *static_cast<int *>(argument) = 0;
        return 0;
    }
    return static_cast<int>(rawSyscall(SYS_ioctl, fd, request, argument));
}

// The machine's memory, load and uptime: those of an idle machine of 4 GB, up for a day
// (sysinfo's free memory moves from run to run, and a program can make its output of it).
int sysinfo(struct sysinfo *info) noexcept {
    if (info == nullptr) {
        errno = EFAULT;
        return -1;
    }
    memset(info, 0, sizeof *info);
    info->uptime = 86400;
    info->totalram = 4ul << 30;
    info->freeram = 2ul << 30;
    info->procs = 1;
    info->mem_unit = 1;
    return 0;
}
long get_phys_pages() noexcept { return (4l << 30) / 4096; }
long get_avphys_pages() noexcept { return (2l << 30) / 4096; }
int getloadavg(double loads[], int count) noexcept {
    for (int k = 0; k < count && k < 3; ++k) loads[k] = 0;
    return count < 3 ? count : 3;
}
long sysconf(int name) noexcept {
    if (name == _SC_PHYS_PAGES) return get_phys_pages();
    if (name == _SC_AVPHYS_PAGES) return get_avphys_pages();
    if (name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF) return get_nprocs();
    return next<long (*)(int)>("sysconf")(name);
}

pid_t getpid() noexcept { return 2; }
pid_t getppid() noexcept { return 1; }

// The calls that name a process by its pid take the ones getpid and getppid told. A process
// the run may not signal is one it cannot see (ESRCH, as in a pid namespace of its own):
// without bubblewrap, kill(pid, 0) over every pid counted the machine's processes.
int kill(pid_t pid, int signal) noexcept {
    return unseenIfForbidden(static_cast<int>(rawSyscall(SYS_kill, realPid(pid), signal)), signal);
}
int sigqueue(pid_t pid, int signal, const union sigval value) noexcept {
    return unseenIfForbidden(
        next<int (*)(pid_t, int, const union sigval)>("sigqueue")(realPid(pid), signal, value), signal);
}
int tgkill(pid_t group, pid_t thread, int signal) {
    return unseenIfForbidden(static_cast<int>(rawSyscall(SYS_tgkill, realPid(group), thread, signal)),
                             signal);
}
int pidfd_open(pid_t pid, unsigned int flags) noexcept {
    return unseenIfForbidden(static_cast<int>(rawSyscall(SYS_pidfd_open, realPid(pid), flags)), 0);
}

// A run's priority is the one a typical machine gives: 0 (the grader's shell may be nice'd).
// The run's own pid as getpid told it is the run itself (who 0): the filter refuses any other.
int getpriority(__priority_which_t which, id_t who) noexcept {
    const bool itself = which == PRIO_PROCESS && (who == 0 || static_cast<pid_t>(who) == 2);
    const int real = static_cast<int>(rawSyscall(SYS_getpriority, which, itself ? 0 : who));
    if (real < 0) return -1;
    errno = 0;
    return itself ? 0 : 20 - real;
}
int nice(int increment) noexcept {
    errno = 0;
    return increment < -20 ? -20 : increment > 19 ? 19 : increment;
}

// The machine's name and kernel are a typical machine's, alike everywhere (the host's name
// and release reached every run, and a container's name is new for each grading: adversary
// round 25).
int uname(struct utsname *name) noexcept {
    if (name == nullptr) {
        errno = EFAULT;
        return -1;
    }
    memset(name, 0, sizeof *name);
    strcpy(name->sysname, "Linux");
    strcpy(name->nodename, "sandbox");
    strcpy(name->release, "6.1.0");
    strcpy(name->version, "#1 SMP PREEMPT_DYNAMIC");
    strcpy(name->machine, "x86_64");
    strcpy(name->domainname, "(none)");
    return 0;
}
int gethostname(char *name, size_t length) noexcept {
    static const char kName[] = "sandbox";
    if (length < sizeof kName) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(name, kName, sizeof kName);
    return 0;
}

// The process limit reads as the run's (see runProcesses), soft and hard.
int prlimit(pid_t pid, enum __rlimit_resource resource, const struct rlimit *set,
            struct rlimit *old) noexcept {
    const int done = static_cast<int>(rawSyscall(SYS_prlimit64, pid, resource, set, old));
    if (done == 0 && old != nullptr && resource == RLIMIT_NPROC && runProcesses != 0 &&
        (pid == 0 || pid == 2))
        old->rlim_cur = old->rlim_max = runProcesses;
    return done;
}
int getrlimit(__rlimit_resource_t resource, struct rlimit *limit) noexcept {
    return prlimit(0, static_cast<enum __rlimit_resource>(resource), nullptr, limit);
}

// File locks are the run's alone (one process, nothing to share them with): a lock on a
// file every run can open (a system file) would tell whether another run holds it. Taking
// one always works, and none is ever found taken.
int flock(int, int) noexcept { return 0; }
int lockf(int, int, off_t) { return 0; }
int lockf64(int, int, off_t) { return 0; }

// The credentials of a socket's peer (SO_PEERCRED) as getpid and getuid tell them.
int getsockopt(int fd, int level, int name, void *value, socklen_t *length) noexcept {
    const int result = static_cast<int>(rawSyscall(SYS_getsockopt, fd, level, name, value, length));
    if (result == 0 && level == SOL_SOCKET && name == SO_PEERCRED && value != nullptr && length != nullptr &&
        *length >= sizeof(struct ucred)) {
        struct ucred *peer = static_cast<struct ucred *>(value);
        if (peer->pid == static_cast<pid_t>(rawSyscall(SYS_getpid))) peer->pid = 2;
        if (peer->uid == static_cast<uid_t>(rawSyscall(SYS_getuid))) peer->uid = kUser;
        if (peer->gid == static_cast<gid_t>(rawSyscall(SYS_getgid))) peer->gid = kUser;
    }
    return result;
}

// The masks a program sets leave SIGSEGV out (for what it says the mask was, too).
int sigprocmask(int how, const sigset_t *set, sigset_t *before) noexcept {
    return maskedBy("sigprocmask", how, set, before);
}
int pthread_sigmask(int how, const sigset_t *set, sigset_t *before) noexcept {
    return maskedBy("pthread_sigmask", how, set, before);
}

// SIGSEGV's disposition as the program sees it: the library's handler stays, and calls
// what the program set for every fault that is not a counter read. Other signals' handlers
// run with SIGSEGV unblocked.
int sigaction(int signal, const struct sigaction *action, struct sigaction *before) noexcept {
    if (signal != SIGSEGV && action != nullptr && counterAnswered) {
        struct sigaction kept = *action;
        kept.sa_mask = unblockable(&action->sa_mask);
        return realSigaction(signal, &kept, before);
    }
    if (signal != SIGSEGV || !counterAnswered) return realSigaction(signal, action, before);
    if (before != nullptr) *before = programSegv;
    if (action != nullptr) programSegv = *action;
    return 0;
}
sighandler_t signal(int signal, sighandler_t handler) noexcept {
    if (signal != SIGSEGV || !counterAnswered) return next<sighandler_t (*)(int, sighandler_t)>("signal")(signal, handler);
    const sighandler_t before = programSegv.sa_handler;  // one field with sa_sigaction (a union)
    memset(&programSegv, 0, sizeof programSegv);
    programSegv.sa_handler = handler;
    programSegv.sa_flags = SA_RESTART;
    return before;
}
sighandler_t bsd_signal(int number, sighandler_t handler) noexcept { return signal(number, handler); }

// Temporary files named from the random stream (the C library's names come from the real
// clock and the kernel's random numbers); tmpfile's in the working folder, the only one a
// run may write, removed at once.
int mkstemp(char *name) { return makeTemporary(name, 0, 0, Temporary::kFile); }
int mkstemp64(char *name) { return makeTemporary(name, 0, 0, Temporary::kFile); }
int mkostemp(char *name, int flags) { return makeTemporary(name, 0, flags, Temporary::kFile); }
int mkostemp64(char *name, int flags) { return makeTemporary(name, 0, flags, Temporary::kFile); }
int mkstemps(char *name, int suffixLength) { return makeTemporary(name, suffixLength, 0, Temporary::kFile); }
int mkstemps64(char *name, int suffixLength) { return makeTemporary(name, suffixLength, 0, Temporary::kFile); }
int mkostemps(char *name, int suffixLength, int flags) { return makeTemporary(name, suffixLength, flags, Temporary::kFile); }
int mkostemps64(char *name, int suffixLength, int flags) {
    return makeTemporary(name, suffixLength, flags, Temporary::kFile);
}
char *mkdtemp(char *name) noexcept { return makeTemporary(name, 0, 0, Temporary::kFolder) == 0 ? name : nullptr; }
char *mktemp(char *name) noexcept {
    if (makeTemporary(name, 0, 0, Temporary::kName) != 0) name[0] = '\0';
    return name;
}
char *tmpnam(char *buffer) noexcept {
    static char own[L_tmpnam];
    char *name = buffer != nullptr ? buffer : own;
    strcpy(name, "/tmp/fileXXXXXX");
    return makeTemporary(name, 0, 0, Temporary::kName) == 0 ? name : nullptr;
}
char *tmpnam_r(char *buffer) noexcept { return buffer != nullptr ? tmpnam(buffer) : nullptr; }
char *tempnam(const char *folder, const char *prefix) noexcept {
    const char *in = folder != nullptr && rawSyscall(SYS_faccessat, AT_FDCWD, folder, W_OK) == 0 ? folder : "/tmp";
    const size_t prefixLength = prefix != nullptr ? strnlen(prefix, 5) : 4;
    char *name = static_cast<char *>(malloc(strlen(in) + 1 + prefixLength + 7));
    if (name == nullptr) return nullptr;
    strcpy(name, in);
    strcat(name, "/");
    strncat(name, prefix != nullptr ? prefix : "file", prefixLength);
    strcat(name, "XXXXXX");
    if (makeTemporary(name, 0, 0, Temporary::kName) == 0) return name;
    free(name);
    return nullptr;
}
FILE *tmpfile() {
    char name[] = "./.tmpfileXXXXXX";
    const int fd = makeTemporary(name, 0, 0, Temporary::kFile);
    if (fd < 0) return nullptr;
    rawSyscall(SYS_unlinkat, AT_FDCWD, name, 0);
    FILE *file = fdopen(fd, "w+");
    if (file == nullptr) rawSyscall(SYS_close, fd);
    return file;
}
FILE *tmpfile64() { return tmpfile(); }

uid_t getuid() noexcept { return kUser; }
uid_t geteuid() noexcept { return kUser; }
gid_t getgid() noexcept { return kUser; }
gid_t getegid() noexcept { return kUser; }
int getresuid(uid_t *real, uid_t *effective, uid_t *saved) noexcept {
    *real = *effective = *saved = kUser;
    return 0;
}
int getresgid(gid_t *real, gid_t *effective, gid_t *saved) noexcept {
    *real = *effective = *saved = kUser;
    return 0;
}

// The owner of a file the run made (its working folder, its files) is the user above too.
// Through the kernel's own call (x86-64's struct stat is the kernel's): no C library symbol
// that an older library lacks.
int fstatat(int folder, const char *path, struct stat *about, int flags) noexcept {
    return ownedAlike(static_cast<int>(rawSyscall(SYS_newfstatat, folder, path, about, flags)), about);
}
int fstatat64(int folder, const char *path, struct stat64 *about, int flags) noexcept {
    return ownedAlike(static_cast<int>(rawSyscall(SYS_newfstatat, folder, path, about, flags)), about);
}
int stat(const char *path, struct stat *about) noexcept { return fstatat(AT_FDCWD, path, about, 0); }
int stat64(const char *path, struct stat64 *about) noexcept { return fstatat64(AT_FDCWD, path, about, 0); }
int lstat(const char *path, struct stat *about) noexcept {
    return fstatat(AT_FDCWD, path, about, AT_SYMLINK_NOFOLLOW);
}
int lstat64(const char *path, struct stat64 *about) noexcept {
    return fstatat64(AT_FDCWD, path, about, AT_SYMLINK_NOFOLLOW);
}
int fstat(int fd, struct stat *about) noexcept { return fstatat(fd, "", about, AT_EMPTY_PATH); }
int fstat64(int fd, struct stat64 *about) noexcept { return fstatat64(fd, "", about, AT_EMPTY_PATH); }
int statx(int folder, const char *path, int flags, unsigned int mask, struct statx *about) noexcept {
    const int result = static_cast<int>(rawSyscall(SYS_statx, folder, path, flags, mask, about));
    if (result == 0) {
        if (about->stx_uid == static_cast<uint32_t>(rawSyscall(SYS_getuid))) about->stx_uid = kUser;
        if (about->stx_gid == static_cast<uint32_t>(rawSyscall(SYS_getgid))) about->stx_gid = kUser;
        about->stx_atime = about->stx_btime = about->stx_ctime = about->stx_mtime =
            statx_timestamp{kStartSeconds, 0, 0};
        about->stx_dev_major = 0;
        about->stx_dev_minor = kDeviceMinor;
        about->stx_mnt_id = 1;  // counts the machine's mounts
        const bool folder = S_ISDIR(about->stx_mode);
        about->stx_nlink = folder ? 2 : 1;
        if (folder) about->stx_size = kFolderBytes, about->stx_blocks = kFolderBytes / 512;
    }
    return result;
}

// A file system's id (statfs, statvfs: f_fsid) is a new one for each tmpfs the sandbox
// mounts: 0, as for most file systems. Its room is the same everywhere (sameRoom).
int statfs(const char *path, struct statfs *about) noexcept {
    const int result = sameRoom(static_cast<int>(rawSyscall(SYS_statfs, path, about)), about);
    if (result == 0) memset(&about->f_fsid, 0, sizeof about->f_fsid);
    return result;
}
int fstatfs(int fd, struct statfs *about) noexcept {
    const int result = sameRoom(static_cast<int>(rawSyscall(SYS_fstatfs, fd, about)), about);
    if (result == 0) memset(&about->f_fsid, 0, sizeof about->f_fsid);
    return result;
}
int statfs64(const char *path, struct statfs64 *about) noexcept {
    return statfs(path, reinterpret_cast<struct statfs *>(about));
}
int fstatfs64(int fd, struct statfs64 *about) noexcept { return fstatfs(fd, reinterpret_cast<struct statfs *>(about)); }
int statvfs(const char *path, struct statvfs *about) noexcept {
    const int result = sameRoom(next<int (*)(const char *, struct statvfs *)>("statvfs")(path, about), about);
    if (result == 0) about->f_fsid = 0, about->f_favail = about->f_ffree;
    return result;
}
int fstatvfs(int fd, struct statvfs *about) noexcept {
    const int result = sameRoom(next<int (*)(int, struct statvfs *)>("fstatvfs")(fd, about), about);
    if (result == 0) about->f_fsid = 0, about->f_favail = about->f_ffree;
    return result;
}
int statvfs64(const char *path, struct statvfs64 *about) noexcept {
    return statvfs(path, reinterpret_cast<struct statvfs *>(about));
}
int fstatvfs64(int fd, struct statvfs64 *about) noexcept {
    return fstatvfs(fd, reinterpret_cast<struct statvfs *>(about));
}

// Timers send their signal after an amount of time, real or the processor's, that moves
// from run to run (a loop that counts until its timer fires counts differently): a run has
// none. setitimer, timer_create and timerfd_create fail (ENOSYS); alarm and ualarm set
// nothing.
int setitimer(int, const struct itimerval *, struct itimerval *before) noexcept {
    if (before != nullptr) memset(before, 0, sizeof *before);
    errno = ENOSYS;
    return -1;
}
int timer_create(clockid_t, struct sigevent *, timer_t *) noexcept {
    errno = ENOSYS;
    return -1;
}
int timerfd_create(int, int) noexcept {
    errno = ENOSYS;
    return -1;
}
unsigned int alarm(unsigned int) noexcept { return 0; }
useconds_t ualarm(useconds_t, useconds_t) noexcept { return 0; }

ssize_t getrandom(void *buffer, size_t length, unsigned int) noexcept {
    fillRandom(buffer, length);
    return static_cast<ssize_t>(length);
}

int getentropy(void *buffer, size_t length) {  // glibc declares it without noexcept
    fillRandom(buffer, length);
    return 0;
}

uint32_t arc4random() noexcept { return static_cast<uint32_t>(nextRandom()); }

void arc4random_buf(void *buffer, size_t length) noexcept { fillRandom(buffer, length); }

uint32_t arc4random_uniform(uint32_t bound) noexcept {
    return bound == 0 ? 0 : static_cast<uint32_t>(nextRandom() % bound);
}

// std::random_device::_M_getval() and _M_getval_pretr1(): every std::random_device draws
// through one of them, whether it reads rdrand, getentropy or /dev/urandom.
unsigned int _ZNSt13random_device9_M_getvalEv(void *) { return static_cast<unsigned int>(nextRandom()); }
unsigned int _ZNSt13random_device16_M_getval_pretr1Ev(void *) {
    return static_cast<unsigned int>(nextRandom());
}

// The C library's syscall(): the calls this library stands in for go to it, as their
// functions would (syscall(SYS_getrandom, ...) draws from the stream, syscall(SYS_open...)
// is refused the machine's state); every other call is the kernel's.
long syscall(long number, ...) noexcept {
    va_list list;
    va_start(list, number);
    long a[6];
    for (long &argument : a) argument = va_arg(list, long);
    va_end(list);
    auto pointer = [](long value) { return reinterpret_cast<void *>(value); };
    switch (number) {
    case SYS_clock_gettime:
        return clock_gettime(static_cast<clockid_t>(a[0]), static_cast<struct timespec *>(pointer(a[1])));
    case SYS_gettimeofday:
        return gettimeofday(static_cast<struct timeval *>(pointer(a[0])), pointer(a[1]));
    case SYS_time:
        return time(static_cast<time_t *>(pointer(a[0])));
    case SYS_times:
        return times(static_cast<struct tms *>(pointer(a[0])));
    case SYS_getrusage:
        return getrusage(static_cast<int>(a[0]), static_cast<struct rusage *>(pointer(a[1])));
    case SYS_getrandom:
        return getrandom(pointer(a[0]), static_cast<size_t>(a[1]), static_cast<unsigned int>(a[2]));
    case SYS_sysinfo:
        return sysinfo(static_cast<struct sysinfo *>(pointer(a[0])));
    case SYS_getpid:
        return getpid();
    case SYS_getppid:
        return getppid();
    case SYS_getuid:
        return getuid();
    case SYS_geteuid:
        return geteuid();
    case SYS_getgid:
        return getgid();
    case SYS_getegid:
        return getegid();
    case SYS_getresuid:
        return getresuid(static_cast<uid_t *>(pointer(a[0])), static_cast<uid_t *>(pointer(a[1])),
                         static_cast<uid_t *>(pointer(a[2])));
    case SYS_getresgid:
        return getresgid(static_cast<gid_t *>(pointer(a[0])), static_cast<gid_t *>(pointer(a[1])),
                         static_cast<gid_t *>(pointer(a[2])));
    case SYS_stat:
        return stat(static_cast<const char *>(pointer(a[0])), static_cast<struct stat *>(pointer(a[1])));
    case SYS_lstat:
        return lstat(static_cast<const char *>(pointer(a[0])), static_cast<struct stat *>(pointer(a[1])));
    case SYS_fstat:
        return fstat(static_cast<int>(a[0]), static_cast<struct stat *>(pointer(a[1])));
    case SYS_newfstatat:
        return fstatat(static_cast<int>(a[0]), static_cast<const char *>(pointer(a[1])),
                       static_cast<struct stat *>(pointer(a[2])), static_cast<int>(a[3]));
    case SYS_statx:
        return statx(static_cast<int>(a[0]), static_cast<const char *>(pointer(a[1])), static_cast<int>(a[2]),
                     static_cast<unsigned int>(a[3]), static_cast<struct statx *>(pointer(a[4])));
    case SYS_sched_getaffinity:
        return oneProcessorAffinity(static_cast<pid_t>(a[0]), static_cast<size_t>(a[1]), pointer(a[2]));
    case SYS_getcpu:
        return getcpu(static_cast<unsigned *>(pointer(a[0])), static_cast<unsigned *>(pointer(a[1])));
    case SYS_adjtimex:
        return adjtimex(static_cast<struct timex *>(pointer(a[0])));
    case SYS_clock_adjtime:
        return clock_adjtime(static_cast<clockid_t>(a[0]), static_cast<struct timex *>(pointer(a[1])));
    case SYS_wait4:
        return wait4(static_cast<pid_t>(a[0]), static_cast<int *>(pointer(a[1])), static_cast<int>(a[2]),
                     static_cast<struct rusage *>(pointer(a[3])));
    case SYS_waitid:
        return waitid(static_cast<idtype_t>(a[0]), static_cast<id_t>(a[1]), static_cast<siginfo_t *>(pointer(a[2])),
                      static_cast<int>(a[3]));
    case SYS_fcntl:
        return fcntl(static_cast<int>(a[0]), static_cast<int>(a[1]), pointer(a[2]));
    case SYS_statfs:
        return statfs(static_cast<const char *>(pointer(a[0])), static_cast<struct statfs *>(pointer(a[1])));
    case SYS_fstatfs:
        return fstatfs(static_cast<int>(a[0]), static_cast<struct statfs *>(pointer(a[1])));
    case SYS_select:
        return select(static_cast<int>(a[0]), static_cast<fd_set *>(pointer(a[1])), static_cast<fd_set *>(pointer(a[2])),
                      static_cast<fd_set *>(pointer(a[3])), static_cast<struct timeval *>(pointer(a[4])));
    case SYS_ioctl:
        return ioctl(static_cast<int>(a[0]), static_cast<unsigned long>(a[1]), pointer(a[2]));
    case SYS_setitimer:
        return setitimer(static_cast<int>(a[0]), static_cast<const struct itimerval *>(pointer(a[1])),
                         static_cast<struct itimerval *>(pointer(a[2])));
    case SYS_alarm:
        return alarm(static_cast<unsigned int>(a[0]));
    case SYS_timer_create:
        return timer_create(static_cast<clockid_t>(a[0]), static_cast<struct sigevent *>(pointer(a[1])),
                            static_cast<timer_t *>(pointer(a[2])));
    case SYS_timerfd_create:
        return timerfd_create(static_cast<int>(a[0]), static_cast<int>(a[1]));
    case SYS_kill:
        return kill(static_cast<pid_t>(a[0]), static_cast<int>(a[1]));
    case SYS_tgkill:
        return tgkill(static_cast<pid_t>(a[0]), static_cast<pid_t>(a[1]), static_cast<int>(a[2]));
    case SYS_pidfd_open:
        return pidfd_open(static_cast<pid_t>(a[0]), static_cast<unsigned int>(a[1]));
    case SYS_uname:
        return uname(static_cast<struct utsname *>(pointer(a[0])));
    case SYS_getrlimit:
        return getrlimit(static_cast<__rlimit_resource_t>(a[0]), static_cast<struct rlimit *>(pointer(a[1])));
    case SYS_prlimit64:
        return prlimit(static_cast<pid_t>(a[0]), static_cast<enum __rlimit_resource>(a[1]),
                       static_cast<const struct rlimit *>(pointer(a[2])),
                       static_cast<struct rlimit *>(pointer(a[3])));
    case SYS_getpriority: {  // the kernel's own answer is 20 - nice
        const int nice = getpriority(static_cast<__priority_which_t>(a[0]), static_cast<id_t>(a[1]));
        return nice == -1 && errno != 0 ? -1 : 20 - nice;
    }
    case SYS_getsockopt:
        return getsockopt(static_cast<int>(a[0]), static_cast<int>(a[1]), static_cast<int>(a[2]),
                          pointer(a[3]), static_cast<socklen_t *>(pointer(a[4])));
    case SYS_flock:
        return flock(static_cast<int>(a[0]), static_cast<int>(a[1]));
    case SYS_open:
        return open(static_cast<const char *>(pointer(a[0])), static_cast<int>(a[1]), static_cast<int>(a[2]));
    case SYS_creat:
        return creat(static_cast<const char *>(pointer(a[0])), static_cast<mode_t>(a[1]));
    case SYS_openat:
        return openat(static_cast<int>(a[0]), static_cast<const char *>(pointer(a[1])), static_cast<int>(a[2]),
                      static_cast<int>(a[3]));
#ifdef SYS_openat2
    case SYS_openat2:
        return openedAlike(static_cast<int>(rawSyscall(SYS_openat2, a[0],
                                                       withoutRandomDevice(static_cast<const char *>(pointer(a[1]))),
                                                       a[2], a[3])),
                           a[2] != 0 ? static_cast<int>(static_cast<const struct open_how *>(pointer(a[2]))->flags) : 0);
#endif
    default:
        return rawSyscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
    }
}

}  // extern "C"
