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

// Returns the turn that follows current when its move closed `closed` cells.
constexpr Turn turnAfter(ExtraTurnRule rule, Turn current, int closed, int playerCount) {
    bool again = closed > 0 && (rule == ExtraTurnRule::kUnlimited || !current.isExtra);
    if (again) return {current.player, true};
    return {current.player % playerCount + 1, false};
}

}  // namespace dotslab
