// rules.h — whose turn it is after a move, under the two extra-turn rules.
//
//   kUnlimited  (dotsboxes, boxes, dotscomputer): closing a cell always earns another move.
//   kAtMostOne  (dotstriangles): closing a cell earns another move unless the move was
//               already an extra one, so nobody moves three times in a row.
#pragma once

namespace dotslab {

enum class ExtraTurnRule { kUnlimited, kAtMostOne };

struct Turn {
    int player = 1;        // 1-based
    bool isExtra = false;  // this move is a reward for closing a cell
    friend bool operator==(Turn a, Turn b) { return a.player == b.player && a.isExtra == b.isExtra; }
};

// Returns true if the mover moves again after a move that closed `closed` cells;
// onExtraTurn says whether that move was itself an extra one.
constexpr bool movesAgain(ExtraTurnRule rule, bool onExtraTurn, int closed) {
    return closed > 0 && (rule == ExtraTurnRule::kUnlimited || !onExtraTurn);
}

// Returns true if the rule depends on whether a move is an extra one (only kAtMostOne
// does), so that a position must carry that flag.
constexpr bool remembersExtraTurns(ExtraTurnRule rule) { return rule == ExtraTurnRule::kAtMostOne; }

// Returns the turn that follows current when its move closed `closed` cells.
constexpr Turn turnAfter(ExtraTurnRule rule, Turn current, int closed, int playerCount) {
    if (movesAgain(rule, current.isExtra, closed)) return {current.player, true};
    return {current.player % playerCount + 1, false};
}

}  // namespace dotslab
