#include "perfect_player.h"

#include <cassert>

#include "board/rectangle.h"
#include "computer_player.h"

namespace dotslab::dotscomputer {

int losingReplies(Solver &solver, LineSet lines, int value, int move) {
    const BoardGraph &graph = solver.graph();
    if (graph.cellsClosedBy(lines, move) > 0) return 0;  // the mover moves again: no reply
    const LineSet reply = lines | lineBit(move);
    const int replyValue = -value;  // the opponent's value after an optimal move
    int losing = 0;
    for (int line = 0; line < graph.lineCount(); ++line) {
        if (reply & lineBit(line)) continue;
        const int closes = graph.cellsClosedBy(reply, line);
        const LineSet after = reply | lineBit(line);
        bool loses;
        if (after == graph.allLines())
            loses = closes < replyValue;
        else if (closes > 0)  // worth closes + value(after): loses if value(after) < replyValue - closes
            loses = !solver.valueAtLeast(SolverPosition{after, false}, replyValue - closes);
        else  // worth -value(after): loses if value(after) > -replyValue
            loses = solver.valueAtLeast(SolverPosition{after, false}, 1 - replyValue);
        losing += loses;
    }
    return losing;
}

SolverOptions perfectSolverOptions(int size) {
    SolverOptions options;
    options.threads = 2;
    if (size == 4) options.tableBits = kFourByFourTableBits;
    return options;
}

LineSet filledLines(const RectangleGame &game) {
    LineSet lines = 0;
    for (int e = 0; e < game.grid().edgeCount(); ++e)
        if (game.isClosed(e)) lines |= lineBit(e);
    return lines;
}

int choosePerfectMove(Solver &solver, int size, LineSet lines, int mistakeSearchLines) {
    std::vector<int> optimal = solver.optimalMoves(SolverPosition{lines, false});
    assert(!optimal.empty());
    const int open = solver.graph().lineCount() - __builtin_popcountll(lines);
    if (optimal.size() > 1 && open <= mistakeSearchLines) {
        const int value = solver.value(SolverPosition{lines, false});
        std::vector<int> most;
        int mostLosing = -1;
        for (int move : optimal) {
            const int losing = losingReplies(solver, lines, value, move);
            if (losing > mostLosing) most.clear(), mostLosing = losing;
            if (losing == mostLosing) most.push_back(move);
        }
        optimal = most;
    }
    if (optimal.size() == 1) return optimal.front();
    std::vector<std::uint8_t> edges(solver.graph().lineCount(), 0);
    for (int e = 0; e < solver.graph().lineCount(); ++e) edges[e] = (lines & lineBit(e)) != 0;
    const RectangleGame game(size, size, 2, edges, std::vector<std::uint8_t>(size * size, 0), 1);
    return breakTies(game, optimal);
}

PerfectPlayer::PerfectPlayer(int size, std::unique_ptr<OpeningBook> book, SolverOptions options)
    : size_(size), board_(std::make_unique<BoardGraph>(rectangleBoard(size, size))), book_(std::move(book)),
      solver_(std::make_unique<Solver>(*board_, ExtraTurnRule::kUnlimited, options)) {}

int PerfectPlayer::choose(const RectangleGame &game) {
    const LineSet lines = filledLines(game);
    if (book_)
        if (std::optional<int> move = book_->move(lines)) {
            lastFromBook_ = true;
            return *move;
        }
    lastFromBook_ = false;
    return choosePerfectMove(*solver_, size_, lines);
}

}  // namespace dotslab::dotscomputer
