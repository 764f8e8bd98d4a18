#include "packed/packed_games.h"

#include <bitset>

#include "board/cruciform.h"
#include "board/hexagon.h"
#include "packed/packed_digits.h"

namespace dotslab {
namespace {

using Kind = PackedGame::Kind;

constexpr int kScoreDigit = 16;  // dotsboxes: Player p's score is digit 16 + p
constexpr int kOwnerDigit = 13;  // dotstriangles: cell c's owner is digit 13 + c

int countOf(CellSet cells) { return static_cast<int>(std::bitset<64>(cells).count()); }

// Returns the owner digit of every cell as printed: '1', '2' or a space.
std::string ownerLabels(const PackedGame &game, long long grid) {
    std::string labels;
    for (int c = 0; c < game.board.cellCount(); ++c) {
        int owner = digitAt(grid, kOwnerDigit + c);
        labels += owner == 0 ? ' ' : static_cast<char>('0' + owner);
    }
    return labels;
}

std::string joinRows(const std::vector<std::string> &rows) {
    std::string text;
    for (const std::string &row : rows) text += row + '\n';
    return text;
}

}  // namespace

LineSet PackedGame::filledLines(long long grid) const {
    // Walk the line digits from the last one up: only divisions by the constant 10.
    LineSet lines = 0;
    long long rest = grid / placeOf(lineCount());
    for (int pos = lineCount(); pos >= 1; --pos, rest /= 10)
        if (rest % 10 == 1) lines |= lineBit(pos - 1);
    return lines;
}

bool PackedGame::isFilled(long long grid, int pos) const { return digitAt(grid, pos) == 1; }

int PackedGame::playerScore(long long grid, int p) const {
    if (kind == Kind::kDotsboxes) return digitAt(grid, kScoreDigit + p);
    int score = 0;
    for (int c = 0; c < board.cellCount(); ++c)
        if (digitAt(grid, kOwnerDigit + c) == p) ++score;
    return score;
}

long long PackedGame::updated(long long grid, int pos, int p) const {
    if (isFilled(grid, pos)) return grid;
    return drawnWith(grid, pos, p, filledLines(grid) | lineBit(pos - 1), playerScore(grid, p));
}

long long PackedGame::drawnWith(long long grid, int pos, int p, LineSet after, int score) const {
    long long next = withDigit(grid, pos, 1);
    if (kind == Kind::kDotsboxes) {
        int closed = 0;
        for (int c : board.cellsOfLine(pos - 1))
            if ((board.linesOfCell(c) & ~after) == 0) ++closed;
        return withDigit(next, kScoreDigit + p, score + closed);
    }
    for (int c : board.cellsOfLine(pos - 1))
        if ((board.linesOfCell(c) & ~after) == 0) next = withDigit(next, kOwnerDigit + c, p);
    return next;
}

int PackedGame::gameState(long long grid) const {
    return gameStateWith(filledLines(grid), playerScore(grid, 1), playerScore(grid, 2));
}

int PackedGame::gameStateWith(LineSet lines, int score1, int score2) const {
    if (lines != board.allLines()) return 3;
    if (score1 == score2 && kind == Kind::kDotstriangles) return 0;
    return score1 > score2 ? 1 : 2;
}

std::string PackedGame::renderWith(long long grid, LineSet lines, int score1Value, int score2Value) const {
    std::string score1 = "Player 1 score: " + std::to_string(score1Value);
    std::string score2 = "Player 2 score: " + std::to_string(score2Value);
    if (kind == Kind::kDotsboxes) {
        std::vector<std::string> rows = drawBoard(board, lines, "", DrawStyle{'o', '-', '|'});
        rows[2] = annotate(rows[2], 14, score1);  // beside the upper middle dot row
        rows[4] = annotate(rows[4], 14, score2);  // beside the lower middle dot row
        return joinRows(rows);
    }
    std::vector<std::string> rows =
        drawBoard(board, lines, ownerLabels(*this, grid), DrawStyle{'o', '-', '|'});
    rows[3] = annotate(rows[3], 13, score1);  // beside the lower triangles
    rows[4] = annotate(rows[4], 13, score2);  // beside the bottom dot row
    return joinRows(rows);
}

bool PackedGame::isValid(long long grid) const {
    if (!fitsInDigits(grid)) return false;
    for (int pos = 1; pos <= lineCount(); ++pos)
        if (digitAt(grid, pos) > 1) return false;
    CellSet closed = board.closedCells(filledLines(grid));
    if (kind == Kind::kDotsboxes) return playerScore(grid, 1) + playerScore(grid, 2) == countOf(closed);
    for (int c = 0; c < board.cellCount(); ++c) {
        int owner = digitAt(grid, kOwnerDigit + c);
        bool isClosed = (closed >> c & 1) != 0;
        if (owner > 2 || (owner != 0) != isClosed) return false;
    }
    return true;
}

std::string PackedGame::prompt(int p) const {
    if (kind == Kind::kDotsboxes) return "Player " + std::to_string(p) + ", make your move (1-16): ";
    return "Player " + std::to_string(p) + "'s turn (1-12): ";
}

std::string PackedGame::endMessageFor(int state) const {
    return state == 0 ? "Draw game!\n" : "Player " + std::to_string(state) + " wins!\n";
}

std::string PackedGame::scoringMessage(int p) const {
    if (kind == Kind::kDotstriangles) return "";
    return "Player " + std::to_string(p) + " scores! Gets an extra turn.\n";
}

const PackedGame &dotsboxesGame() {
    static const PackedGame game{Kind::kDotsboxes, cruciformBoard(), ExtraTurnRule::kUnlimited, "dotsboxes"};
    return game;
}

const PackedGame &dotstrianglesGame() {
    static const PackedGame game{Kind::kDotstriangles, hexagonBoard(), ExtraTurnRule::kAtMostOne,
                                 "dotstriangles"};
    return game;
}

}  // namespace dotslab
