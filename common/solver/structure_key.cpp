#include "solver/structure_key.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace dotslab {
namespace {

constexpr int kGround = -1;  // a string's far end: the ground, or a junction's index

// Gamma codes written behind a leading 1, up to a limit of bits.
struct Code {
    std::uint64_t bits = 1;
    int used = 0;
    int limit = 0;
    bool tooLong = false;

    // Appends v's Elias gamma code (v >= 1): n - 1 zeros, then v's n binary digits.
    void gamma(unsigned v) {
        assert(v >= 1);
        const int n = 32 - __builtin_clz(v), width = 2 * n - 1;
        if (used + width > limit) {
            tooLong = true;
            return;
        }
        bits = bits << width | v;
        used += width;
    }
};

// Returns a well-mixed 64-bit value of x (splitmix64's finalizer).
std::uint64_t mixed(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Sorts the first n values of a small array ascending.
template <typename T>
void sortSmall(T *values, int n) {
    for (int i = 1; i < n; ++i)
        for (int k = i; k > 0 && values[k] < values[k - 1]; --k) std::swap(values[k], values[k - 1]);
}

}  // namespace

StructureKey::StructureKey(const BoardGraph &graph, int wordBits, int maxJunctions)
    : cells_(graph.cellCount()), wordBits_(wordBits), maxJunctions_(maxJunctions) {
    if (wordBits > 64 || wordBits <= graph.lineCount() + 1)
        throw std::invalid_argument("StructureKey: the word must have room above the lines");
    if (maxJunctions < 0 || maxJunctions > kMaxJunctions)
        throw std::invalid_argument("StructureKey: at most kMaxJunctions junctions");
    for (int c = 0; c < cells_; ++c) cellLines_.push_back(graph.linesOfCell(c));
    for (int l = 0; l < graph.lineCount(); ++l) {
        const std::vector<int> &cells = graph.cellsOfLine(l);
        lineCells_.push_back({cells.size() > 0 ? cells[0] : kGround, cells.size() > 1 ? cells[1] : kGround});
    }
    remembered_.resize(std::size_t{1} << kRememberedBits);
}

bool StructureKey::key(LineSet lines, std::uint64_t &word) const {
    Remembered &slot = remembered_[(lines * 0x9e3779b97f4a7c15ull) >> (64 - kRememberedBits)];
    if (slot.lines != lines) slot = {lines, computed(lines)};
    word = slot.word;
    return word != 0;
}

std::uint64_t StructureKey::computed(LineSet lines) const {
    // Step 1: the coins. Junctions have one, three or more strings; a run of coins with
    // two strings is known by its length alone. Counted first without branches (a cell's
    // state is a coin toss to the branch predictor): most positions early in a game have
    // too many junctions to key.
    int junctionCount = 0;
    CellSet twoStrings = 0;
    for (int c = 0; c < cells_; ++c) {
        const LineSet strings = cellLines_[c] & ~lines;
        const LineSet rest = strings & (strings - 1);
        const bool two = rest != 0 && (rest & (rest - 1)) == 0;
        twoStrings |= static_cast<CellSet>(two) << c;
        junctionCount += strings != 0 && !two;
    }
    if (junctionCount > maxJunctions_) return 0;
    int junctionCell[kMaxJunctions];
    int junctions = 0;
    for (int c = 0; c < cells_; ++c)
        if ((cellLines_[c] & ~lines) != 0 && !(twoStrings >> c & 1)) junctionCell[junctions++] = c;
    auto junctionOf = [&](int cell) {
        int j = 0;
        while (junctionCell[j] != cell) ++j;
        return j;
    };
    // Follows the string `line` out of `cell` through coins of two strings; returns the
    // cell it ends on (kGround, a junction, or `cell` again round a loop) and counts the
    // coins on the way.
    CellSet walked = 0;
    auto follow = [&](int cell, int line, int &length) {
        const int start = cell;
        for (;;) {
            const int next = across(line, cell);
            if (next == kGround || next == start || !(twoStrings >> next & 1)) return next;
            walked |= CellSet{1} << next;
            ++length;
            line = __builtin_ctzll(cellLines_[next] & ~lines & ~lineBit(line));
            cell = next;
        }
    };

    // Step 2: every string of every junction, to its far end.
    struct End {
        int target;  // kGround or a junction
        int length;  // coins of two strings on the way
    };
    End ends[kMaxJunctions][kMaxStrings];
    int endCount[kMaxJunctions] = {};
    for (int j = 0; j < junctions; ++j) {
        for (LineSet open = cellLines_[junctionCell[j]] & ~lines; open != 0; open &= open - 1) {
            if (endCount[j] == kMaxStrings) return 0;
            int length = 0;
            const int far = follow(junctionCell[j], __builtin_ctzll(open), length);
            ends[j][endCount[j]++] = {far == kGround ? kGround : junctionOf(far), length};
        }
    }

    // Step 3: the coins of two strings no junction reached: chains from ground to ground,
    // and loops.
    int chainLengths[BoardGraph::kMaxCells], loopLengths[BoardGraph::kMaxCells];
    int chains = 0, loops = 0;
    for (CellSet rest = twoStrings & ~walked; rest != 0; rest &= ~walked) {
        const int start = __builtin_ctzll(rest);
        walked |= CellSet{1} << start;
        const LineSet open = cellLines_[start] & ~lines;
        int length = 1;
        if (follow(start, __builtin_ctzll(open), length) == start) {
            loopLengths[loops++] = length;
            continue;
        }
        follow(start, __builtin_ctzll(open & (open - 1)), length);
        chainLengths[chains++] = length;
    }
    sortSmall(chainLengths, chains);
    sortSmall(loopLengths, loops);

    // Step 4: a label for each junction that does not depend on where it lies: its
    // strings' kinds and lengths, then refined by its neighbours' labels. Sums of mixed
    // values do not depend on the order of the strings; two labels that collide only
    // make more orders to try.
    std::uint64_t label[kMaxJunctions], refined[kMaxJunctions];
    for (int j = 0; j < junctions; ++j) {
        std::uint64_t sum = static_cast<std::uint64_t>(endCount[j]);
        for (int e = 0; e < endCount[j]; ++e) {
            const End &end = ends[j][e];
            const int kind = end.target == kGround ? 0 : end.target == j ? 1 : 2;
            sum += mixed(static_cast<std::uint64_t>(kind << 8 | end.length));
        }
        label[j] = mixed(sum);
    }
    for (int j = 0; j < junctions; ++j) {
        std::uint64_t sum = label[j];
        for (int e = 0; e < endCount[j]; ++e)
            if (const End &end = ends[j][e]; end.target != kGround && end.target != j)
                sum += mixed(label[end.target] ^ static_cast<std::uint64_t>(end.length) << 56);
        refined[j] = mixed(sum);
    }
    int order[kMaxJunctions];  // [rank] -> junction
    for (int j = 0; j < junctions; ++j) order[j] = j;
    for (int i = 1; i < junctions; ++i)
        for (int k = i; k > 0 && refined[order[k]] < refined[order[k - 1]]; --k)
            std::swap(order[k], order[k - 1]);
    // The groups of tied labels: [first, last) in order.
    int groupStart[kMaxJunctions], groupEnd[kMaxJunctions], groups = 0, orders = 1;
    for (int i = 0; i < junctions;) {
        int k = i + 1;
        while (k < junctions && refined[order[k]] == refined[order[i]]) ++k;
        for (int f = 2; f <= k - i; ++f) orders *= f;
        if (orders > kMaxOrders) return 0;
        groupStart[groups] = i;
        groupEnd[groups++] = k;
        i = k;
    }

    // Step 5: the code. The chains, loops and junction count are the same in every order.
    Code prefix;
    prefix.limit = wordBits_ - 2;  // the flag and the leading 1
    prefix.gamma(static_cast<unsigned>(chains + 1));
    for (int k = 0, previous = 0; k < chains; previous = chainLengths[k++])
        prefix.gamma(static_cast<unsigned>(chainLengths[k] - previous + 1));
    prefix.gamma(static_cast<unsigned>(loops + 1));
    for (int k = 0, previous = 0; k < loops; previous = loopLengths[k++])
        prefix.gamma(static_cast<unsigned>(loopLengths[k] - previous + 1));
    prefix.gamma(static_cast<unsigned>(junctions + 1));
    if (prefix.tooLong) return 0;

    // Returns the code of the junctions in the current order (its tooLong set if it is).
    auto codeOfOrder = [&]() {
        int rank[kMaxJunctions];
        for (int i = 0; i < junctions; ++i) rank[order[i]] = i;
        Code code = prefix;
        for (int i = 0; i < junctions && !code.tooLong; ++i) {
            const int j = order[i];
            // Each string as (far end, length): 0 the ground, 1 itself, 1 + d the junction
            // d places later; a string to an earlier junction was written there.
            int strings[kMaxStrings], count = 0;
            for (int e = 0; e < endCount[j]; ++e) {
                const End &end = ends[j][e];
                int far = 0;
                if (end.target == j) {
                    far = 1;
                } else if (end.target != kGround) {
                    if (rank[end.target] < i) continue;
                    far = 1 + rank[end.target] - i;
                }
                strings[count++] = far << 8 | end.length;
            }
            sortSmall(strings, count);
            code.gamma(static_cast<unsigned>(count + 1));
            for (int s = 0; s < count; ++s) {
                code.gamma(static_cast<unsigned>((strings[s] >> 8) + 1));
                code.gamma(static_cast<unsigned>((strings[s] & 0xff) + 1));
            }
        }
        return code;
    };
    // Every order of the tied junctions (an odometer over the groups' permutations); the
    // least code is the canonical one.
    std::uint64_t best = ~std::uint64_t{0};
    for (;;) {
        const Code code = codeOfOrder();
        if (code.tooLong) return 0;
        best = std::min(best, code.bits);
        int g = 0;
        while (g < groups && !std::next_permutation(order + groupStart[g], order + groupEnd[g])) ++g;
        if (g == groups) break;
    }
    return best | std::uint64_t{1} << (wordBits_ - 1);
}

}  // namespace dotslab
