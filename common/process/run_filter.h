// run_filter.h — what the kernel lets an untrusted run do, whatever its sandbox: one
// seccomp filter (libseccomp) for every untrusted run, and, where bubblewrap cannot build
// a sandbox (a container without user namespaces: Gradescope's), a Landlock view of the
// file system limited to the system's files and the run's own.
//
// The seccomp filter follows Docker's default profile in spirit. It refuses (EPERM) what
// a student's program never needs and what lets state or sight cross runs:
//
//   kernel keyrings     keyctl, add_key, request_key  (they outlive the run, per uid)
//   io_uring            io_uring_setup, _enter, _register  (a way around this filter)
//   perf and bpf        perf_event_open, bpf
//   other processes     ptrace, process_vm_readv/writev, kcmp, pidfd_getfd
//   namespaces, mounts  unshare, setns, clone/clone3 with any CLONE_NEW* flag, mount,
//                       umount2, pivot_root, chroot, open_tree, move_mount, fsopen,
//                       fsconfig, fsmount, fspick, mount_setattr
//   the network         socket except AF_UNIX; socketpair stays (pipes between children)
//   the machine         reboot, kexec_*, init/finit/delete_module, swapon/off, acct,
//                       userfaultfd, syslog, quotactl, name_to_handle_at, open_by_handle_at
//   SIGXCPU             sent (kill, tkill, tgkill, rt_(tg)sigqueueinfo, pidfd_send_signal),
//                       or given a handler or SIG_IGN (rt_sigaction): it is the
//                       processor-time limit's alone (process_runner.cpp tells a run's end by it)
//   what runs share     System V and POSIX IPC (shm*, msg*, sem*, mq_*: objects outlive
//                       the run, and without bubblewrap every run sees them), bind, listen,
//                       connect, accept (abstract socket names are the machine's),
//                       mincore, cachestat (the page cache's state)
//
// It answers some calls as done, doing nothing: flock (a lock on a system file every run
// can open tells that another run holds it), fadvise64 and readahead (which files are in
// the page cache counts the runs before); refuses preadv2 and pwritev2 that must not wait
// (RWF_NOWAIT: EOPNOTSUPP, else they tell whether a file is cached); and refuses with ESRCH,
// as if no such process were there, the calls about another process by its pid (getsid,
// getpgid, sched_get* and sched_set*, prlimit64, get/setpriority, ioprio_*: a run pinned
// the instructor's shell to one processor at idle priority, round 26), and about a group
// or a user of processes (get/setpriority, ioprio_*): without bubblewrap the
// machine's processes, which come and go, would be a run's to count. Adversary round 19
// moved grades by each, most in both modes.
//
// clone3 is refused with ENOSYS (its flags sit behind a pointer a filter cannot read),
// so that the C library falls back to clone, whose flags it can.
//
// A student's program (not the tools of a build: ld makes its output executable with
// chmod) may not change the metadata of files either: chmod and fchmodat by a path (fchmod
// of a file it opened stays, as a save written to a new file uses it), chown and its f-,
// l- and -at forms, the extended attributes' setters and removers, utime and its kin (EPERM). Not
// root and without bubblewrap, a run's user is the grader's: Landlock governs opening a
// file, not its mode, its owner, its attributes or its times, and a run so made the
// grader's own folder unreadable, and kept its progress or a count of runs in an attribute
// of it (adversary round 26).
#pragma once

#include <string>
#include <vector>

namespace dotslab {

// What an untrusted run runs: the tools of a build, or a student's program.
enum class Untrusted { Tools, Program };

// Returns the filter for `what` as a BPF program to load (seccomp(2)) or to hand to
// bubblewrap's --seccomp; throws std::runtime_error if libseccomp cannot make it.
std::string runFilterProgram(Untrusted what);

// Loads the filter for `what` into this process (it must have no_new_privs set, or be
// privileged); returns 0 or the negated errno.
int loadRunFilter(Untrusted what);

// Returns the Landlock ABI version of this kernel (0: none).
int landlockVersion();

// Limits this process and what it executes to reading (and executing) `readable` and
// reading and writing `writable` (paths that do not exist are left out); returns 0, or
// the errno of the step that failed. Needs no_new_privs.
int restrictFilesystem(const std::vector<std::string> &readable, const std::vector<std::string> &writable);

}  // namespace dotslab
