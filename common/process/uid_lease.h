// uid_lease.h — the one place sandbox uids are handed out.
//
// As root, every untrusted run (a compile, a link, a student's program) runs as a uid
// that nothing else running holds: its process limit counts only its own processes, and
// its clean-up kills and reaps every process of that uid, so it can only ever reach what
// it started. A lease is that uid, held from before the run starts until its last process
// has been reaped.
//
//   sandbox uids: DOTSGRADE_FIRST_UID (0x70000000) on, a range that no account, systemd
//   dynamic user (61184-65519) or container mapping (524288-1879048191) uses. In a user
//   namespace that maps no such range (a rootless container: 65,536 uids), smaller blocks
//   of the mapped uids from 32768 to 61183 (1,776 a block in such a container).
//
//   | block 0: kUidsPerGrader uids | block 1 | ... | block kGraderBlocks-1 |
//     ^ one running grader each, claimed by a lock file in /run/dotsgrade held for the
//       grader's lifetime: two graders never share (and never kill) each other's runs
//
// Within its block a grader hands uids out in turn, round and round: a uid comes back
// only after every other uid of the block has been leased since (kUidsPerGrader runs
// later), so what one run leaves under its uid (a kernel keyring, say) meets no run of the
// next student.
#pragma once

#include <sys/types.h>

namespace dotslab {

constexpr unsigned kUidsPerGrader = 1u << 16;  // a block at most: leases before a uid comes back
constexpr unsigned kGraderBlocks = 16;         // graders running at once on one machine

// One uid of this grader's block, no other lease's while it lives.
class UidLease {
  public:
    // Takes the next free uid of the block (waits while every one is held: never with
    // fewer runs at once than a block holds). Throws std::runtime_error where no block
    // can be claimed. Only as root.
    UidLease();
    ~UidLease();
    UidLease(const UidLease &) = delete;
    UidLease &operator=(const UidLease &) = delete;

    // Returns the uid leased.
    uid_t uid() const { return uid_; }

  private:
    uid_t uid_;
};

// Returns how many leases are held now (the tests check that none is left behind).
unsigned leasesHeld();

}  // namespace dotslab
