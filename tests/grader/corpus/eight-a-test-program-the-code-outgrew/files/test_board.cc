// A quick test of the board, written early in the lab ("You may want to write a short
// test program"): look_ahead has since taken a third parameter.
#include <iostream>
#include "board.h"

int main() {
    Board game;
    std::cout << look_ahead(game, 3) << "\n";
    return 0;
}
