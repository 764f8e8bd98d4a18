#include "process/bubblewrap.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "process/hidden_from_runs.h"
#include "process/process_runner.h"

namespace dotslab {

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

std::vector<std::string> sandboxWords(long diskKb, const std::string &boundWork, bool hostUsers,
                                      bool repeatable) {
    const std::string tmpBytes = std::to_string(std::max(1L, diskKb) << 10);
    std::vector<std::string> words = {bubblewrap()};
    if (hostUsers)
        words.insert(words.end(), {"--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                                   "--unshare-cgroup-try"});
    else
        words.push_back("--unshare-all");
    // clang-format off
    words.insert(words.end(), {"--die-with-parent", "--new-session", "--clearenv", "--hostname", "sandbox",
        "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        "--symlink", "usr/bin", "/bin", "--dev", "/dev", "--proc", "/proc",
        "--size", tmpBytes, "--tmpfs", "/tmp"});
    // clang-format on
    const std::vector<std::string> ours = bubblewrapHidingWords();  // an install under /usr
    words.insert(words.end(), ours.begin(), ours.end());
    // The random devices read zeros, alike on every run (repeatable_run.h). A device needs
    // --dev-bind: bubblewrap's other binds refuse device files.
    if (repeatable)
        words.insert(words.end(),
                     {"--dev-bind", "/dev/zero", "/dev/urandom", "--dev-bind", "/dev/zero", "/dev/random"});
    // A build's tools by their usual names: /usr/bin/cc and c++ (make's defaults) are links
    // through Debian's /etc/alternatives (links only, no machine's state).
    else
        words.insert(words.end(), {"--ro-bind-try", "/etc/alternatives", "/etc/alternatives"});
    if (boundWork.empty())
        words.insert(words.end(), {"--size", tmpBytes, "--tmpfs", kSandboxWork});
    else
        words.insert(words.end(), {"--bind", boundWork, kSandboxWork});
    words.insert(words.end(), {"--chdir", kSandboxWork});
    for (const std::string &variable : sandboxEnvironment()) {
        const std::size_t equals = variable.find('=');
        words.insert(words.end(), {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
    }
    return words;
}

}  // namespace dotslab
