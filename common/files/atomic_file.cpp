#include "files/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <vector>

namespace dotslab {
namespace {

// Writes all of contents to fd; returns false on any error.
bool writeAll(int fd, std::string_view contents) {
    while (!contents.empty()) {
        ssize_t n = write(fd, contents.data(), contents.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        contents.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// Returns the path a symbolic link finally points to, or path itself if it is not a link
// (or the link dangles: then the link is replaced, as a plain write would create it).
std::string followLinks(const std::string &path) {
    struct stat info;
    if (lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return path;
    char resolved[PATH_MAX];
    return realpath(path.c_str(), resolved) != nullptr ? std::string(resolved) : path;
}

// Writes all of contents' pieces to fd; returns false on any error.
bool writeAll(int fd, const ContentsWriter &contents) {
    return contents([fd](std::string_view piece) { return writeAll(fd, piece); });
}

// Writes to something that is not a regular file (a device or a pipe) in place.
bool writeInPlace(const std::string &path, const ContentsWriter &contents) {
    int fd = open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);  // a pipe without a reader fails at once
    if (fd < 0) return false;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    bool ok = writeAll(fd, contents);
    return close(fd) == 0 && ok;
}

// Returns the permissions a new file gets (0666 less the umask), or the existing file's.
mode_t permissionsFor(const struct stat *existing) {
    if (existing != nullptr) return existing->st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

}  // namespace

bool writeFileAtomically(const std::string &path, std::string_view contents) {
    return writeFileAtomically(
        path, [contents](const std::function<bool(std::string_view)> &write) { return write(contents); });
}

bool writeFileAtomically(const std::string &requested, const ContentsWriter &contents) {
    if (requested.empty() || requested.find('\0') != std::string::npos) return false;
    const std::string path = followLinks(requested);

    struct stat info;
    bool exists = stat(path.c_str(), &info) == 0;
    if (exists && S_ISDIR(info.st_mode)) return false;
    if (exists && !S_ISREG(info.st_mode)) return writeInPlace(path, contents);

    std::size_t slash = path.rfind('/');
    std::string directory = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string temporary = (slash == std::string::npos ? "" : directory) + "." + name + ".XXXXXX";
    std::vector<char> pattern(temporary.begin(), temporary.end());
    pattern.push_back('\0');

    int fd = mkstemp(pattern.data());
    if (fd < 0) return false;
    bool ok =
        fchmod(fd, permissionsFor(exists ? &info : nullptr)) == 0 && writeAll(fd, contents) && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    ok = ok && rename(pattern.data(), path.c_str()) == 0;
    if (!ok) unlink(pattern.data());
    return ok;
}

}  // namespace dotslab
