#include "process/run_filter.h"

#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>

namespace dotslab {
namespace {

// The system calls refused with EPERM (see run_filter.h); a name this kernel's libseccomp
// does not know is left out.
constexpr const char *kRefused[] = {
    "keyctl", "add_key", "request_key", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "perf_event_open", "bpf", "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree", "move_mount", "fsopen",
    "fsconfig", "fsmount", "fspick", "mount_setattr", "reboot", "kexec_load", "kexec_file_load",
    "init_module", "finit_module", "delete_module", "swapon", "swapoff", "acct", "userfaultfd", "syslog",
    "quotactl", "name_to_handle_at", "open_by_handle_at",
    // What runs could share without bubblewrap's namespaces, or that tells a run about
    // others: System V and POSIX IPC objects (they outlive the run), sockets bound to a
    // name or connected to one (abstract names are the machine's), and the page cache's state.
    "shmget", "shmat", "shmctl", "shmdt", "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop",
    "semtimedop", "semctl", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify",
    "mq_getsetattr", "bind", "listen", "connect", "accept", "accept4", "cachestat", "mincore"};
// Calls that would change what other runs see, answered as done without doing anything: a
// lock on a file every run can open (whether it is taken tells that another run is
// going), and advice to the page cache (which files are cached counts the runs before).
constexpr const char *kDoneForNothing[] = {"flock", "fadvise64", "readahead"};
// Calls about another process, refused (as if it were not there) for any but the run's own:
// the machine's processes, which come and go, are no run's to count.
constexpr std::pair<const char *, unsigned> kAboutAProcess[] = {{"getsid", 0},
                                                                {"getpgid", 0},
                                                                {"sched_getaffinity", 0},
                                                                {"sched_setaffinity", 0},
                                                                {"sched_setparam", 0},
                                                                {"sched_setscheduler", 0},
                                                                {"sched_setattr", 0},
                                                                {"sched_getparam", 0},
                                                                {"sched_getscheduler", 0},
                                                                {"sched_getattr", 0},
                                                                {"sched_rr_get_interval", 0},
                                                                {"prlimit64", 0},
                                                                {"getpriority", 1},
                                                                {"setpriority", 1},
                                                                {"ioprio_get", 1},
                                                                {"ioprio_set", 1}};
// ... and the same calls about a group or a user of processes (their first argument,
// "which", not the one naming a single process): not root and without bubblewrap, a run's
// user is the grader's, and a priority raised for the whole user counted the runs across
// gradings (adversary round 26).
constexpr std::pair<const char *, unsigned> kOneProcessOnly[] = {{"getpriority", PRIO_PROCESS},
                                                                 {"setpriority", PRIO_PROCESS},
                                                                 {"ioprio_get", 1 /* IOPRIO_WHO_PROCESS */},
                                                                 {"ioprio_set", 1}};
// What a student's program may not change of any file (see run_filter.h); a name this
// kernel's libseccomp does not know is left out. fchmod stays: a save written to a new
// file and given its mode by its descriptor (our boxes does) reaches only what it opened.
constexpr const char *kFileMetadata[] = {
    "chmod",         "fchmodat",  "fchmodat2", "chown",      "fchown",      "lchown",       "fchownat",
    "setxattr",      "lsetxattr", "fsetxattr", "setxattrat", "removexattr", "lremovexattr", "fremovexattr",
    "removexattrat", "utime",     "utimes",    "futimesat",  "utimensat"};

// Every flag of clone that makes a namespace.
constexpr unsigned long kNamespaceFlags[] = {CLONE_NEWNS,  CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
                                             CLONE_NEWUSER, CLONE_NEWPID,   CLONE_NEWNET, 0x80 /* NEWTIME */};

// Returns a comparison of the call's argument `index` (libseccomp's SCMP_A0..., without
// the C99 compound literal they are written with).
scmp_arg_cmp argument(unsigned index, scmp_compare op, std::uint64_t a, std::uint64_t b = 0) {
    scmp_arg_cmp comparison{};
    comparison.arg = index;
    comparison.op = op;
    comparison.datum_a = a;
    comparison.datum_b = b;
    return comparison;
}

struct FilterDeleter {
    void operator()(void *ctx) const { seccomp_release(ctx); }
};
using Filter = std::unique_ptr<void, FilterDeleter>;

// Returns the filter for what, made with libseccomp; throws if it cannot be.
Filter makeFilter(Untrusted what) {
    Filter filter(seccomp_init(SCMP_ACT_ALLOW));  // other architectures' calls: killed (libseccomp's default)
    if (!filter) throw std::runtime_error("libseccomp cannot make a filter");
    void *ctx = filter.get();
    auto add = [&](std::uint32_t action, int call, unsigned count, const scmp_arg_cmp *comparisons) {
        if (call != __NR_SCMP_ERROR && seccomp_rule_add_array(ctx, action, call, count, comparisons) != 0)
            throw std::runtime_error("libseccomp refused a rule of the run filter");
    };
    for (const char *name : kRefused) add(SCMP_ACT_ERRNO(EPERM), seccomp_syscall_resolve_name(name), 0, nullptr);
    if (what == Untrusted::Program)
        for (const char *name : kFileMetadata)
            add(SCMP_ACT_ERRNO(EPERM), seccomp_syscall_resolve_name(name), 0, nullptr);
    add(SCMP_ACT_ERRNO(ENOSYS), seccomp_syscall_resolve_name("clone3"), 0, nullptr);
    for (const char *name : kDoneForNothing)
        add(SCMP_ACT_ERRNO(0), seccomp_syscall_resolve_name(name), 0, nullptr);
    for (const auto &[name, pidArgument] : kAboutAProcess) {
        const scmp_arg_cmp another = argument(pidArgument, SCMP_CMP_NE, 0);
        add(SCMP_ACT_ERRNO(ESRCH), seccomp_syscall_resolve_name(name), 1, &another);
    }
    for (const auto &[name, oneProcess] : kOneProcessOnly) {
        const scmp_arg_cmp notOne = argument(0, SCMP_CMP_NE, oneProcess);
        add(SCMP_ACT_ERRNO(ESRCH), seccomp_syscall_resolve_name(name), 1, &notOne);
    }
    // A read that must not wait (RWF_NOWAIT) tells whether a file is in the page cache.
    constexpr std::uint64_t kNoWait = 0x8;  // RWF_NOWAIT
    const scmp_arg_cmp noWait = argument(5, SCMP_CMP_MASKED_EQ, kNoWait, kNoWait);
    for (const char *name : {"preadv2", "pwritev2"})
        add(SCMP_ACT_ERRNO(EOPNOTSUPP), seccomp_syscall_resolve_name(name), 1, &noWait);
    for (unsigned long flag : kNamespaceFlags) {
        const scmp_arg_cmp newNamespace = argument(0, SCMP_CMP_MASKED_EQ, flag, flag);
        add(SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, &newNamespace);
    }
    const scmp_arg_cmp notLocal = argument(0, SCMP_CMP_NE, AF_UNIX);
    add(SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, &notLocal);
    // A socket stamps what it receives with the real clock (SO_TIMESTAMP on a socketpair):
    // no stamps. The kernel reads these arguments as 32-bit ints, so only their low half is
    // compared.
    constexpr std::uint64_t kInt = 0xffffffffu;
    for (std::uint64_t option : {29u, 35u, 37u, 63u, 64u, 65u}) {  // SO_TIMESTAMP{,NS,ING}, old and new
        const scmp_arg_cmp stamped[] = {argument(1, SCMP_CMP_MASKED_EQ, kInt, SOL_SOCKET),
                                        argument(2, SCMP_CMP_MASKED_EQ, kInt, option)};
        add(SCMP_ACT_ERRNO(ENOPROTOOPT), SCMP_SYS(setsockopt), 2, stamped);
    }
    for (std::uint64_t request : {0x8906u, 0x8907u}) {  // SIOCGSTAMP, SIOCGSTAMPNS
        const scmp_arg_cmp stamp = argument(1, SCMP_CMP_MASKED_EQ, kInt, request);
        add(SCMP_ACT_ERRNO(ENOENT), SCMP_SYS(ioctl), 1, &stamp);
    }
    // SIGXCPU is the processor-time limit's alone: a run can neither send it nor catch or
    // ignore it, so a death by it is that limit, and a run meets the limit by it.
    const std::pair<int, unsigned> sends[] = {{SCMP_SYS(kill), 1},           {SCMP_SYS(tkill), 1},
                                              {SCMP_SYS(tgkill), 2},         {SCMP_SYS(rt_sigqueueinfo), 1},
                                              {SCMP_SYS(rt_tgsigqueueinfo), 2}, {SCMP_SYS(pidfd_send_signal), 1}};
    for (const auto &[call, signalArgument] : sends) {
        const scmp_arg_cmp cpuSignal = argument(signalArgument, SCMP_CMP_EQ, SIGXCPU);
        add(SCMP_ACT_ERRNO(EPERM), call, 1, &cpuSignal);
    }
    const scmp_arg_cmp handled[] = {argument(0, SCMP_CMP_EQ, SIGXCPU), argument(1, SCMP_CMP_NE, 0)};
    add(SCMP_ACT_ERRNO(EPERM), SCMP_SYS(rt_sigaction), 2, handled);
    // The processor's time-stamp counter faults in every run, so that the repeatable-run
    // library answers rdtsc with its own clock: a run may not read the real one again
    // (an inline-asm prctl did, adversary round 22). Making it fault stays allowed.
    const scmp_arg_cmp counterOn[] = {argument(0, SCMP_CMP_MASKED_EQ, kInt, PR_SET_TSC),
                                      argument(1, SCMP_CMP_MASKED_EQ, kInt, PR_TSC_ENABLE)};
    add(SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prctl), 2, counterOn);
    return filter;
}

// Landlock's interface as the newest kernels have it (the installed headers may be older).
struct RulesetAttributes {
    std::uint64_t handledAccessFs = 0;
    std::uint64_t handledAccessNet = 0;
    std::uint64_t scoped = 0;
};
struct PathBeneath {
    std::uint64_t allowedAccess;
    std::int32_t parentFd;
} __attribute__((packed));
constexpr int kRulePathBeneath = 1;
constexpr unsigned kCreateRulesetVersion = 1u << 0;
constexpr std::uint64_t kExecute = 1u << 0, kWriteFile = 1u << 1, kReadFile = 1u << 2, kReadDir = 1u << 3;
constexpr std::uint64_t kTruncate = 1u << 14, kIoctlDev = 1u << 15;
constexpr std::uint64_t kScopeAbstractUnixSocket = 1u << 0, kScopeSignal = 1u << 1;

// Returns the file-system rights Landlock knows at ABI version `abi`.
std::uint64_t fsRights(int abi) {
    std::uint64_t rights = (1u << 13) - 1;  // v1: execute .. make_sym
    if (abi >= 2) rights |= 1u << 13;       // refer
    if (abi >= 3) rights |= kTruncate;
    if (abi >= 5) rights |= kIoctlDev;
    return rights;
}

}  // namespace

std::string runFilterProgram(Untrusted what) {
    const Filter filter = makeFilter(what);
    const int fd = static_cast<int>(syscall(SYS_memfd_create, "dotslab-run-filter", MFD_CLOEXEC));
    if (fd < 0 || seccomp_export_bpf(filter.get(), fd) != 0 || lseek(fd, 0, SEEK_SET) != 0) {
        if (fd >= 0) close(fd);
        throw std::runtime_error("libseccomp cannot write the run filter");
    }
    std::string program;
    char buffer[4096];
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) program.append(buffer, static_cast<std::size_t>(n));
    close(fd);
    return program;
}

int loadRunFilter(Untrusted what) {
    try {
        const Filter filter = makeFilter(what);
        return seccomp_load(filter.get());
    } catch (const std::exception &) {
        return -EINVAL;
    }
}

int landlockVersion() {
    const long version = syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return version < 0 ? 0 : static_cast<int>(version);
}

int restrictFilesystem(const std::vector<std::string> &readable, const std::vector<std::string> &writable) {
    const int abi = landlockVersion();
    if (abi <= 0) return ENOSYS;
    RulesetAttributes attributes;
    attributes.handledAccessFs = fsRights(abi);
    // From ABI 6 the run also cannot signal, or reach by abstract socket, anything outside.
    std::size_t size = abi >= 6 ? sizeof attributes : abi >= 4 ? 2 * sizeof(std::uint64_t) : sizeof(std::uint64_t);
    if (abi >= 6) attributes.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attributes, size, 0));
    if (ruleset < 0) return errno;
    auto allow = [&](const std::string &path, std::uint64_t rights) {
        const int fd = open(path.c_str(), O_PATH | O_CLOEXEC);
        if (fd < 0) return 0;  // not here: nothing to allow
        struct stat info;
        if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode))
            rights &= kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;  // what a file can have
        PathBeneath rule{rights & attributes.handledAccessFs, fd};
        const long added = syscall(SYS_landlock_add_rule, ruleset, kRulePathBeneath, &rule, 0);
        const int error = added == 0 ? 0 : errno;
        close(fd);
        return error;
    };
    int error = 0;
    for (const std::string &path : readable)
        if (error == 0) error = allow(path, kExecute | kReadFile | kReadDir);
    for (const std::string &path : writable)
        if (error == 0) error = allow(path, attributes.handledAccessFs);
    if (error == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) error = errno;
    close(ruleset);
    return error;
}

}  // namespace dotslab
