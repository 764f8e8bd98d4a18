// console_text.h — how dotscomputer shows the board and names dots and edges.
//
//   a + +-+ +      dot rows: the row letter, a space, '+' dots with '-' or ' ' between
//     | |H|        box rows: two spaces, '|' or ' ' for each vertical edge, the box's
//   b + +-+-+      owner between them: 'H' (human), 'C' (computer) or ' '
//         |C|
//   c +-+-+-+      every line is 2N+3 characters: nothing is trimmed
//     1 2 3 4      the column numbers of the dots
//
// Dot "b3" is row b (the second dot row), column 3 (the third dot column).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "board/computer_player.h"
#include "board/rectangle_game.h"

namespace dotslab::dotscomputer {

// Returns the grid with its row letters and column numbers, each line ending in "\n".
std::string boardText(const RectangleGame &game);

// Returns "b1 and b2": edge e's dots, lower column first (horizontal) or lower row first.
std::string edgeDots(const RectangleGrid &grid, int e);

struct HumanMove {
    bool quit = false;  // the human typed Q
    int edge = -1;      // otherwise the open edge they chose
};

// Returns what a line typed by the human means, or nothing if it is not acceptable.
// Non-alphanumeric characters are dropped; then "Q" quits, and two letter/digit pairs
// (either order within a pair, lower-case letters) naming adjacent dots of an open edge
// make a move.
std::optional<HumanMove> parseHumanMove(std::string_view line, const RectangleGame &game);

}  // namespace dotslab::dotscomputer
