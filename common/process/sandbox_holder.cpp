#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "process/bubblewrap.h"
#include "process/process_runner.h"

namespace dotslab {
namespace {

// The namespaces a run's starter joins, in that order (the mount namespace last: it moves
// the root). Not IPC: each run makes one of its own. Not pid: a process enters a pid
// namespace only as it is made, so the grader's thread that starts the run joins that one.
constexpr const char *kNamespaces[3] = {"uts", "net", "mnt"};

// Returns the number after "child-pid": in bubblewrap's --info-fd JSON, or -1.
pid_t childPid(const std::string &info) {
    const std::string key = "\"child-pid\":";
    const std::size_t at = info.find(key);
    return at == std::string::npos ? -1 : static_cast<pid_t>(std::atol(info.c_str() + at + key.size()));
}

// Returns what fd gives until it has said `end` (or ends, or stays silent for 5 s).
std::string readUntil(int fd, const std::string &end) {
    std::string text;
    char buffer[512];
    for (;;) {
        struct pollfd ready = {fd, POLLIN, 0};
        if (poll(&ready, 1, 5000) <= 0) break;
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.find(end) != std::string::npos) break;
    }
    return text;
}

}  // namespace

namespace {

// Returns true if this process may make its children in another pid namespace and come
// back (setns to its own): root of the machine, not of a user namespace (a rootless
// container), whose own pid namespace belongs to a user namespace above it.
bool canReturnToOurPidNamespace() {
    static const bool can = [] {
        const int ours = open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
        const bool back = ours >= 0 && setns(ours, CLONE_NEWPID) == 0;
        if (ours >= 0) close(ours);
        return back;
    }();
    return can;
}

}  // namespace

SandboxHolder::SandboxHolder(const std::string &program, const Limits &limits) : program_(program) {
    // Elsewhere every run builds its own sandbox.
    if (geteuid() != 0 || bubblewrap().empty() || !canReturnToOurPidNamespace()) return;
    std::vector<std::string> words = sandboxWords(limits.diskKb, "", true, true);  // for repeatable runs
    // The holder says it is up (so the sandbox is built: bwrap names its pid earlier), then
    // waits for its standard input to end: when we close it, or when we die however we die.
    // With it goes the sandbox's first process, and with that every process inside.
    words.insert(words.end(), {"--ro-bind", program, kSandboxProgram, "--info-fd", "3", "/usr/bin/sh", "-c",
                               "echo up && read -r never"});
    std::vector<char *> argv;
    for (std::string &word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    int pipes[3][2];  // bwrap's --info-fd, the holder's "up", the holder's standard input
    int made = 0;
    while (made < 3 && pipe2(pipes[made], O_CLOEXEC) == 0) ++made;
    if (made == 3) bubblewrap_ = fork();
    if (bubblewrap_ < 0) {
        for (int k = 0; k < made; ++k) {
            close(pipes[k][0]);
            close(pipes[k][1]);
        }
        return;
    }
    int(&info)[2] = pipes[0];
    int(&up)[2] = pipes[1];
    int(&alive)[2] = pipes[2];
    if (bubblewrap_ == 0) {
        setpgid(0, 0);
        const int null = open("/dev/null", O_RDWR);
        // Through fds above 3 first: a pipe end may itself be 0 to 3.
        if (null < 0 || dup2(info[1], 10) < 0 || dup2(up[1], 11) < 0 || dup2(alive[0], 12) < 0 ||
            dup2(10, 3) < 0 || dup2(12, 0) < 0 || dup2(11, 1) < 0 || dup2(null, 2) < 0)
            _exit(126);
        if (syscall(SYS_close_range, 4, ~0U, 0) != 0)
            for (int fd = 4; fd < 1024; ++fd) close(fd);
        char *const environment[] = {nullptr};
        execve(argv[0], argv.data(), environment);
        _exit(127);
    }
    close(info[1]);
    close(up[1]);
    close(alive[0]);
    alive_ = alive[1];
    const std::string json = readUntil(info[0], "}");
    const std::string said = readUntil(up[0], "\n");
    close(info[0]);
    close(up[0]);
    const pid_t holder = childPid(json);
    if (holder <= 0) return;
    holder_ = holder;
    if (said != "up\n") return;
    // Every later path into the sandbox goes through this descriptor of its root, never
    // through the pid again (a pid can be reused), and it must not be our own root.
    root_ = open(("/proc/" + std::to_string(holder) + "/root").c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat sandboxRoot, ourRoot;
    if (root_ < 0 || fstat(root_, &sandboxRoot) != 0 || stat("/", &ourRoot) != 0 ||
        (sandboxRoot.st_dev == ourRoot.st_dev && sandboxRoot.st_ino == ourRoot.st_ino))
        return;
    for (std::size_t k = 0; k < namespaces_.size(); ++k) {
        const std::string path = "/proc/" + std::to_string(holder) + "/ns/" + kNamespaces[k];
        namespaces_[k] = open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (namespaces_[k] < 0) return;
    }
    pidNamespace_ = open(("/proc/" + std::to_string(holder) + "/ns/pid").c_str(), O_RDONLY | O_CLOEXEC);
    if (pidNamespace_ < 0) return;
    usable_ = true;
}

SandboxHolder::~SandboxHolder() {
    for (int fd : namespaces_)
        if (fd >= 0) close(fd);
    if (pidNamespace_ >= 0) close(pidNamespace_);
    if (root_ >= 0) close(root_);
    if (alive_ >= 0) close(alive_);
    if (bubblewrap_ <= 0) return;
    // The inner process goes first (and every process of the sandbox with it), so that
    // bwrap reaps it and exits; bwrap itself is then ours to reap.
    if (holder_ > 0) kill(holder_, SIGKILL);
    for (int round = 0; round < 400; ++round) {
        if (waitpid(bubblewrap_, nullptr, WNOHANG) != 0) return;
        usleep(5000);
    }
    kill(bubblewrap_, SIGKILL);
    waitpid(bubblewrap_, nullptr, 0);
}

std::string SandboxHolder::outside(const std::string &inside) const {
    return "/proc/self/fd/" + std::to_string(root_) + inside;
}

}  // namespace dotslab
