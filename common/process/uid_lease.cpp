#include "process/uid_lease.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cassert>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace dotslab {
namespace {

constexpr uid_t kDefaultFirstUid = 0x70000000;
// The lock files that claim blocks live here: made by root, for root only.
constexpr const char *kLockDirectory = "/run/dotsgrade";

// Returns the first uid of the sandbox range.
uid_t firstSandboxUid() {
    const char *configured = std::getenv("DOTSGRADE_FIRST_UID");
    if (configured == nullptr) return kDefaultFirstUid;
    const long long value = std::atoll(configured);
    constexpr long long kRange = static_cast<long long>(kUidsPerGrader) * kGraderBlocks;
    if (value < 1000 || value > 0xFFFF0000LL - kRange)
        throw std::runtime_error("DOTSGRADE_FIRST_UID must be a uid from 1000 on, with room for " +
                                 std::to_string(kRange) + " uids");
    return static_cast<uid_t>(value);
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
                return firstSandboxUid() + static_cast<uid_t>(block * kUidsPerGrader);
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
    std::unique_lock<std::mutex> lock(bookMutex);
    if (held.empty()) held.assign(kUidsPerGrader, false);
    uidReturned.wait(lock, [] { return heldCount < kUidsPerGrader; });
    while (held[nextOffset]) nextOffset = (nextOffset + 1) % kUidsPerGrader;
    held[nextOffset] = true;
    ++heldCount;
    uid_ = first + nextOffset;
    nextOffset = (nextOffset + 1) % kUidsPerGrader;
}

UidLease::~UidLease() {
    {
        std::lock_guard<std::mutex> lock(bookMutex);
        const unsigned offset = uid_ - firstUidOfThisGrader();
        assert(offset < kUidsPerGrader && held[offset] && "a lease returns only the uid it holds");
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
