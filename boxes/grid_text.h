// grid_text.h — the boxes grid as printed:
//
//   + + + +        dot rows: '+' dots, '-' for a closed horizontal edge, else a space
//   |A|  ···       cell rows: '|' for a closed vertical edge, the owner's symbol inside
//   + +-+ +        every row is 2*width+1 characters, trailing spaces kept
//
// Player k's symbol is the byte 'A' + k - 1 (after 'Z' come '[', '\', ...).
#pragma once

#include <ostream>
#include <string>

#include "board/rectangle_game.h"

namespace dotslab::boxes {

// Returns player k's (1-based) symbol.
inline char playerSymbol(int player) { return static_cast<char>('A' + player - 1); }

// Writes the grid to out, one line per row, each ending in a newline, in blocks of 64 KB.
void writeGrid(const RectangleGame &game, std::ostream &out);

// Returns the grid as writeGrid writes it.
std::string gridText(const RectangleGame &game);

}  // namespace dotslab::boxes
