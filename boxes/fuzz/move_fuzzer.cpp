// libFuzzer target for the move parser and the line reader. The first two bytes choose
// the grid (1..999 each); the rest is typed input. The grammar is canonical, so a line
// accepted as a move must be exactly the text of the edge it names.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "move_parser.h"
#include "text/line_reader.h"

namespace {

std::string moveText(const dotslab::RectangleGrid &grid, int e) {
    return std::to_string(grid.edgeRow(e)) + " " + std::to_string(grid.edgeCol(e)) +
           (grid.isHorizontal(e) ? " h" : " v");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    if (size < 2) return 0;
    dotslab::RectangleGrid grid(1 + data[0] * 997 / 255, 1 + data[1] * 997 / 255);
    std::istringstream input(std::string(reinterpret_cast<const char *>(data + 2), size - 2));
    while (std::optional<dotslab::InputLine> line = dotslab::readLine(input, 64)) {
        if (line->text.size() > 65 || line->text.find('\n') != std::string::npos) std::abort();
        dotslab::boxes::Command command = dotslab::boxes::parseCommand(line->text, grid);
        using Kind = dotslab::boxes::Command::Kind;
        if (command.kind == Kind::kMove && (command.edge < 0 || command.edge >= grid.edgeCount() ||
                                            moveText(grid, command.edge) != line->text))
            std::abort();
        if (command.kind == Kind::kSave &&
            (line->text.compare(0, 2, "w ") != 0 || command.path != line->text.substr(2)))
            std::abort();
    }
    return 0;
}
