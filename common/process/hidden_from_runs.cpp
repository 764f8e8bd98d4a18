#include "process/hidden_from_runs.h"

#include <algorithm>
#include <filesystem>
#include <mutex>

namespace dotslab {
namespace {

namespace fs = std::filesystem;

std::mutex hiddenMutex;
std::vector<fs::path> hidden;  // canonical paths (a run sees through links)

// Returns true if path is inside folder (or is it).
bool within(const fs::path &path, const fs::path &folder) {
    const auto [inFolder, inPath] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
    return inFolder == folder.end();
}

// Returns the hidden paths (a copy, taken under the lock).
std::vector<fs::path> hiddenNow() {
    const std::lock_guard<std::mutex> lock(hiddenMutex);
    return hidden;
}

// Adds to readable what folder allows, the hidden paths in it left out.
void addBesides(const fs::path &folder, const std::vector<fs::path> &mine,
                std::vector<std::string> &readable) {
    const bool holdsMine =
        std::any_of(mine.begin(), mine.end(), [&](const fs::path &p) { return within(p, folder); });
    if (!holdsMine) {
        readable.push_back(folder.string());
        return;
    }
    std::error_code unreadable;
    for (const fs::directory_entry &entry : fs::directory_iterator(folder, unreadable)) {
        const fs::path path = entry.path();
        if (std::find(mine.begin(), mine.end(), path) != mine.end()) continue;
        std::error_code how;
        if (entry.is_directory(how) && !entry.is_symlink(how))
            addBesides(path, mine, readable);
        else
            readable.push_back(path.string());
    }
}

}  // namespace

void hideFromRuns(const std::vector<std::string> &paths) {
    const std::lock_guard<std::mutex> lock(hiddenMutex);
    for (const std::string &path : paths) {
        std::error_code missing;
        const fs::path real = fs::canonical(path, missing);
        if (!missing && std::find(hidden.begin(), hidden.end(), real) == hidden.end()) hidden.push_back(real);
    }
}

std::vector<std::string> bubblewrapHidingWords() {
    std::vector<std::string> words;
    for (const fs::path &path : hiddenNow()) {
        if (!within(path, "/usr")) continue;  // bubblewrap shows nothing else of the machine's
        std::error_code how;
        if (fs::is_directory(path, how))
            words.insert(words.end(), {"--tmpfs", path.string()});
        else
            words.insert(words.end(), {"--ro-bind", "/dev/null", path.string()});
    }
    return words;
}

std::vector<std::string> readableBesidesHidden(const std::vector<std::string> &roots) {
    const std::vector<fs::path> mine = hiddenNow();
    std::vector<std::string> readable;
    for (const std::string &root : roots) {
        std::error_code missing;
        const fs::path real = fs::canonical(root, missing);
        if (missing || mine.empty() || !fs::is_directory(real, missing)) {
            readable.push_back(root);
            continue;
        }
        addBesides(real, mine, readable);
    }
    return readable;
}

}  // namespace dotslab
