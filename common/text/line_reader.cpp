#include "text/line_reader.h"

namespace dotslab {

std::optional<InputLine> readLine(std::istream &in, std::size_t limit) {
    std::streambuf *buffer = in.rdbuf();
    InputLine line;
    bool any = false;
    for (;;) {
        int c = buffer->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            break;
        }
        any = true;
        if (c == '\n') break;
        if (line.text.size() < limit + 1)
            line.text += static_cast<char>(c);  // one extra: a '\r' may end it
        else
            line.tooLong = true;
    }
    if (!any) return std::nullopt;
    if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
    if (line.text.size() > limit) line.tooLong = true;
    return line;
}

}  // namespace dotslab
