#include "perfect_player.h"

#include <algorithm>
#include <cassert>

#include "board/computer_player.h"
#include "board/rectangle.h"

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

namespace {

// Returns true if move keeps value, the value of lines for the mover: one null-window test.
bool keepsValue(Solver &solver, LineSet lines, int value, int move) {
    const int closes = solver.graph().cellsClosedBy(lines, move);
    const LineSet after = lines | lineBit(move);
    if (after == solver.graph().allLines()) return closes >= value;
    return closes > 0 ? solver.valueAtLeast(SolverPosition{after, false}, value - closes)  // closes + after
                      : !solver.valueAtLeast(SolverPosition{after, false}, 1 - value);     // -after
}

// Returns the game of a square board with lines filled (the four rules read only the edges).
RectangleGame gameOf(int size, LineSet lines) {
    std::vector<std::uint8_t> edges(2 * size * (size + 1), 0);
    for (std::size_t e = 0; e < edges.size(); ++e) edges[e] = (lines & lineBit(static_cast<int>(e))) != 0;
    return RectangleGame(size, size, 2, edges, std::vector<std::uint8_t>(size * size, 0), 1);
}

}  // namespace

ChosenMove choosePerfectMove(Solver &solver, int size, LineSet lines, KnownValue known,
                             int mistakeSearchLines) {
    const RectangleGame game = gameOf(size, lines);
    const int value = known.exact ? known.atLeast : solver.value(SolverPosition{lines, false}, known.atLeast);
    const int open = solver.graph().lineCount() - __builtin_popcountll(lines);
    if (open > mistakeSearchLines) {
        // The four rules' tie-break is one order of all the lines (rules 3 and 4 leave no
        // tie): the first line in it that keeps the value is their pick among the optimal
        // ones, found with a test per line tried instead of one per open line.
        std::vector<int> unordered;
        for (int line = 0; line < solver.graph().lineCount(); ++line)
            if (!(lines & lineBit(line))) unordered.push_back(line);
        while (!unordered.empty()) {
            const int next = breakTies(game, unordered);
            if (keepsValue(solver, lines, value, next)) return {next, value};
            unordered.erase(std::find(unordered.begin(), unordered.end(), next));
        }
        assert(false && "some line keeps the value");
    }
    std::vector<int> optimal;
    for (int line = 0; line < solver.graph().lineCount(); ++line)
        if (!(lines & lineBit(line)) && keepsValue(solver, lines, value, line)) optimal.push_back(line);
    assert(!optimal.empty());
    if (optimal.size() == 1) return {optimal.front(), value};
    std::vector<int> most;  // the optimal moves with the most losing replies
    int mostLosing = -1;
    for (int line : optimal) {
        const int losing = losingReplies(solver, lines, value, line);
        if (losing > mostLosing) most.clear(), mostLosing = losing;
        if (losing == mostLosing) most.push_back(line);
    }
    return {breakTies(game, most), value};
}

PerfectPlayer::PerfectPlayer(int size, std::unique_ptr<OpeningBook> book, SolverOptions options)
    : size_(size),
      board_(std::make_unique<BoardGraph>(rectangleBoard(size, size))),
      book_(std::move(book)),
      solver_(std::make_unique<Solver>(*board_, ExtraTurnRule::kUnlimited, options)) {}

int PerfectPlayer::choose(const RectangleGame &game) {
    const LineSet lines = filledLines(game);
    const std::vector<int> scores = game.scores();
    assert(scores.size() == 2);
    const int me = game.currentPlayer() - 1;
    const int margin = scores[me] - scores[1 - me];
    std::optional<ChosenMove> chosen = book_ ? book_->move(lines) : std::nullopt;
    lastFromBook_ = chosen.has_value();
    if (!chosen) {
        const bool sameGame = keptMargin_ && (keptLines_ & ~lines) == 0;  // the game the last choice was in
        KnownValue known;
        if (sameGame) known = {*keptMargin_ - margin, lines == keptLines_};  // nothing since: its own capture
        chosen = choosePerfectMove(*solver_, size_, lines, known);
    }
    keptMargin_ = margin + chosen->value;
    keptLines_ = lines | lineBit(chosen->line);
    return chosen->line;
}

}  // namespace dotslab::dotscomputer
