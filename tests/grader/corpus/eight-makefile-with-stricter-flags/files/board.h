#ifndef BOARD_H
#define BOARD_H
class Board {
  public:
    Board();
    void play(int move);
    bool done() const;
    bool is_legal(int move) const;
    int evaluate() const;
    bool better(int value, int old_value) const;
    int worst_case() const;
    int total_now() const { return total; }
    int moves() const { return moves_done; }

  private:
    int moves_done;
    int last_move;
    int total;
};
int look_ahead(const Board &game, int depth, int &recommended);
#endif
