// How dotsgrade reads a course file (`--course FILE`): TOML, any option under its long
// name, as CLI11 reads it, but read the way an instructor writes one.
#pragma once

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

namespace dotslab::grader {

// CLI11's TOML reader, with two differences: a file saved with a UTF-8 byte-order mark (as
// some Windows editors do) reads as without it, and a relative path in the file is taken
// from the file's folder, not from wherever dotsgrade happens to start.
class CourseFile : public CLI::ConfigTOML {
  public:
    // pathOptions: the long names (without "--") whose values are paths.
    explicit CourseFile(std::set<std::string> pathOptions) : pathOptions_(std::move(pathOptions)) {}
    // Tells which option names the course file, so that its folder is known when it is read.
    void namedBy(const CLI::Option *course) { course_ = course; }
    // Returns the file's items, its paths made absolute.
    std::vector<CLI::ConfigItem> from_config(std::istream &input) const override;

  private:
    std::set<std::string> pathOptions_;
    const CLI::Option *course_ = nullptr;
};

}  // namespace dotslab::grader
