#include "move_parser.h"

#include "text/characters.h"
#include "text/integer_token.h"

namespace dotslab::boxes {
namespace {

// Reads a number without leading zeros at the front of text, moving past it. Returns -1
// if there is none or it has more than 4 digits (every coordinate is below 1000).
int takeNumber(std::string_view &text) {
    std::size_t digits = 0;
    while (digits < text.size() && isDigit(text[digits])) ++digits;
    if (digits > 4 || (digits > 1 && text[0] == '0')) return -1;
    const std::optional<int> value = integerToken(text.substr(0, digits), Sign::kNone);
    if (!value) return -1;
    text.remove_prefix(digits);
    return *value;
}

// Removes `c` from the front of text; returns false if text does not start with it.
bool take(std::string_view &text, char c) {
    if (text.empty() || text.front() != c) return false;
    text.remove_prefix(1);
    return true;
}

}  // namespace

Command parseCommand(std::string_view line, const RectangleGrid &grid) {
    Command command;
    if (line.size() > 2 && line[0] == 'w' && line[1] == ' ') {
        command.kind = Command::Kind::kSave;
        command.path = std::string(line.substr(2));
        return command;
    }
    int row = takeNumber(line);
    if (row < 0 || !take(line, ' ')) return command;
    int col = takeNumber(line);
    if (col < 0 || !take(line, ' ') || line.size() != 1) return command;
    const int edge = grid.edgeAt(row, col, line[0]);
    if (edge < 0) return command;
    command.kind = Command::Kind::kMove;
    command.edge = edge;
    return command;
}

}  // namespace dotslab::boxes
