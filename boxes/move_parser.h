// move_parser.h — what one line typed at the "A> " prompt means.
//
//   "R C h"  the horizontal edge from dot (R, C) to (R, C+1)   0 <= R <= height, 0 <= C < width
//   "R C v"  the vertical edge from dot (R, C) to (R+1, C)     0 <= R < height,  0 <= C <= width
//   "w PATH" save the game to PATH (the rest of the line, not empty)
//
// Numbers are decimal without leading zeros ("0", "12", never "012"); exactly one space
// between the parts, nothing before or after. Anything else is invalid.
#pragma once

#include <string>
#include <string_view>

#include "board/rectangle.h"

namespace dotslab::boxes {

struct Command {
    enum class Kind { kInvalid, kMove, kSave };
    Kind kind = Kind::kInvalid;
    int edge = -1;     // kMove: the edge index in the grid (in range; maybe already closed)
    std::string path;  // kSave: where to save
};

// Returns what line (without its line ending) asks for on grid.
Command parseCommand(std::string_view line, const RectangleGrid &grid);

}  // namespace dotslab::boxes
