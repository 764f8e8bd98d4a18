#include "process/run_group.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace dotslab {
namespace {

constexpr const char *kRoot = "/sys/fs/cgroup";

// Writes text to the file at path; returns false if it cannot.
bool writeText(const std::string &path, const std::string &text) {
    std::ofstream out(path);
    out << text;
    out.flush();
    return static_cast<bool>(out);
}

std::string readText(const std::string &path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Returns true if cgroup v2 is mounted at kRoot with the memory and pids controllers.
bool haveV2() {
    const std::string controllers = readText(std::string(kRoot) + "/cgroup.controllers");
    return controllers.find("memory") != std::string::npos && controllers.find("pids") != std::string::npos;
}

// Returns the parent folder of our groups in a v2 tree, made and set up once ("" if not).
const std::string &v2Parent() {
    static const std::string parent = [] {
        const std::string dir = std::string(kRoot) + "/dotsgrade";
        mkdir(dir.c_str(), 0755);
        writeText(std::string(kRoot) + "/cgroup.subtree_control", "+memory +pids");
        if (!writeText(dir + "/cgroup.subtree_control", "+memory +pids")) return std::string();
        return dir;
    }();
    return parent;
}

// Returns the folders that hold our groups, in whichever hierarchies exist.
std::vector<std::string> groupParents() {
    return {std::string(kRoot) + "/dotsgrade", std::string(kRoot) + "/memory/dotsgrade",
            std::string(kRoot) + "/pids/dotsgrade", std::string(kRoot) + "/cpuacct/dotsgrade"};
}

// Kills every process listed in a cgroup.procs file; returns true if there was none.
bool killListed(const std::string &procs) {
    std::istringstream pids(readText(procs));
    bool empty = true;
    for (long pid; pids >> pid;) {
        empty = false;
        kill(static_cast<pid_t>(pid), SIGKILL);
    }
    return empty;
}

}  // namespace

RunGroup::RunGroup(const std::string &name, long memoryBytes, int processes) {
    if (geteuid() != 0) return;
    v2_ = haveV2();
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> plan;
    if (v2_) {
        if (v2Parent().empty()) return;
        plan.push_back({v2Parent() + "/" + name,
                        {{"memory.max", std::to_string(memoryBytes)},
                         {"memory.swap.max", "0"},
                         {"pids.max", std::to_string(processes)}}});
        memoryEvents_ = plan.back().first + "/memory.events";
        cpuUsage_ = plan.back().first + "/cpu.stat";  // there whichever controllers are on
    } else {
        for (const char *hierarchy : {"memory", "pids"}) {
            const std::string parent = std::string(kRoot) + "/" + hierarchy + "/dotsgrade";
            mkdir(parent.c_str(), 0755);
            plan.push_back({parent + "/" + name, {}});
        }
        plan[0].second = {{"memory.limit_in_bytes", std::to_string(memoryBytes)}};
        plan[1].second = {{"pids.max", std::to_string(processes)}};
        memoryEvents_ = plan[0].first + "/memory.failcnt";
    }
    for (const auto &[dir, limits] : plan) {
        if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return;
        dirs_.push_back(dir);
        for (const auto &[file, value] : limits)
            if (!writeText(dir + "/" + file, value) && file != "memory.swap.max") return;
    }
    // v1: the run's processor time in all, where cpuacct is mounted; the limits hold without it.
    const std::string cpuacct = std::string(kRoot) + "/cpuacct";
    if (!v2_ && access((cpuacct + "/cpuacct.usage").c_str(), R_OK) == 0) {
        mkdir((cpuacct + "/dotsgrade").c_str(), 0755);
        const std::string dir = cpuacct + "/dotsgrade/" + name;
        if (mkdir(dir.c_str(), 0755) == 0 || errno == EEXIST) {
            dirs_.push_back(dir);
            cpuUsage_ = dir + "/cpuacct.usage";
        }
    }
    for (const std::string &dir : dirs_) procs_.push_back(dir + "/cgroup.procs");
}

RunGroup::~RunGroup() {
    // Whatever is left (a child that escaped the process group) is killed, then the
    // groups go; a group empties a moment after its last process is reaped.
    for (int round = 0; round < 200; ++round) {
        bool empty = true;
        for (const std::string &procs : procs_) empty = killListed(procs) && empty;
        bool removed = true;
        for (const std::string &dir : dirs_)
            removed = (rmdir(dir.c_str()) == 0 || errno == ENOENT) && removed;
        if (empty && removed) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void RunGroup::killAll() const {
    for (const std::string &procs : procs_) killListed(procs);
}

bool RunGroup::hitMemoryLimit() const {
    if (memoryEvents_.empty()) return false;
    const std::string events = readText(memoryEvents_);
    if (!v2_) return std::atol(events.c_str()) > 0;
    const std::size_t at = events.find("oom_kill ");
    return at != std::string::npos && std::atol(events.c_str() + at + 9) > 0;
}

double RunGroup::cpuSeconds() const {
    if (cpuUsage_.empty()) return -1;
    const std::string usage = readText(cpuUsage_);
    if (!v2_) return usage.empty() ? -1 : static_cast<double>(std::atoll(usage.c_str())) / 1e9;
    const std::size_t at = usage.find("usage_usec ");
    return at == std::string::npos ? -1 : static_cast<double>(std::atoll(usage.c_str() + at + 11)) / 1e6;
}

bool controlGroupsAvailable() {
    static const bool available = [] {
        RunGroup probe("probe-" + std::to_string(getpid()), 64L << 20, 8);
        return probe.ready();
    }();
    return available;
}

void removeOurGroups() {
    const std::string prefix = "run-" + std::to_string(getpid()) + "-";
    for (int round = 0; round < 100; ++round) {
        bool left = false;
        for (const std::string &parent : groupParents()) {
            std::error_code error;
            for (const auto &entry : std::filesystem::directory_iterator(parent, error)) {
                if (entry.path().filename().string().rfind(prefix, 0) != 0) continue;
                killListed((entry.path() / "cgroup.procs").string());
                if (rmdir(entry.path().c_str()) != 0) left = true;
            }
        }
        if (!left) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

}  // namespace dotslab
