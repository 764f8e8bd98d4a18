#include "process/capped_folder.h"

#include <sys/mount.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <vector>

namespace dotslab {

CappedFolder::CappedFolder(const std::string &folder, long long bytes) : folder_(folder) {
    if (geteuid() != 0) return;
    const std::string options = "size=" + std::to_string(bytes) + ",mode=0711";
    mounted_ = mount("dotsgrade", folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) == 0;
}

CappedFolder::~CappedFolder() {
    if (mounted_) umount2(folder_.c_str(), MNT_DETACH);
}

void unmountUnder(const std::string &folder) {
    std::ifstream mounts("/proc/self/mountinfo");
    std::vector<std::string> under;
    for (std::string line; std::getline(mounts, line);) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point;
        fields >> id >> parent >> device >> root >> point;  // the fifth field: where it is mounted
        if (point.rfind(folder + "/", 0) == 0) under.push_back(point);
    }
    for (auto it = under.rbegin(); it != under.rend(); ++it) umount2(it->c_str(), MNT_DETACH);
}

}  // namespace dotslab
