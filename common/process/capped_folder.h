// capped_folder.h — a folder whose contents can never pass a size, while anything writes
// to it: as root, a tmpfs of that size mounted on it for the object's lifetime (a build
// that writes gigabytes stops at the cap, on no disk of ours). Elsewhere (not root, or a
// container that refuses mounts) the folder stays as it is, and capped() says so.
#pragma once

#include <string>

namespace dotslab {

class CappedFolder {
  public:
    // Mounts a tmpfs of `bytes` on folder (an empty folder of ours) where it can.
    CappedFolder(const std::string &folder, long long bytes);
    // Unmounts it: everything in it goes.
    ~CappedFolder();
    CappedFolder(const CappedFolder &) = delete;
    CappedFolder &operator=(const CappedFolder &) = delete;

    // Returns true if the cap holds (the tmpfs is mounted).
    bool capped() const { return mounted_; }

  private:
    std::string folder_;
    bool mounted_ = false;
};

// Unmounts every mount under folder (for a grader being stopped, before it removes its
// temporary folders).
void unmountUnder(const std::string &folder);

}  // namespace dotslab
