// board.h — CSCI 132 Lab 6: the game of eight.
//
// Players alternately choose 1, 2 or 3, never the number the opponent chose last. A
// running total is kept: whoever makes it exactly 8 wins, whoever makes it exceed 8
// loses. Player 1 (the human) moves first, so the human is to move whenever an even
// number of moves has been made.
#ifndef EIGHT_BOARD_H
#define EIGHT_BOARD_H

class Board {
  public:
    Board();

    // Adds move (1, 2 or 3) to the total for the player whose turn it is.
    void play(int move);
    // Returns true once the total has reached or passed 8.
    bool done() const;
    // Returns true if move is 1, 2 or 3 and not the number chosen last.
    bool is_legal(int move) const;
    // Returns 9 - moves_done if the human has won, moves_done - 9 if the computer has won,
    // and 0 while the game goes on.
    int evaluate() const;
    // Returns true if value is better than old_value for the player to move: larger is
    // better for the human, smaller for the computer.
    bool better(int value, int old_value) const;
    // Returns a value worse than any outcome for the player to move.
    int worst_case() const;

    // Returns the running total.
    int current_total() const;
    // Returns true if the human (player 1) is to move.
    bool human_to_move() const;
    // Returns the number of moves made so far.
    int moves_made() const;
    // Returns the last number chosen (0 before the first move).
    int last_number() const;

  private:
    int moves_done;  // how many moves have been made: even means the human is to move
    int last_move;   // the number chosen last, which the next player may not choose
    int total;       // the running total
};

// Returns the minimax value of game looking depth moves ahead, and stores in recommended
// the first of 1, 2, 3 that reaches it (a later move replaces it only if strictly better).
int look_ahead(const Board &game, int depth, int &recommended);

#endif
