#include "board/rectangle_game.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace dotslab {

RectangleGame::RectangleGame(int height, int width, int playerCount)
    : grid_(height, width),
      playerCount_(playerCount),
      edges_(grid_.edgeCount(), 0),
      owners_(grid_.cellCount(), 0),
      openEdges_(grid_.edgeCount()) {
    if (playerCount < 1 || playerCount > 255) throw std::invalid_argument("player count out of range");
}

RectangleGame::RectangleGame(int height, int width, int playerCount, std::vector<std::uint8_t> edges,
                             std::vector<std::uint8_t> owners, int next)
    : grid_(height, width), playerCount_(playerCount), openEdges_(0) {
    if (playerCount < 1 || playerCount > 255) throw std::invalid_argument("player count out of range");
    restore(std::move(edges), std::move(owners), next);
}

int RectangleGame::cellsCompletedBy(int e, std::array<int, 2> &completed) const {
    std::array<int, 2> cells{};
    const int n = grid_.cellsOfEdge(e, cells);
    int count = 0;
    for (int k = 0; k < n; ++k) {
        std::array<int, 4> sides = grid_.edgesOfCell(cells[k]);
        if (std::all_of(sides.begin(), sides.end(), [&](int s) { return s == e || edges_[s]; }))
            completed[count++] = cells[k];
    }
    return count;
}

int RectangleGame::cellsClosedBy(int e) const {
    std::array<int, 2> completed{};
    return cellsCompletedBy(e, completed);
}

int RectangleGame::play(int e) {
    assert(!isClosed(e));
    std::array<int, 2> completed{};
    const int count = cellsCompletedBy(e, completed);
    edges_[e] = 1;
    --openEdges_;
    for (int k = 0; k < count; ++k) owners_[completed[k]] = static_cast<std::uint8_t>(turn_.player);
    if (!isOver()) turn_ = turnAfter(ExtraTurnRule::kUnlimited, turn_, count, playerCount_);
    return count;
}

std::vector<int> RectangleGame::scores() const {
    std::vector<int> score(playerCount_, 0);
    for (std::uint8_t owner : owners_)
        if (owner != 0) ++score[owner - 1];
    return score;
}

std::vector<int> RectangleGame::winners() const {
    std::vector<int> score = scores(), best;
    int top = *std::max_element(score.begin(), score.end());
    for (int p = 0; p < playerCount_; ++p)
        if (score[p] == top) best.push_back(p + 1);
    return best;
}

void RectangleGame::restore(std::vector<std::uint8_t> edges, std::vector<std::uint8_t> owners, int next) {
    if (static_cast<int>(edges.size()) != grid_.edgeCount() ||
        static_cast<int>(owners.size()) != grid_.cellCount() || next < 1 || next > playerCount_)
        throw std::invalid_argument("saved position does not fit the game");
    edges_ = std::move(edges);
    owners_ = std::move(owners);
    openEdges_ = static_cast<int>(std::count(edges_.begin(), edges_.end(), 0));
    turn_ = Turn{next, false};
}

bool RectangleGame::isConsistent() const {
    for (int c = 0; c < grid_.cellCount(); ++c) {
        std::array<int, 4> sides = grid_.edgesOfCell(c);
        bool closed = std::all_of(sides.begin(), sides.end(), [&](int s) { return edges_[s] != 0; });
        bool owned = owners_[c] != 0;
        if (closed != owned || owners_[c] > playerCount_) return false;
    }
    return true;
}

}  // namespace dotslab
