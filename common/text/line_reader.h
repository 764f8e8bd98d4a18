// line_reader.h — read lines from a stream with bounded memory.
#pragma once

#include <istream>
#include <optional>
#include <string>

namespace dotslab {

struct InputLine {
    std::string text;      // without "\n" or "\r\n"; only the first `limit` characters
    bool tooLong = false;  // the line had more than `limit` characters
};

// Returns the next line of in (the last one may lack its newline), or nothing at end of
// input. Keeps at most `limit` characters, so an endless line cannot exhaust memory.
std::optional<InputLine> readLine(std::istream &in, std::size_t limit);

}  // namespace dotslab
