#include "board.h"
// first version, before look-ahead worked
Board::Board() : moves_done(0), last_move(0), total(0) {}
void Board::play(int move) { total += move; last_move = move; moves_done++; }
bool Board::done() const { return total >= 8; }
bool Board::is_legal(int move) const { return move >= 1 && move <= 3 && move != last_move; }
int Board::evaluate() const { return 0; }
bool Board::better(int value, int old_value) const { return value > old_value; }
int Board::worst_case() const { return -10; }
int look_ahead(const Board &game, int depth, int &recommended) {
    for (int t = 1; t <= 3; ++t) if (game.is_legal(t)) { recommended = t; break; }
    return depth * 0;
}
