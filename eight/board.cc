// board.cc — CSCI 132 Lab 6: the Board of the game of eight, and the look-ahead.
#include "board.h"

Board::Board() : moves_done(0), last_move(0), total(0) {}

void Board::play(int move) {
    total += move;
    last_move = move;
    moves_done++;
}

bool Board::done() const { return total >= 8; }

bool Board::is_legal(int move) const { return move >= 1 && move <= 3 && move != last_move; }

int Board::evaluate() const {
    if (!done()) return 0;
    // The player who made the last move made the total 8 (and won) or passed it (and lost).
    bool human_moved_last = moves_done % 2 == 1;
    bool last_mover_won = total == 8;
    bool human_won = human_moved_last == last_mover_won;
    return human_won ? 9 - moves_done : moves_done - 9;
}

bool Board::better(int value, int old_value) const {
    if (human_to_move()) return value > old_value;
    return value < old_value;
}

int Board::worst_case() const {
    // Every outcome lies between -9 and 9.
    return human_to_move() ? -10 : 10;
}

int Board::current_total() const { return total; }

bool Board::human_to_move() const { return moves_done % 2 == 0; }

int Board::moves_made() const { return moves_done; }

int Board::last_number() const { return last_move; }

int look_ahead(const Board &game, int depth, int &recommended) {
    if (game.done() || depth == 0) return game.evaluate();
    int best_value = game.worst_case();
    for (int try_it = 1; try_it <= 3; try_it++) {
        if (!game.is_legal(try_it)) continue;
        Board new_game = game;
        new_game.play(try_it);
        int reply = 0;
        int value = look_ahead(new_game, depth - 1, reply);
        if (game.better(value, best_value)) {  // try_it is the best move yet found
            best_value = value;
            recommended = try_it;
        }
    }
    return best_value;
}
