// rectangle_game.h — a game of Dots and Boxes on a RectangleGrid of any size, for any
// number of players: which edges are closed, who owns each cell, whose turn it is.
//
// Storage is one byte per edge and one per cell (a 999 x 999 game is about 3 MB), in the
// index order of RectangleGrid. Owners are 0 (open) or the 1-based player number.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board/extra_turn.h"
#include "board/rectangle.h"

namespace dotslab {

class RectangleGame {
  public:
    // Makes an empty game on a height x width grid; player 1 moves first.
    RectangleGame(int height, int width, int playerCount);
    // Makes a saved position: edges and owners as stored, `next` to move (as restore does,
    // without an empty board made first: a 999 x 999 game's 3 MB are never held twice).
    RectangleGame(int height, int width, int playerCount, std::vector<std::uint8_t> edges,
                  std::vector<std::uint8_t> owners, int next);

    // Returns the grid's shape and edge numbering.
    const RectangleGrid &grid() const { return grid_; }
    // Returns the number of players.
    int playerCount() const { return playerCount_; }
    // Returns the player to move (1-based).
    int currentPlayer() const { return turn_.player; }
    // Returns true if edge e is closed.
    bool isClosed(int e) const { return edges_[e] != 0; }
    // Returns the owner of cell i: 0 while open, else the player who closed it.
    int ownerOf(int cell) const { return owners_[cell]; }
    // Returns the number of edges still open.
    int openEdges() const { return openEdges_; }
    // Returns true when every edge is closed.
    bool isOver() const { return openEdges_ == 0; }
    // Returns how many of edge e's sides (cells) have all their other edges closed.
    int cellsClosedBy(int e) const;

    // Closes open edge e for the current player, gives them the cells it completes, and
    // passes the turn unless a cell was completed (and the game goes on). Returns the
    // number of cells completed (0, 1 or 2).
    int play(int e);

    // Returns every player's score, index 0 for player 1.
    std::vector<int> scores() const;
    // Returns the players (1-based, ascending) with the highest score.
    std::vector<int> winners() const;

    // Sets up a saved position: edges and owners as stored, `next` to move. The caller
    // has checked that owners are consistent with the edges (see isConsistent).
    void restore(std::vector<std::uint8_t> edges, std::vector<std::uint8_t> owners, int next);
    // Returns true if every cell has an owner exactly when its four edges are closed.
    bool isConsistent() const;

  private:
    // Returns how many cells closing open edge e completes, and stores them in completed.
    int cellsCompletedBy(int e, std::array<int, 2> &completed) const;

    RectangleGrid grid_;
    int playerCount_;
    std::vector<std::uint8_t> edges_;   // 1 = closed
    std::vector<std::uint8_t> owners_;  // 0 = open, else player
    int openEdges_;
    Turn turn_;
};

}  // namespace dotslab
