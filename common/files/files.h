// files.h — reading and writing a whole file, and a temporary directory that cleans up after itself.
#pragma once

#include <filesystem>
#include <string>

namespace dotslab {

// Returns the whole contents of the file at path (bytes as they are), or "" if unreadable.
std::string readFileText(const std::filesystem::path &path);

// Returns the whole contents of a file handed to us (a submission's, an instructor's test),
// bytes as they are; throws std::runtime_error ("cannot read PATH: why") where it cannot be
// opened or read in full: such a file is never taken for an empty one (a submission
// unpacked by another account under umask 077 was graded 0 as a program with no main).
std::string readGivenFile(const std::filesystem::path &path);

// Writes text as the whole contents of the file at path; throws std::runtime_error if it cannot.
void writeFileText(const std::filesystem::path &path, const std::string &text);

// A fresh directory under the system's temporary folder (mode 0700), removed with
// everything in it when the object goes.
class TemporaryDirectory {
  public:
    // Creates it; its name starts with prefix. Throws std::runtime_error if it cannot.
    explicit TemporaryDirectory(const std::string &prefix = "dotslab");
    ~TemporaryDirectory();
    TemporaryDirectory(const TemporaryDirectory &) = delete;
    TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;

    // Returns its path.
    const std::filesystem::path &path() const { return path_; }

  private:
    std::filesystem::path path_;
};

}  // namespace dotslab
