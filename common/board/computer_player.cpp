#include "board/computer_player.h"

#include <algorithm>
#include <stdexcept>

namespace dotslab::dotscomputer {
namespace {

// Returns how many of cell c's four edges are closed.
int closedSides(const RectangleGame &game, int c) {
    std::array<int, 4> sides = game.grid().edgesOfCell(c);
    return static_cast<int>(
        std::count_if(sides.begin(), sides.end(), [&](int e) { return game.isClosed(e); }));
}

// Returns true if closing open edge e would give some box its third edge.
bool givesAwayABox(const RectangleGame &game, int e) {
    std::array<int, 2> cells{};
    int n = game.grid().cellsOfEdge(e, cells);
    for (int k = 0; k < n; ++k)
        if (closedSides(game, cells[k]) == 2) return true;
    return false;
}

// Returns the number of open edges that end at dot (r, c).
int openEdgesAt(const RectangleGame &game, int r, int c) {
    const RectangleGrid &g = game.grid();
    int open = 0;
    if (c > 0 && !game.isClosed(g.horizontalEdge(r, c - 1))) ++open;
    if (c < g.width() && !game.isClosed(g.horizontalEdge(r, c))) ++open;
    if (r > 0 && !game.isClosed(g.verticalEdge(r - 1, c))) ++open;
    if (r < g.height() && !game.isClosed(g.verticalEdge(r, c))) ++open;
    return open;
}

// Returns the sum of the column numbers (x) of edge e's two dots, 1-based.
int columnSum(const RectangleGrid &g, int e) { return 2 * (g.edgeCol(e) + 1) + (g.isHorizontal(e) ? 1 : 0); }

// Returns the sum of the row numbers (y) of edge e's two dots, 1-based.
int rowSum(const RectangleGrid &g, int e) { return 2 * (g.edgeRow(e) + 1) + (g.isHorizontal(e) ? 0 : 1); }

// Returns the candidates for which score is largest (keepLargest) or smallest.
template <class Score>
std::vector<int> keepBest(const std::vector<int> &candidates, Score score, bool keepLargest) {
    std::vector<int> best;
    int bestScore = 0;
    for (int e : candidates) {
        int s = score(e);
        if (best.empty() || (keepLargest ? s > bestScore : s < bestScore)) {
            best.assign(1, e);
            bestScore = s;
        } else if (s == bestScore) {
            best.push_back(e);
        }
    }
    return best;
}

}  // namespace

std::vector<int> firstRuleCandidates(const RectangleGame &game) {
    std::vector<int> completing, safe, open;
    for (int e = 0; e < game.grid().edgeCount(); ++e) {
        if (game.isClosed(e)) continue;
        open.push_back(e);
        if (game.cellsClosedBy(e) > 0)
            completing.push_back(e);
        else if (!givesAwayABox(game, e))
            safe.push_back(e);
    }
    if (!completing.empty()) return completing;
    return safe.empty() ? open : safe;
}

int degreesOfFreedom(const RectangleGame &game, int e) {
    const RectangleGrid &g = game.grid();
    int r = g.edgeRow(e), c = g.edgeCol(e);
    int r2 = g.isHorizontal(e) ? r : r + 1, c2 = g.isHorizontal(e) ? c + 1 : c;
    int touching = openEdgesAt(game, r, c) + openEdgesAt(game, r2, c2);
    return game.isClosed(e) ? touching : touching - 1;  // e touches both dots: count it once
}

int chooseEdge(const RectangleGame &game, RowsCounted rows) {
    return breakTies(game, firstRuleCandidates(game), rows);
}

int breakTies(const RectangleGame &game, std::vector<int> candidates, RowsCounted rows) {
    const RectangleGrid &g = game.grid();
    if (candidates.empty()) throw std::logic_error("breakTies: no candidate edge");
    candidates = keepBest(
        candidates, [&](int e) { return degreesOfFreedom(game, e); }, true);
    candidates = keepBest(
        candidates, [&](int e) { return columnSum(g, e); }, false);
    // Counted upward, the smallest sum of y is the largest sum of rows counted downward.
    candidates = keepBest(
        candidates, [&](int e) { return rowSum(g, e); }, rows == RowsCounted::kUpward);
    return candidates.front();
}

}  // namespace dotslab::dotscomputer
