#include "course_file.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <sstream>

namespace dotslab::grader {

namespace fs = std::filesystem;

std::vector<CLI::ConfigItem> CourseFile::from_config(std::istream &input) const {
    std::string text(std::istreambuf_iterator<char>(input), {});
    const std::string byteOrderMark = "\xEF\xBB\xBF";
    if (text.compare(0, byteOrderMark.size(), byteOrderMark) == 0) text.erase(0, byteOrderMark.size());
    std::istringstream withoutMark(text);
    std::vector<CLI::ConfigItem> items = CLI::ConfigTOML::from_config(withoutMark);
    if (course_ == nullptr || course_->results().empty()) return items;
    const fs::path folder = fs::absolute(course_->results().back()).parent_path();
    for (CLI::ConfigItem &item : items) {
        std::string name = item.name;
        std::replace(name.begin(), name.end(), '_', '-');
        if (!item.parents.empty() || pathOptions_.count(name) == 0) continue;
        for (std::string &value : item.inputs)
            if (!value.empty() && fs::path(value).is_relative())
                value = (folder / value).lexically_normal().string();
    }
    return items;
}

}  // namespace dotslab::grader
