#include "files/files.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dotslab {

std::string readFileText(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string readGivenFile(const std::filesystem::path &path) {
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    if (in) text << in.rdbuf();
    if (!in || in.bad()) {
        const int why = errno != 0 ? errno : EIO;
        throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(why));
    }
    return text.str();
}

void writeFileText(const std::filesystem::path &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

TemporaryDirectory::TemporaryDirectory(const std::string &prefix) {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary directory");
    path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

}  // namespace dotslab
