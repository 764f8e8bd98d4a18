#include "process/uid_lease.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dotslab {
namespace {

constexpr uid_t kDefaultFirstUid = 0x70000000;
// The lock files that claim blocks live here: made by root, for root only.
constexpr const char *kLockDirectory = "/run/dotsgrade";

// The sandbox uids: the first, and how many each grader's block holds.
struct SandboxUids {
    uid_t first;
    unsigned perGrader;
};

// Returns the ranges of uids this process may become, as [first, end): its user
// namespace's map (/proc/self/uid_map, "inside outside count" per line).
std::vector<std::pair<unsigned long long, unsigned long long>> mappedUids() {
    std::vector<std::pair<unsigned long long, unsigned long long>> ranges;
    std::ifstream map("/proc/self/uid_map");
    for (unsigned long long inside, outside, count; map >> inside >> outside >> count;)
        ranges.emplace_back(inside, inside + count);
    return ranges;
}

// Returns the sandbox uids: from DOTSGRADE_FIRST_UID (else 0x70000000), kUidsPerGrader a
// block. Where this user namespace maps no such range (a rootless container maps 65,536
// uids), the blocks are made smaller to fit the mapped uids from 32768 on, below systemd's
// dynamic users (61184): a uid then comes back after fewer runs, never before every other
// of its block. Throws where even that leaves too few.
SandboxUids sandboxUids() {
    const char *configured = std::getenv("DOTSGRADE_FIRST_UID");
    const unsigned long long first =
        configured == nullptr ? kDefaultFirstUid : std::strtoull(configured, nullptr, 10);
    if (configured != nullptr && (first < 1000 || first > 0xFFFF0000ULL))
        throw std::runtime_error("DOTSGRADE_FIRST_UID must be a uid from 1000 on, below 4294901760");
    constexpr unsigned long long kWhole = static_cast<unsigned long long>(kUidsPerGrader) * kGraderBlocks;
    constexpr unsigned kFewest = 256;  // uids a block must hold at least
    const std::vector<std::pair<unsigned long long, unsigned long long>> mapped = mappedUids();
    // Returns the block size that fits [from, the end of its mapped range, or to)
    auto fitting = [&mapped](unsigned long long from, unsigned long long to) -> unsigned {
        for (const auto &[begin, end] : mapped)
            if (from >= begin && from < end)
                return static_cast<unsigned>(
                    std::min<unsigned long long>(kUidsPerGrader, (std::min(end, to) - from) / kGraderBlocks));
        return 0;
    };
    unsigned perGrader = fitting(first, first + kWhole);
    if (perGrader >= kFewest || configured != nullptr) {
        if (perGrader < kFewest)
            throw std::runtime_error("DOTSGRADE_FIRST_UID=" + std::string(configured) +
                                     ": this user namespace maps too few uids from there (" +
                                     std::to_string(kFewest * kGraderBlocks) +
                                     " are needed; see /proc/self/uid_map)");
        return {static_cast<uid_t>(first), perGrader};
    }
    constexpr unsigned long long kLow = 32768, kHigh = 61184;
    for (const auto &[begin, end] : mapped) {
        const unsigned long long from = std::max(begin, kLow);
        if (from < end && from < kHigh && (perGrader = fitting(from, kHigh)) >= kFewest)
            return {static_cast<uid_t>(from), perGrader};
    }
    throw std::runtime_error("this user namespace maps no range of sandbox uids (from 0x70000000, or " +
                             std::to_string(kFewest * kGraderBlocks) +
                             " uids from 32768 on: see /proc/self/uid_map): map more uids, or set "
                             "DOTSGRADE_FIRST_UID to the first of " +
                             std::to_string(kFewest * kGraderBlocks) + " free mapped uids");
}

const SandboxUids &theSandboxUids() {
    static const SandboxUids uids = sandboxUids();
    return uids;
}

// Returns a descriptor of the lock directory, made if needed; throws unless it is a real
// directory owned by root and closed to others (a planted link or folder is refused).
int lockDirectory() {
    mkdir(kLockDirectory, 0700);
    const int fd = open(kLockDirectory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || info.st_uid != 0 || (info.st_mode & 0077) != 0)
        throw std::runtime_error(std::string("the lock folder ") + kLockDirectory +
                                 " is not a folder of root's closed to others: remove it and grade again");
    return fd;
}

// Returns the first uid of this process's block, claimed with a lock held (never closed)
// for the process's lifetime.
uid_t firstUidOfThisGrader() {
    static const uid_t first = [] {
        const int directory = lockDirectory();
        for (unsigned block = 0; block < kGraderBlocks; ++block) {
            const std::string lock = "uid-block-" + std::to_string(block) + ".lock";
            const int fd = openat(directory, lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
                close(directory);
                return theSandboxUids().first + static_cast<uid_t>(block * theSandboxUids().perGrader);
            }
            if (fd >= 0) close(fd);  // taken by another grader: try the next block
        }
        close(directory);
        throw std::runtime_error("every block of sandbox uids is in use by other graders");
    }();
    return first;
}

// The block's book: which uids are held, and where the turn has come to.
std::mutex bookMutex;
std::condition_variable uidReturned;
std::vector<bool> held;  // by offset in the block, sized at the first lease
unsigned heldCount = 0;
unsigned nextOffset = 0;

}  // namespace

UidLease::UidLease() {
    assert(geteuid() == 0 && "only root hands out uids");
    const uid_t first = firstUidOfThisGrader();  // may throw: before anything is booked
    const unsigned perGrader = theSandboxUids().perGrader;
    std::unique_lock<std::mutex> lock(bookMutex);
    if (held.empty()) held.assign(perGrader, false);
    uidReturned.wait(lock, [&] { return heldCount < perGrader; });
    while (held[nextOffset]) nextOffset = (nextOffset + 1) % perGrader;
    held[nextOffset] = true;
    ++heldCount;
    uid_ = first + nextOffset;
    nextOffset = (nextOffset + 1) % perGrader;
}

UidLease::~UidLease() {
    {
        std::lock_guard<std::mutex> lock(bookMutex);
        const unsigned offset = uid_ - firstUidOfThisGrader();
        assert(offset < theSandboxUids().perGrader && held[offset] &&
               "a lease returns only the uid it holds");
        held[offset] = false;
        --heldCount;
    }
    uidReturned.notify_one();
}

unsigned leasesHeld() {
    std::lock_guard<std::mutex> lock(bookMutex);
    return heldCount;
}

}  // namespace dotslab
