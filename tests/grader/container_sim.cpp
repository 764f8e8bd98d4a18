// container_sim — runs a command as Gradescope's Docker container would: root without
// CAP_SYS_ADMIN, and a seccomp filter (as Docker's default profile) that refuses new
// namespaces and mounts, so that bubblewrap cannot build a sandbox.
//   usage: container_sim COMMAND [ARGUMENT]...
#include <linux/capability.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <initializer_list>

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: container_sim COMMAND [ARGUMENT]...\n");
        return 2;
    }
    // Root keeps every other capability; CAP_SYS_ADMIN is gone from what exec can give.
    if (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN, 0, 0, 0) != 0) {
        std::perror("container_sim: dropping CAP_SYS_ADMIN");
        return 1;
    }
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    for (const char *name : {"unshare", "setns", "mount", "umount2", "pivot_root"})
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), seccomp_syscall_resolve_name(name), 0);
    for (unsigned long flag : {CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET}) {
        scmp_arg_cmp newNamespace{};  // SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag), without a C99 literal
        newNamespace.op = SCMP_CMP_MASKED_EQ;
        newNamespace.datum_a = newNamespace.datum_b = flag;
        seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, &newNamespace);
    }
    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (seccomp_load(ctx) != 0) {
        std::fprintf(stderr, "container_sim: cannot load the filter\n");
        return 1;
    }
    seccomp_release(ctx);
    execvp(argv[1], argv + 1);
    std::perror("container_sim: exec");
    return 127;
}
