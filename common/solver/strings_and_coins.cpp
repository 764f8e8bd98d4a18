#include "solver/strings_and_coins.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace dotslab {
namespace {

// Returns the number of set bits (baseline x86-64 has no popcount instruction).
int bitCount(LineSet set) {
    int count = 0;
    for (; set != 0; set &= set - 1) ++count;
    return count;
}

constexpr char kGround = 'g';

}  // namespace

StringsAndCoins::StringsAndCoins(const BoardGraph &graph) {
    for (int c = 0; c < graph.cellCount(); ++c) cellLines_.push_back(graph.linesOfCell(c));
    for (int l = 0; l < graph.lineCount(); ++l) {
        const std::vector<int> &cells = graph.cellsOfLine(l);
        lineCells_.push_back({cells.size() > 0 ? cells[0] : -1, cells.size() > 1 ? cells[1] : -1});
    }
}

std::string StringsAndCoins::key(LineSet lines) const {
    const int cells = static_cast<int>(cellLines_.size());
    std::vector<int> strings(cells);
    for (int c = 0; c < cells; ++c) strings[c] = bitCount(cellLines_[c] & ~lines);
    auto isJunction = [&](int c) { return strings[c] > 0 && strings[c] != 2; };
    std::vector<int> junctionOf(cells, -1), junctions;  // [cell] -> its index among the junctions
    for (int c = 0; c < cells; ++c)
        if (isJunction(c)) junctionOf[c] = static_cast<int>(junctions.size()), junctions.push_back(c);

    // Follows the string `line` out of `from` through coins of two strings; returns the
    // cell it ends on (-1: the ground, or `from` again round a loop) and counts the coins.
    std::vector<bool> seen(cells, false);
    auto follow = [&](int from, int line, int &length) {
        length = 0;
        int at = from;
        for (;;) {
            const int next = across(line, at);
            if (next < 0 || isJunction(next) || seen[next]) return next;
            seen[next] = true;
            ++length;
            line = __builtin_ctzll(cellLines_[next] & ~lines & ~lineBit(line));
            at = next;
        }
    };
    struct Edge {
        int a, b, length;  // junction indices, -1: the ground
    };
    std::vector<Edge> edges;
    std::vector<int> part(junctions.size());  // union-find over the junctions
    std::iota(part.begin(), part.end(), 0);
    auto root = [&](int j) {
        while (part[j] != j) j = part[j] = part[part[j]];
        return j;
    };
    for (int j = 0; j < static_cast<int>(junctions.size()); ++j) {
        for (LineSet open = cellLines_[junctions[j]] & ~lines; open != 0; open &= open - 1) {
            const int line = __builtin_ctzll(open);
            int length = 0;
            const int end = follow(junctions[j], line, length);
            // a run already walked from its other end: its far end is a junction, seen
            if (end >= 0 && !isJunction(end)) continue;
            const int to = end < 0 ? -1 : junctionOf[end];
            edges.push_back({j, to, length});
            if (to >= 0) part[root(j)] = root(to);
        }
    }
    std::vector<std::string> parts;
    // The coins of two strings left: chains from ground to ground, and loops.
    for (int c = 0; c < cells; ++c) {
        if (strings[c] != 2 || seen[c]) continue;
        seen[c] = true;
        const LineSet open = cellLines_[c] & ~lines;
        int lengths[2];
        const int end = follow(c, __builtin_ctzll(open), lengths[0]);
        if (end == c) {
            parts.push_back(std::string("l") + static_cast<char>('0' + lengths[0] + 1));
            continue;
        }
        follow(c, __builtin_ctzll(open & (open - 1)), lengths[1]);
        parts.push_back(std::string("c") + static_cast<char>('0' + lengths[0] + lengths[1] + 1));
    }
    // The parts with junctions, each under the order of its junctions that makes it least.
    for (int j = 0; j < static_cast<int>(junctions.size()); ++j) {
        if (root(j) != j) continue;
        std::vector<int> members;
        for (int k = 0; k < static_cast<int>(junctions.size()); ++k)
            if (root(k) == j) members.push_back(k);
        std::vector<Edge> own;
        for (const Edge &e : edges)
            if (root(e.a) == j) own.push_back(e);
        std::string best;
        if (static_cast<int>(members.size()) > kMaxJunctions) {  // keyed by its own cells and lines
            best = "x";
            for (int k : members) best += static_cast<char>('0' + junctions[k]);
            for (const Edge &e : own)
                best += {static_cast<char>('0' + e.a), static_cast<char>('0' + e.b + 1),
                         static_cast<char>('0' + e.length)};
            best += std::to_string(lines);
        } else {
            std::vector<int> rank(junctions.size(), 0), order(members.size());
            std::iota(order.begin(), order.end(), 0);
            do {
                for (std::size_t r = 0; r < order.size(); ++r) rank[members[order[r]]] = static_cast<int>(r);
                std::vector<std::array<char, 3>> list;
                for (const Edge &e : own) {
                    char a = static_cast<char>('0' + rank[e.a]);
                    char b = e.b < 0 ? kGround : static_cast<char>('0' + rank[e.b]);
                    if (b < a) std::swap(a, b);
                    list.push_back({a, b, static_cast<char>('0' + e.length)});
                }
                std::sort(list.begin(), list.end());
                std::string form = "j";
                for (const auto &e : list) form.append(e.begin(), e.end());
                if (best.empty() || form < best) best = form;
            } while (std::next_permutation(order.begin(), order.end()));
        }
        parts.push_back(best);
    }
    std::sort(parts.begin(), parts.end());
    std::string key;
    for (const std::string &p : parts) key += p + '|';
    return key;
}

}  // namespace dotslab
