#include "solver/solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <thread>

namespace dotslab {
// Returns a table size that fits the board: big enough for hard boards, cheap for small ones.
int tableBitsFor(int wordBits, const SolverOptions &options) {
    const int bits = options.tableBits > 0 ? options.tableBits : std::clamp(wordBits - 8, 9, 22);
    return std::max(bits, BoundsTable::minimumBits(wordBits));
}

// Returns the bits of a table word: the lines, and the extra-turn flag if the rule has one.
int wordBitsFor(const BoardGraph &graph, ExtraTurnRule rule) {
    if (graph.cellCount() > BoundsTable::kMaxCells) throw std::invalid_argument("Solver: at most 31 cells");
    const int bits = graph.lineCount() + (rule == ExtraTurnRule::kAtMostOne ? 1 : 0);
    if (bits > 64) throw std::invalid_argument("Solver: at most 63 lines under the at-most-one rule");
    return bits;
}

Solver::Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options)
    : Solver(graph, rule, options,
             std::make_shared<BoundsTable>(wordBitsFor(graph, rule), tableBitsFor(wordBitsFor(graph, rule), options)), 0) {}

Solver::Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options, std::shared_ptr<BoundsTable> table,
               int helperIndex)
    : graph_(graph), rule_(rule), options_(options), symmetry_(graph), table_(std::move(table)), helperIndex_(helperIndex) {
    // Centre first: lines ordered by the distance of their midpoint from the board's centre.
    double rowMid = 0, colMid = 0;
    for (int l = 0; l < graph.lineCount(); ++l) {
        rowMid += graph.line(l).from.row + graph.line(l).to.row;
        colMid += graph.line(l).from.col + graph.line(l).to.col;
    }
    rowMid /= graph.lineCount();
    colMid /= graph.lineCount();
    for (int l = 0; l < graph.lineCount(); ++l) order_.push_back(l);
    auto distance = [&](int l) {
        const Line &line = graph.line(l);
        return std::hypot(line.from.row + line.to.row - rowMid, line.from.col + line.to.col - colMid);
    };
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return distance(a) < distance(b); });
    for (int l = 0; l < graph.lineCount(); ++l) {
        std::array<int, 2> cells{-1, -1};
        const std::vector<int> &of = graph.cellsOfLine(l);
        for (std::size_t k = 0; k < of.size() && k < 2; ++k) cells[k] = of[k];
        lineCells_.push_back(cells);
        lineCellCount_.push_back(static_cast<int>(std::min<std::size_t>(of.size(), 2)));
    }
    for (int c = 0; c < graph.cellCount(); ++c) cellLines_.push_back(graph.linesOfCell(c));
    // inverse_[s][image] = the line that symmetry s takes to image.
    inverse_.assign(symmetry_.count(), std::vector<int>(graph.lineCount()));
    for (int s = 0; s < symmetry_.count(); ++s)
        for (int l = 0; l < graph.lineCount(); ++l) inverse_[s][symmetry_.image(s, l)] = l;
    // Twin lines: in the strings-and-coins view a position is a graph of cells joined by
    // open lines, and two open lines between the same cells (or the same cell and the
    // outside) are interchangeable, so positions that differ only in which twins are
    // filled have one value.
    earlierTwins_.assign(graph.lineCount(), 0);
    if (options_.useTwinLines) {
        std::map<std::vector<int>, LineSet> byCells;
        for (int l = 0; l < graph.lineCount(); ++l) {
            std::vector<int> cells = graph.cellsOfLine(l);
            std::sort(cells.begin(), cells.end());
            if (!cells.empty()) byCells[cells] |= lineBit(l);
        }
        for (const auto &[cells, group] : byCells) {
            if ((group & (group - 1)) == 0) continue;  // a single line
            TwinGroup twins;
            twins.lines = group;
            twins.firstLines.push_back(0);
            for (LineSet rest = group; rest != 0; rest &= rest - 1) {
                const LineSet bit = rest & (~rest + 1);
                earlierTwins_[__builtin_ctzll(bit)] = twins.firstLines.back();
                twins.firstLines.push_back(twins.firstLines.back() | bit);
            }
            twinGroups_.push_back(twins);
        }
    }
    // imageTwins_[l][s]: the twins of line l's image under symmetry s, itself included.
    std::vector<LineSet> twinsOf(graph.lineCount());
    for (int l = 0; l < graph.lineCount(); ++l) twinsOf[l] = lineBit(l);
    for (const TwinGroup &twins : twinGroups_)
        for (LineSet rest = twins.lines; rest != 0; rest &= rest - 1) twinsOf[__builtin_ctzll(rest)] = twins.lines;
    imageTwins_.assign(graph.lineCount(), Images{});
    for (int l = 0; l < graph.lineCount(); ++l)
        for (int s = 0; s < symmetry_.count(); ++s) imageTwins_[l][s] = twinsOf[symmetry_.image(s, l)];
}

Solver::~Solver() = default;

int Solver::capturesOf(LineSet lines, int line) const {
    const LineSet after = lines | lineBit(line);
    int closed = 0;
    for (int k = 0; k < lineCellCount_[line]; ++k) closed += (cellLines_[lineCells_[line][k]] & ~after) == 0;
    return closed;
}

int Solver::missingSides(LineSet lines, int cell) const {
    int count = 0;
    for (LineSet missing = cellLines_[cell] & ~lines; missing != 0; missing &= missing - 1) ++count;
    return count;
}

// Follows the chain that capturing `cell` through its last open side `missing` runs into.
Solver::Chain Solver::walkChain(LineSet lines, int cell, int missing) const {
    Chain chain;
    chain.length = 1;
    int from = cell, edge = missing;
    for (int steps = 0; steps < graph_.cellCount(); ++steps) {
        int next = -1;
        for (int c : graph_.cellsOfLine(edge))
            if (c != from) next = c;
        if (next < 0) return chain;  // the edge of the board: an open end
        const int open = missingSides(lines, next);
        if (open == 1) {  // the far box can be taken too: a closed chain
            chain.length += 1;
            chain.closed = true;
            return chain;
        }
        if (open != 2) return chain;  // a junction: an open end
        chain.length += 1;
        LineSet others = graph_.linesOfCell(next) & ~lines & ~lineBit(edge);
        chain.lastMissing = __builtin_ctzll(others);
        from = next;
        edge = chain.lastMissing;
    }
    return chain;
}

// Applies the chain reductions. Returns how many moves are left to search (1 or 2, stored
// in moves), or 0 when they do not apply.
int Solver::reducedMoves(LineSet lines, int moves[2]) const {
    int capturable = 0, onlyCell = -1, onlyMissing = -1;
    for (int c = 0; c < graph_.cellCount(); ++c) {
        if (missingSides(lines, c) != 1) continue;
        const int missing = __builtin_ctzll(graph_.linesOfCell(c) & ~lines);
        const Chain chain = walkChain(lines, c, missing);
        if ((!chain.closed && chain.length >= 3) || (chain.closed && chain.length >= 5)) {
            moves[0] = missing;  // capturing into a long chain is optimal
            return 1;
        }
        ++capturable;
        onlyCell = c;
        onlyMissing = missing;
    }
    if (capturable == 1) {
        const Chain chain = walkChain(lines, onlyCell, onlyMissing);
        if (!chain.closed && chain.length == 2) {  // capture, or decline with the double-dealing move
            moves[0] = onlyMissing;
            moves[1] = chain.lastMissing;
            return 2;
        }
    }
    return 0;
}

int Solver::searchFrom(LineSet lines, bool extra, int alpha, int beta) {
    Images images{};
    const int symmetries = options_.useSymmetry ? symmetry_.count() : 1;
    for (int s = 0; s < symmetries; ++s) images[s] = withTwinsInOrder(symmetry_.apply(s, lines));
    if (options_.threads <= 1) return search(images, extra, alpha, beta);

    // Every thread searches the whole tree; the first to finish has the answer and stops the rest.
    std::atomic<bool> stop{false};
    std::atomic<int> winner{-1};
    std::vector<int> results(options_.threads);
    auto run = [&](Solver &solver, int index) {
        solver.stop_ = &stop;
        const int result = solver.search(images, extra, alpha, beta);
        int none = -1;
        if (winner.compare_exchange_strong(none, index)) {
            results[index] = result;
            stop = true;
        }
        solver.stop_ = nullptr;
    };
    std::vector<std::unique_ptr<Solver>> helpers;
    std::vector<std::thread> threads;
    for (int k = 1; k < options_.threads; ++k) {
        helpers.push_back(std::unique_ptr<Solver>(new Solver(graph_, rule_, options_, table_, k)));
        threads.emplace_back(run, std::ref(*helpers.back()), k);
    }
    run(*this, 0);
    for (std::thread &thread : threads) thread.join();
    for (const auto &helper : helpers) nodes_ += helper->nodes_;
    return results[winner];
}

Solver::CellScan Solver::scanCells(LineSet lines) const {
    CellScan scan;
    for (LineSet cell : cellLines_) {
        const LineSet missing = cell & ~lines;
        if (missing == 0) continue;
        ++scan.open;
        // Bit tests, not popcount: baseline x86-64 has no popcount instruction.
        const LineSet rest = missing & (missing - 1);
        if (rest == 0) {  // one side missing
            scan.doubleCaptureLines |= scan.captureLines & missing;
            scan.captureLines |= missing;
        } else if ((rest & (rest - 1)) == 0) {  // two sides missing
            scan.thirdSideLines |= missing;
        }
    }
    return scan;
}

LineSet Solver::withTwinsInOrder(LineSet lines) const {
    for (const TwinGroup &twins : twinGroups_) {
        const LineSet filled = lines & twins.lines;
        if (filled == 0 || filled == twins.lines) continue;
        int count = 0;
        for (LineSet rest = filled; rest != 0; rest &= rest - 1) ++count;
        lines = (lines & ~twins.lines) | twins.firstLines[count];
    }
    return lines;
}

LineSet Solver::canonicalKey(const Images &images, int &orientation) const {
    const int symmetries = options_.useSymmetry ? symmetry_.count() : 1;
    LineSet key = images[0];
    orientation = 0;
    for (int s = 1; s < symmetries; ++s)
        if (images[s] < key) key = images[s], orientation = s;
    return key;
}

Solver::Images Solver::played(const Images &images, int line) const {
    const int symmetries = options_.useSymmetry ? symmetry_.count() : 1;
    Images next;
    for (int s = 0; s < symmetries; ++s) {
        const LineSet open = imageTwins_[line][s] & ~images[s];
        next[s] = images[s] | (open & (~open + 1));  // the first open twin keeps the twins in order
    }
    return next;
}

int Solver::search(const Images &given, bool extra, int alpha, int beta) {
    if (stop_ && stop_->load(std::memory_order_relaxed)) return 0;  // another thread has the answer
    const bool safeCapturesApply = rule_ == ExtraTurnRule::kUnlimited && options_.useSafeCaptures;
    // A capture that gives the opponent no new three-sided cell is optimal: play it here
    // and go on, so the positions in between need no table entries of their own.
    Images images = given;
    int gained = 0;
    CellScan scan;
    {  // the table slot is a cache miss: start it while the cells are scanned
        int orientation = 0;
        table_->prefetch(canonicalKey(images, orientation) | (extra ? lineBit(graph_.lineCount()) : 0));
    }
    for (;;) {
        ++nodes_;
        scan = scanCells(images[0]);
        if (scan.open == 0) return gained;
        const LineSet safe = safeCapturesApply ? scan.captureLines & ~scan.thirdSideLines : 0;
        if (safe == 0) break;
        const int l = __builtin_ctzll(safe);
        gained += (scan.doubleCaptureLines & lineBit(l)) ? 2 : 1;
        images = played(images, l);
    }
    alpha -= gained;
    beta -= gained;
    const LineSet lines = images[0];

    int lower = -scan.open, upper = scan.open;
    int orientation = 0;  // the symmetry that takes lines to its canonical key
    const LineSet key = canonicalKey(images, orientation);
    const std::uint64_t word = key | (extra ? lineBit(graph_.lineCount()) : 0);
    const BoundsTable::Bounds known = table_->probe(word);
    int hint = -1;  // the best move found before for this position, in our orientation
    if (known.found) {
        lower = known.lower;
        upper = known.upper;
        if (known.move >= 0) hint = inverse_[orientation][known.move];
    }
    if (lower >= beta) return lower + gained;
    if (upper <= alpha || lower == upper) return upper + gained;
    alpha = std::max(alpha, lower);
    beta = std::min(beta, upper);
    const int alphaIn = alpha;

    // Each open line once (one of each group of twins): sorted into captures, quiet moves
    // and the rest, centre first within each.
    int moves[64], captureCount = 0, quietCount = 0, restCount = 0;
    int quiet[64], rest[64];
    for (int l : order_) {
        if ((lines & lineBit(l)) || (earlierTwins_[l] & ~lines)) continue;
        const bool capture = (scan.captureLines & lineBit(l)) != 0, third = (scan.thirdSideLines & lineBit(l)) != 0;
        if (capture) moves[captureCount++] = l;
        else if (!third) quiet[quietCount++] = l;
        else rest[restCount++] = l;
    }
    std::copy(quiet, quiet + quietCount, moves + captureCount);
    std::copy(rest, rest + restCount, moves + captureCount + quietCount);
    const int moveCount = captureCount + quietCount + restCount;

    int best = std::numeric_limits<int>::min(), bestMove = -1;
    auto tryMove = [&](int l, const Images &next) {
        const int c = (scan.captureLines & lineBit(l)) ? ((scan.doubleCaptureLines & lineBit(l)) ? 2 : 1) : 0;
        ++ply_;
        int v;
        if (c > 0 && (rule_ == ExtraTurnRule::kUnlimited || !extra))
            v = c + search(next, rule_ == ExtraTurnRule::kAtMostOne, alpha - c, beta - c);
        else if (c > 0)
            v = c - search(next, false, c - beta, c - alpha);  // a capture on the extra turn passes it
        else
            v = -search(next, false, -beta, -alpha);
        --ply_;
        if (v > best) best = v, bestMove = l;
        alpha = std::max(alpha, v);
        return alpha >= beta;  // cut-off
    };

    int reduced[2];
    const int reducedCount =
        rule_ == ExtraTurnRule::kUnlimited && options_.useChainReductions && scan.captureLines ? reducedMoves(lines, reduced) : 0;
    if (reducedCount > 0) {
        for (int k = 0; k < reducedCount; ++k)
            if (tryMove(reduced[k], played(images, reduced[k]))) break;
    } else {
        // The move that decided this position before goes first (or its first open twin).
        if (hint >= 0) {
            if (const LineSet openTwins = imageTwins_[hint][0] & ~lines; openTwins != 0) hint = __builtin_ctzll(openTwins);
            for (int k = 0; k < moveCount && !(lines & lineBit(hint)); ++k)
                if (moves[k] == hint) {
                    std::rotate(moves, moves + k, moves + k + 1);
                    break;
                }
        }
        if (helperIndex_ > 0 && ply_ < 2 && moveCount > 1)  // helpers start elsewhere
            std::rotate(moves, moves + helperIndex_ % moveCount, moves + moveCount);
        Images next = moveCount > 0 ? played(images, moves[0]) : Images{};
        for (int k = 0; k < moveCount; ++k) {
            Images following{};
            if (k + 1 < moveCount) {  // the next child's slot arrives while this child is searched
                following = played(images, moves[k + 1]);
                int orientation = 0;
                table_->prefetch(canonicalKey(following, orientation));
            }
            if (tryMove(moves[k], next)) break;
            next = following;
        }
    }

    if (stop_ && stop_->load(std::memory_order_relaxed)) return 0;  // cut short: nothing proved
    // Keep what this search proved, together with what was known before.
    if (best <= alphaIn) upper = std::min(upper, best);
    else if (best >= beta) lower = std::max(lower, best);
    else lower = upper = best;
    table_->store(word, scan.open, lower, upper, best > alphaIn && bestMove >= 0 ? symmetry_.image(orientation, bestMove) : known.move);
    return best + gained;
}

int Solver::value(const SolverPosition &position) {
    const bool extra = rule_ == ExtraTurnRule::kAtMostOne && position.onExtraTurn;
    const int cells = graph_.cellCount();
    // MTD(f): null-window tests around a guess until the bounds meet.
    int lower = -cells, upper = cells, guess = 0;
    while (lower < upper) {
        const int beta = guess == lower ? guess + 1 : guess;
        guess = searchFrom(position.lines, extra, beta - 1, beta);
        if (guess < beta) upper = guess;
        else lower = guess;
    }
    return lower;
}

bool Solver::valueAtLeast(const SolverPosition &position, int v) {
    const bool extra = rule_ == ExtraTurnRule::kAtMostOne && position.onExtraTurn;
    return searchFrom(position.lines, extra, v - 1, v) >= v;
}

Solver::Child Solver::childOf(const SolverPosition &position, int line) const {
    Child child;
    child.closes = capturesOf(position.lines, line);
    child.position.lines = position.lines | lineBit(line);
    const bool extra = rule_ == ExtraTurnRule::kAtMostOne && position.onExtraTurn;
    child.sameMover = child.closes > 0 && (rule_ == ExtraTurnRule::kUnlimited || !extra);
    child.position.onExtraTurn = child.sameMover && rule_ == ExtraTurnRule::kAtMostOne;
    return child;
}

std::vector<MoveValue> Solver::moveValues(const SolverPosition &position) {
    std::vector<MoveValue> values;
    for (int l = 0; l < graph_.lineCount(); ++l) {
        if (position.lines & lineBit(l)) continue;
        const Child child = childOf(position, l);
        const int after = value(child.position);
        values.push_back({l, child.sameMover ? child.closes + after : child.closes - after, child.closes});
    }
    return values;
}

std::vector<int> Solver::optimalMoves(const SolverPosition &position) {
    // The value first, then one null-window test per move: "does it keep the value?"
    const int best = value(position);
    std::vector<int> moves;
    for (int l = 0; l < graph_.lineCount(); ++l) {
        if (position.lines & lineBit(l)) continue;
        const Child child = childOf(position, l);
        const bool keeps = child.sameMover ? valueAtLeast(child.position, best - child.closes)       // closes + after >= best
                                           : !valueAtLeast(child.position, child.closes - best + 1);  // closes - after >= best
        if (keeps) moves.push_back(l);
    }
    return moves;
}

std::vector<std::int8_t> fullTable(const BoardGraph &graph, ExtraTurnRule rule) {
    if (graph.lineCount() > 20) throw std::invalid_argument("fullTable: at most 20 lines");
    const std::size_t positions = std::size_t{1} << graph.lineCount();
    const int states = rule == ExtraTurnRule::kAtMostOne ? 2 : 1;
    std::vector<std::int8_t> table(positions * states, 0);
    // Every move adds a line, so a child's index is larger: fill from the full board down.
    for (std::size_t index = positions; index-- > 0;) {
        const LineSet lines = index;
        if (lines == graph.allLines()) continue;
        for (int extra = 0; extra < states; ++extra) {
            int best = std::numeric_limits<int>::min();
            for (int l = 0; l < graph.lineCount(); ++l) {
                if (lines & lineBit(l)) continue;
                const int c = graph.cellsClosedBy(lines, l);
                const std::size_t child = static_cast<std::size_t>(lines | lineBit(l));
                int v;
                if (c > 0 && (rule == ExtraTurnRule::kUnlimited || !extra))
                    v = c + table[child * states + (rule == ExtraTurnRule::kAtMostOne ? 1 : 0)];
                else
                    v = c - table[child * states];
                best = std::max(best, v);
            }
            table[index * states + extra] = static_cast<std::int8_t>(best);
        }
    }
    return table;
}

}  // namespace dotslab
