// grid_file.h — the boxes save file: read strictly, written canonically.
//
//   1            the player to move next, 1..playercount
//   000          horizontal edges of dot row 0: width characters 0/1
//   0100         vertical edges of cell row 0: width+1 characters 0/1
//   011          ... alternating: 2*height+1 edge lines in all, in RectangleGrid order
//   0111
//   011
//   1000
//   100
//   0,0,0        owners of cell row 0: width integers 0..playercount, comma separated
//   0,1,2        ... height owner lines in all
//   0,0,0
//
// A file is a valid game only if it has exactly 1 + (2*height+1) + height lines (the
// final newline is optional, "\r\n" endings are accepted), every line has exactly the
// stated length and characters, every number is in range, a cell has an owner exactly
// when its four edges are closed, and at least one edge is still open.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "board/rectangle_game.h"
#include "text/integer_token.h"

namespace dotslab::boxes {

// Returns the value of text if it is one or more ASCII digits (nothing else) with a
// value in lo..hi, else nothing: boxes' numbers (sizes, owners) take no sign.
inline std::optional<int> parseInteger(std::string_view text, int lo, int hi) {
    return integerToken(text, Sign::kNone, lo, hi);
}

// Returns the game stored in text for a height x width grid and playerCount players, or
// nothing if text is not a valid game.
std::optional<RectangleGame> parseGridFile(std::string_view text, int height, int width, int playerCount);

// What loading a save file from disk came to: unreadable (no such file, a folder, a read
// error), or readable and then the game, or nothing if it is not a valid game.
struct LoadResult {
    bool readable = true;
    std::optional<RectangleGame> game;
};

// Returns the game in the file at path, read in one pass (never whole in memory).
LoadResult loadGridFile(const char *path, int height, int width, int playerCount);

// Gives the save file of game, with game's current player to move next, to write in
// pieces of at most 64 KB (never whole in memory); false if write failed.
bool writeGridFile(const RectangleGame &game, const std::function<bool(std::string_view)> &write);

// Returns the save file of game, as writeGridFile makes it.
std::string gridFileText(const RectangleGame &game);

}  // namespace dotslab::boxes
