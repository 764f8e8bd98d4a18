#include "solver/chains_and_loops.h"

#include <algorithm>
#include <cassert>

namespace dotslab {

ChainsAndLoops::ChainsAndLoops(const BoardGraph &graph) : across_(2 * graph.lineCount(), -1) {
    for (int c = 0; c < graph.cellCount(); ++c) cellLines_.push_back(graph.linesOfCell(c));
    for (int l = 0; l < graph.lineCount(); ++l) {
        const std::vector<int> &cells = graph.cellsOfLine(l);
        for (std::size_t k = 0; k < cells.size() && k < 2; ++k) across_[2 * l + k] = cells[k];
    }
}

bool ChainsAndLoops::twoSided(LineSet lines, int cell) const {
    const LineSet missing = cellLines_[cell] & ~lines;
    const LineSet rest = missing & (missing - 1);
    return rest != 0 && (rest & (rest - 1)) == 0;
}

ChainsAndLoops::Component ChainsAndLoops::walk(LineSet lines, int start, CellSet &seen) const {
    assert(twoSided(lines, start));
    Component component;
    seen |= CellSet{1} << start;
    const LineSet startMissing = cellLines_[start] & ~lines;
    const LineSet ways[2] = {startMissing & (~startMissing + 1), startMissing & (startMissing - 1)};
    for (int k = 0; k < 2; ++k) {
        int at = start, line = __builtin_ctzll(ways[k]);
        for (;;) {
            component.lines |= lineBit(line);
            const int next = across_[2 * line] == at ? across_[2 * line + 1] : across_[2 * line];
            if (next == start) {  // round to the first coin: a loop, all of it walked
                component.loop = true;
                return component;
            }
            if (next < 0 || !twoSided(lines, next)) {  // the ground or a junction: an end
                component.ends[k] = next;
                component.endLines[k] = line;
                break;
            }
            assert(!(seen & (CellSet{1} << next)));
            seen |= CellSet{1} << next;
            ++component.length;
            line = __builtin_ctzll(cellLines_[next] & ~lines & ~lineBit(line));
            at = next;
        }
    }
    return component;
}

ChainsAndLoops::Openings ChainsAndLoops::openings(LineSet lines) const {
    Openings openings;
    CellSet seen = 0;
    for (int start = 0; start < static_cast<int>(cellLines_.size()); ++start) {
        if ((seen & (CellSet{1} << start)) || !twoSided(lines, start)) continue;
        const Component c = walk(lines, start, seen);
        if (!c.loop && c.ends[0] >= 0 && c.ends[0] == c.ends[1]) continue;  // both ends on one junction
        Opening opening;
        if (c.loop) {
            opening.line = __builtin_ctzll(c.lines);
            opening.most = 4 - c.length;
        } else if (c.length == 2) {  // the middle
            opening.line = __builtin_ctzll(c.lines & ~lineBit(c.endLines[0]) & ~lineBit(c.endLines[1]));
        } else {
            opening.line = c.endLines[0];
            if (c.length >= 3) opening.most = 2 - c.length;
        }
        openings.redundant |= c.lines & ~lineBit(opening.line);
        openings.kept[openings.count++] = opening;
    }
    return openings;
}

bool ChainsAndLoops::value(LineSet lines, int &value) {
    // Step 1: every open cell has exactly two open sides.
    const int cells = static_cast<int>(cellLines_.size());
    for (int c = 0; c < cells; ++c)
        if ((cellLines_[c] & ~lines) != 0 && !twoSided(lines, c)) return false;

    // Step 2: each component's length (no junctions: every chain runs from ground to ground).
    std::string components;
    CellSet seen = 0;
    for (int start = 0; start < cells; ++start) {
        if ((cellLines_[start] & ~lines) == 0 || (seen & (CellSet{1} << start))) continue;
        const Component c = walk(lines, start, seen);
        if (c.loop && c.length < 4) return false;
        components.push_back(static_cast<char>(c.loop ? kLoop + c.length : c.length));
    }

    // Step 3: the value depends only on the lengths.
    std::sort(components.begin(), components.end());
    value = valueOf(components);
    return true;
}

int ChainsAndLoops::valueOf(const std::string &components) {
    if (components.empty()) return 0;
    if (const auto known = known_.find(components); known != known_.end()) return known->second;
    int best = -64;
    for (std::size_t k = 0; k < components.size(); ++k) {
        if (k > 0 && components[k] == components[k - 1]) continue;  // the same kind: the same value
        const int opened = components[k];
        std::string rest = components;
        rest.erase(k, 1);
        const int after = valueOf(rest);  // V(G'): the rest, for whoever moves in it
        int v = 0;
        if (opened >= kLoop)
            v = -std::max(opened - kLoop + after, opened - kLoop - 8 - after);
        else if (opened >= 3)
            v = -std::max(opened + after, opened - 4 - after);
        else
            v = -(opened + after);
        best = std::max(best, v);
    }
    known_.emplace(components, best);
    return best;
}

}  // namespace dotslab
