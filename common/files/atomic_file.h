// atomic_file.h — write a file so that readers see either the old contents or the new,
// never a half-written file.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace dotslab {

// Writes contents to path and returns true, or returns false and leaves path as it was.
//
// A regular file (or a new one) is written to a temporary file in the same directory,
// flushed to disk and renamed over path; a symbolic link is followed, so the link stays
// and its target is replaced. A path that names something other than a regular file (a
// terminal, /dev/null, a pipe) is written directly, since it cannot be replaced; a
// directory, a path containing a NUL byte, or an unwritable place gives false.
bool writeFileAtomically(const std::string &path, std::string_view contents);

// Gives each piece of a file's contents, in order, to write (which returns false once
// writing failed); returns false if it could not make them all.
using ContentsWriter = std::function<bool(const std::function<bool(std::string_view)> &write)>;

// As above, with the contents made piece by piece by contents (never whole in memory).
bool writeFileAtomically(const std::string &path, const ContentsWriter &contents);

}  // namespace dotslab
