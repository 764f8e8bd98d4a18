// run_group.h — one control group per untrusted run, so that its memory and process
// limits hold for the run as a whole (every child included), not per process.
//
// cgroup v2 (memory.max, pids.max under /sys/fs/cgroup/dotsgrade) where it is mounted
// with both controllers; otherwise cgroup v1's memory and pids hierarchies, and cpuacct's
// where it is mounted (the processor time of the run as a whole). Making
// groups needs root and a writable /sys/fs/cgroup; where that is missing (a container, a
// user) the run goes on with per-process limits only, and controlGroupsAvailable() says so.
#pragma once

#include <string>
#include <vector>

namespace dotslab {

class RunGroup {
  public:
    // Makes the group `name` with the limits; ready() is false if it could not.
    RunGroup(const std::string &name, long memoryBytes, int processes);
    // Kills whatever is still in the group and removes it.
    ~RunGroup();
    RunGroup(const RunGroup &) = delete;
    RunGroup &operator=(const RunGroup &) = delete;

    // Returns true if the group exists with its limits.
    bool ready() const { return !procs_.empty(); }
    // Returns the group's cgroup.procs files, one per hierarchy: a process that writes "0"
    // to each is in the group (dotslab-run-starter does, for the run it starts).
    const std::vector<std::string> &procsFiles() const { return procs_; }
    // Kills every process in the group (not waiting for them to go).
    void killAll() const;
    // Returns true if the group's memory limit was hit (the kernel stopped a process).
    bool hitMemoryLimit() const;
    // Returns the processor time the group's processes have spent in all (those gone and
    // those never waited for too), or -1 where the kernel does not count it for the group.
    double cpuSeconds() const;

  private:
    std::vector<std::string> dirs_;   // one per hierarchy
    std::vector<std::string> procs_;  // their cgroup.procs files
    std::string memoryEvents_;        // v2: memory.events; v1: memory.failcnt
    std::string cpuUsage_;            // v2: cpu.stat; v1: cpuacct.usage ("": not counted)
    bool v2_ = false;
};

// Returns true if runs can have control groups here.
bool controlGroupsAvailable();

// Kills what is left in this process's run groups and removes them: for a grader being
// stopped, whose runs never got to clean up.
void removeOurGroups();

}  // namespace dotslab
