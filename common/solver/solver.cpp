#include "solver/solver.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <thread>

namespace dotslab {

// Positions with at least this many open cells are marked while searched, and their
// moves may wait for another thread: below it, a subtree costs less than the marking.
constexpr int kDeferOpenCells = 6;
// Positions with at least this many open cells look at every child's table entry before
// searching any: below it, the probes cost more than the subtrees they save.
constexpr int kCutoffOpenCells = 10;

// Returns a table size that fits the board: big enough for hard boards, cheap for small ones.
int tableBitsFor(int wordBits, const SolverOptions &options) {
    const int bits = options.tableBits > 0 ? options.tableBits : std::clamp(wordBits - 9, 8, 21);
    return std::max(bits, BoundsTable::minimumBits(wordBits));
}

// Returns the bits of a table word: the lines, and the extra-turn flag if the rule has one.
int wordBitsFor(const BoardGraph &graph, ExtraTurnRule rule) {
    if (graph.cellCount() > BoundsTable::kMaxBound) throw std::invalid_argument("Solver: at most 31 cells");
    const int bits = graph.lineCount() + (rule == ExtraTurnRule::kAtMostOne ? 1 : 0);
    if (bits > 64) throw std::invalid_argument("Solver: at most 63 lines under the at-most-one rule");
    return bits;
}

// Returns true if positions are keyed by structure where they can be (structure_key.h).
bool structureKeysApply(ExtraTurnRule rule, const SolverOptions &options) {
    return rule == ExtraTurnRule::kUnlimited && options.structureJunctions > 0;
}

// Returns the bits of the table's words: the lines' (wordBitsFor), or with structure keys
// every bit the table keeps exactly (its tags' and its bucket index's), up to 64.
int tableWordBitsFor(const BoardGraph &graph, ExtraTurnRule rule, const SolverOptions &options) {
    const int lineBits = wordBitsFor(graph, rule);
    if (!structureKeysApply(rule, options)) return lineBits;
    return std::max(lineBits, std::min(64, tableBitsFor(lineBits, options) + BoundsTable::kTagBits));
}

Solver::Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options)
    : Solver(graph, rule, options,
             std::make_shared<BoundsTable>(tableWordBitsFor(graph, rule, options),
                                           tableBitsFor(wordBitsFor(graph, rule), options)),
             options.threads > 1 ? std::make_shared<SearchingNow>() : nullptr, 0) {}

Solver::Solver(const BoardGraph &graph, ExtraTurnRule rule, SolverOptions options,
               std::shared_ptr<BoundsTable> table, std::shared_ptr<SearchingNow> searchingNow,
               int helperIndex)
    : graph_(graph),
      rule_(rule),
      options_(options),
      symmetry_(graph),
      table_(std::move(table)),
      searchingNow_(std::move(searchingNow)),
      helperIndex_(helperIndex) {
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
    // A byte of a line set at a time to ranks: a move list in centre-first order is a
    // walk over the set bits of its ranks.
    rankBytes_.assign((graph.lineCount() + 7) / 8, {});
    for (int r = 0; r < graph.lineCount(); ++r)
        for (int v = 0; v < 256; ++v)
            if (v >> (order_[r] % 8) & 1) rankBytes_[order_[r] / 8][v] |= lineBit(r);
    for (int c = 0; c < graph.cellCount(); ++c) cellLines_.push_back(graph.linesOfCell(c));
    for (int l = 0; l < graph.lineCount(); ++l) {
        const std::vector<int> &cells = graph.cellsOfLine(l);
        assert(cells.size() <= 2);
        lineCells_.push_back({cells.size() > 0 ? cells[0] : -1, cells.size() > 1 ? cells[1] : -1});
    }
    // inverse_[s][image] = the line that symmetry s takes to image.
    inverse_.assign(symmetry_.count(), std::vector<int>(graph.lineCount()));
    for (int s = 0; s < symmetry_.count(); ++s)
        for (int l = 0; l < graph.lineCount(); ++l) inverse_[s][symmetry_.image(s, l)] = l;
    // Twin lines: in the strings-and-coins view a position is a graph of cells joined by
    // open lines, and two open lines between the same cells (or the same cell and the
    // outside) are interchangeable, so positions that differ only in which twins are
    // filled have one value.
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
                twins.firstLines.push_back(twins.firstLines.back() | bit);
            }
            twinGroups_.push_back(twins);
        }
    }
    // imageTwins_[l][s]: the twins of line l's image under symmetry s, itself included.
    std::vector<LineSet> twinsOf(graph.lineCount());
    for (int l = 0; l < graph.lineCount(); ++l) twinsOf[l] = lineBit(l);
    for (const TwinGroup &twins : twinGroups_)
        for (LineSet rest = twins.lines; rest != 0; rest &= rest - 1)
            twinsOf[__builtin_ctzll(rest)] = twins.lines;
    imageTwins_.assign(graph.lineCount(), Images{});
    for (int l = 0; l < graph.lineCount(); ++l)
        for (int s = 0; s < symmetry_.count(); ++s) imageTwins_[l][s] = twinsOf[symmetry_.image(s, l)];

    if (options_.leafOpenCells > 0) leafTable_ = std::make_unique<LeafTable>();
    if (options_.useChainsAndLoops && rule_ == ExtraTurnRule::kUnlimited)
        chainsAndLoops_ = std::make_unique<ChainsAndLoops>(graph_);
    if (structureKeysApply(rule_, options_) && table_->wordBits() > graph_.lineCount() + 1)
        structureKey_ =
            std::make_unique<StructureKey>(graph_, table_->wordBits(), options_.structureJunctions);

    // The helpers, started once: every search hands them a job (see searchFrom).
    if (helperIndex_ == 0 && options_.threads > 1) {
        results_.assign(options_.threads, 0);
        stop_ = &stopSearch_;
        for (int k = 1; k < options_.threads; ++k) {
            helpers_.push_back(
                std::unique_ptr<Solver>(new Solver(graph_, rule_, options_, table_, searchingNow_, k)));
            helpers_.back()->stop_ = &stopSearch_;
            threads_.emplace_back(&Solver::helperLoop, this, std::ref(*helpers_.back()));
        }
    }
}

Solver::~Solver() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quitting_ = true;
    }
    jobReady_.notify_all();
    for (std::thread &thread : threads_) thread.join();
}

std::uint64_t Solver::nodes() const {
    std::uint64_t total = nodes_;
    for (const auto &helper : helpers_) total += helper->nodes_;
    return total;
}

std::uint64_t Solver::tableProbes() const {
    std::uint64_t total = tableProbes_;
    for (const auto &helper : helpers_) total += helper->tableProbes_;
    return total;
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
        const int next = cellAcross(edge, from);
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
    const Keyed position = keyed(images, extra);
    if (helpers_.empty()) return search(afterSafeCaptures(position), alpha, beta);

    // Every thread searches the whole tree; the first to finish has the answer and stops the
    // rest. A helper not awake by the time this thread finishes never starts: waking a
    // thread costs more than a small search (on 3 x 3, 50 times the whole book's making).
    {
        std::lock_guard<std::mutex> lock(mutex_);
        job_ = {position, alpha, beta};
        stopSearch_ = false;
        winner_ = -1;
        assert(helpersBusy_ == 0);
        jobOpen_ = true;
        ++jobNumber_;
    }
    jobReady_.notify_all();
    const int result = search(afterSafeCaptures(position), alpha, beta);
    int none = -1;
    if (winner_.compare_exchange_strong(none, 0)) {
        results_[0] = result;
        stopSearch_ = true;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    jobOpen_ = false;
    jobDone_.wait(lock, [&] { return helpersBusy_ == 0; });
    return results_[winner_];
}

void Solver::helperLoop(Solver &helper) {
    std::uint64_t done = 0;
    for (;;) {
        Job job;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            jobReady_.wait(lock, [&] { return quitting_ || (jobOpen_ && jobNumber_ != done); });
            if (quitting_) return;
            done = jobNumber_;
            job = job_;
            ++helpersBusy_;
        }
        const int result = helper.search(helper.afterSafeCaptures(job.position), job.alpha, job.beta);
        int none = -1;
        if (winner_.compare_exchange_strong(none, helper.helperIndex_)) {
            results_[helper.helperIndex_] = result;
            stopSearch_ = true;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            --helpersBusy_;
        }
        jobDone_.notify_all();
    }
}

Solver::CellScan Solver::scanCells(LineSet lines) const {
    CellScan scan{};
    // Without branches (a cell's state is a coin toss to the branch predictor), and with
    // bit tests, not popcount: baseline x86-64 has no popcount instruction.
    for (LineSet cell : cellLines_) {
        const LineSet missing = cell & ~lines;
        const LineSet rest = missing & (missing - 1);  // zero: at most one side missing
        const LineSet more = rest & (rest - 1);        // zero: at most two
        const LineSet one = -static_cast<LineSet>(missing != 0 && rest == 0);  // all ones or zero
        const LineSet two = -static_cast<LineSet>(rest != 0 && more == 0);
        scan.open += missing != 0;
        scan.doubleCaptureLines |= scan.captureLines & missing & one;
        scan.captureLines |= missing & one;
        scan.thirdSideLines |= missing & two;
        scan.twoSided += static_cast<int>(two & 1);
    }
    return scan;
}

LineSet Solver::ranked(LineSet lines) const {
    LineSet ranks = 0;
    for (const std::array<LineSet, 256> &byte : rankBytes_) {
        ranks |= byte[lines & 0xff];
        lines >>= 8;
    }
    return ranks;
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

Solver::Keyed Solver::keyed(const Images &images, bool extra, int junctions) const {
    // By structure where it can be: it takes every symmetry in, and much more. The move
    // stored with it is in this position's own orientation: a hint for the order of
    // moves, which a position of the same structure but other lines may find useless.
    if (std::uint64_t structure = 0; structureKey_ && !extra && junctions <= structureKey_->maxJunctions() &&
                                     structureKey_->key(images[0], structure))
        return {images, extra, structure, 0};
    const int symmetries = options_.useSymmetry ? symmetry_.count() : 1;
    Keyed position{images, extra, images[0], 0};
    for (int s = 1; s < symmetries; ++s)
        if (images[s] < position.word) position.word = images[s], position.orientation = s;
    if (extra) position.word |= lineBit(graph_.lineCount());
    return position;
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

int Solver::search(const Node &reached, int alpha, int beta) {
    assert(alpha < beta);
    if (stopped()) return 0;  // another thread has the answer
    Node node = reached;
    if (node.scan.open < 0) node.scan = scanCells(node.lines());  // its safe captures are played
    assert(node.openCells == node.scan.open);
    assert(!safeCapturesApply() || !(node.scan.captureLines & ~node.scan.thirdSideLines));
    nodes_ += node.steps;

    // Step 1: the node's safe captures are played (by whoever made it), with no table
    // entries between.
    if (node.scan.open == 0) return node.gained;
    // A simple loony endgame (chains and loops only) is valued from its lengths.
    if (valuedByChainsAndLoops(node.scan))
        if (int v = 0; chainsAndLoops_->value(node.lines(), v)) return v + node.gained;
    alpha -= node.gained;
    beta -= node.gained;

    // Step 2: what earlier searches proved of this position may settle it.
    if (options_.onSearched) options_.onSearched(node.at.word, node.lines());
    const Probe probe = probeTable(node);
    if (probe.lower >= beta) return probe.lower + node.gained;
    if (probe.upper <= alpha || probe.lower == probe.upper) return probe.upper + node.gained;
    alpha = std::max(alpha, probe.lower);
    beta = std::min(beta, probe.upper);
    assert(alpha < beta);

    // Steps 3 and 4: the moves, best first, each searched until one reaches beta (and
    // marked as being searched, for the other threads to leave for later).
    const bool marked = searchingNow_ && node.scan.open >= kDeferOpenCells;
    const int slot = marked ? searchingNow_->enter(node.at.word) : -1;
    Best best = searchMoves(node, orderedMoves(node, probe.hint, alpha), alpha, beta);
    if (marked) searchingNow_->leave(slot, node.at.word);
    if (stopped()) return 0;  // cut short: nothing proved
    assert(-node.scan.open <= best.value && best.value <= node.scan.open);
    // The value has the parity of the open cells, each taken by one player or the other:
    // a bound of the wrong parity is one short of the truth.
    if (options_.useParity && (best.value - node.scan.open) % 2 != 0) {
        assert(best.value <= alpha || best.value >= beta);  // an exact value is a true one
        best.value += best.value <= alpha ? -1 : 1;
    }

    // Step 5: keep what this search proved, together with what was known before.
    storeResult(node, probe, alpha, beta, best);
    return best.value + node.gained;
}

Solver::Node Solver::afterSafeCaptures(const Keyed &position) const {
    Node node;
    node.at = position;
    node.gained = 0;
    node.steps = 1;
    node.scan = scanCells(node.lines());
    playForcedCaptures(node, false);
    return node;
}

void Solver::playForcedCaptures(Node &node, bool unkeyed) const {
    bool any = unkeyed;
    while (node.scan.open > 0) {
        // A capture that gives the opponent no new three-sided cell; failing that, with
        // chain captures, a capture into a long chain (the rest of the chain follows).
        const LineSet safe = safeCapturesApply() ? node.scan.captureLines & ~node.scan.thirdSideLines : 0;
        int line = -1;
        if (safe != 0) {
            line = __builtin_ctzll(safe);
        } else if (chainCapturesApply() && node.scan.captureLines != 0) {
            int moves[2];
            if (reducedMoves(node.lines(), moves) != 1) break;
            line = moves[0];
        } else {
            break;
        }
        node.gained += capturesOf(node, line);
        node.at.images = played(node.at.images, line);
        ++node.steps;
        node.scan = scanCells(node.lines());
        any = true;
    }
    if (any) node.at = keyed(node.at.images, node.at.extra, node.scan.open - node.scan.twoSided);
    node.openCells = node.scan.open;
}

bool Solver::intoLongChain(LineSet lines, int line) const {
    for (int cell : lineCells_[line]) {
        if (cell < 0) continue;
        const LineSet missing = cellLines_[cell] & ~lines;
        if (missing == 0 || (missing & (missing - 1)) != 0) continue;
        const Chain chain = walkChain(lines, cell, __builtin_ctzll(missing));
        if (chain.length >= (chain.closed ? 5 : 3)) return true;
    }
    return false;
}

Solver::Probe Solver::probeTable(const Node &node) const {
    Probe probe;
    probe.lower = -node.scan.open;
    probe.upper = node.scan.open;
    const BoundsTable::Bounds known = probeBounds(node.at.word, node.scan.open);
    if (known.found) {
        probe.lower = known.lower;
        probe.upper = known.upper;
        probe.storedMove = known.move;
        if (known.move >= 0) probe.hint = inverse_[node.at.orientation][known.move];
    }
    return probe;
}

Solver::MoveList Solver::orderedMoves(const Node &node, int hint, int alpha) const {
    MoveList list;
    const LineSet lines = node.lines();
    const CellScan &scan = node.scan;
    // The chain reductions leave one or two moves to search.
    if (rule_ == ExtraTurnRule::kUnlimited && options_.useChainReductions && scan.captureLines) {
        list.count = reducedMoves(lines, list.moves);
        if (list.count > 0) return list;
    }
    // Where nothing can be captured, one move per chain and loop is enough, and none that
    // cannot beat alpha (a long chain or a loop opened) is searched at all.
    LineSet skipped = 0;
    if (chainsAndLoops_ && scan.captureLines == 0 && scan.twoSided > 0) {
        const ChainsAndLoops::Openings openings = chainsAndLoops_->openings(lines);
        skipped = openings.redundant;
        for (int k = 0; k < openings.count; ++k) {
            const ChainsAndLoops::Opening &opening = openings.kept[k];
            if (opening.most <= alpha) {
                skipped |= lineBit(opening.line);
                list.leftOut = std::max(list.leftOut, opening.most);
                continue;
            }
            // the move stands for its twins: the first open one is the one searched
            const LineSet twins = imageTwins_[opening.line][0] & ~lines;
            skipped = (skipped | twins) & ~(twins & (~twins + 1));
        }
    }
    // Each open line once (the first open one of each group of twins): captures, quiet
    // moves, then the rest, centre first within each.
    LineSet searched = graph_.allLines() & ~lines & ~skipped;
    for (const TwinGroup &twins : twinGroups_) {
        const LineSet open = twins.lines & ~lines;
        searched &= ~(open & (open - 1));
    }
    const LineSet captures = searched & scan.captureLines;
    for (LineSet group :
         {captures, searched & ~captures & ~scan.thirdSideLines, searched & ~captures & scan.thirdSideLines})
        for (LineSet ranks = ranked(group); ranks != 0; ranks &= ranks - 1)
            list.moves[list.count++] = order_[__builtin_ctzll(ranks)];
    int *const moves = list.moves;
    // The move that decided this position before goes first (or its first open twin).
    if (hint >= 0) {
        if (const LineSet openTwins = imageTwins_[hint][0] & ~lines; openTwins != 0)
            hint = __builtin_ctzll(openTwins);
        for (int k = 0; k < list.count && !(lines & lineBit(hint)); ++k)
            if (moves[k] == hint) {
                std::rotate(moves, moves + k, moves + k + 1);
                list.hinted = true;
                break;
            }
    }
    if (helperIndex_ > 0 && ply_ < 2 && list.count > 1) {  // helpers start elsewhere
        std::rotate(moves, moves + helperIndex_ % list.count, moves + list.count);
        list.hinted = false;
    }
    return list;
}

int Solver::capturesOf(const Node &node, int line) {
    const LineSet bit = lineBit(line);
    return (node.scan.captureLines & bit) ? ((node.scan.doubleCaptureLines & bit) ? 2 : 1) : 0;
}

Solver::Node Solver::childNode(const Node &node, int line) const {
    if (node.scan.captureLines == 0 && safeCapturesApply() && (node.scan.thirdSideLines & lineBit(line)))
        return sacrificed(node, line);
    const bool again = movesAgain(rule_, node.extra(), capturesOf(node, line));
    const bool extra = again && remembersExtraTurns(rule_);
    // A quiet move where nothing could be captured leaves nothing to capture: the child is
    // its own node, and its cells are scanned only if it is searched. Its line's cells had
    // three or four open sides: one with three is no longer a junction.
    if (node.scan.captureLines == 0 && !(node.scan.thirdSideLines & lineBit(line))) {
        int junctions = node.scan.open - node.scan.twoSided;
        for (int cell : lineCells_[line])
            if (cell >= 0 && missingSides(node.lines(), cell) == 3) --junctions;
        Node quiet;
        quiet.at = keyed(played(node.at.images, line), extra, junctions);
        quiet.gained = 0;
        quiet.openCells = node.scan.open;
        quiet.steps = 1;
        quiet.scan.open = -1;
        return quiet;
    }
    // Keyed once its safe captures are played.
    Node child;
    child.at.images = played(node.at.images, line);
    child.at.extra = extra;
    child.gained = 0;
    child.steps = 1;
    child.scan = scanCells(child.lines());
    playForcedCaptures(child, true);
    return child;
}

Solver::Node Solver::sacrificed(const Node &node, int line) const {
    assert(node.scan.captureLines == 0 && (node.scan.thirdSideLines & lineBit(line)));
    // Returns the missing sides of cell (none for -1, the outside).
    auto missingOf = [&](int cell, LineSet lines) { return cell < 0 ? 0 : cellLines_[cell] & ~lines; };
    auto exactlyOne = [](LineSet s) { return s != 0 && (s & (s - 1)) == 0; };
    auto exactlyTwo = [](LineSet s) {
        const LineSet rest = s & (s - 1);
        return rest != 0 && (rest & (rest - 1)) == 0;
    };
    Node child;
    child.at.images = played(node.at.images, line);
    child.gained = 0;
    child.steps = 1;
    LineSet lines = node.lines() | lineBit(line);
    for (;;) {
        // The sacrificed cells one side short, where taking that side gives no cell its
        // third side: the lowest of them is taken first, as afterSafeCaptures does.
        LineSet safe = 0;
        for (int cell : lineCells_[line]) {
            const LineSet missing = missingOf(cell, lines);
            if (!exactlyOne(missing)) continue;
            if (!exactlyTwo(missingOf(cellAcross(__builtin_ctzll(missing), cell), lines))) safe |= missing;
        }
        if (safe == 0) break;
        const int taken = __builtin_ctzll(safe);
        const std::array<int, 2> &cells = lineCells_[taken];
        child.gained +=
            1 + (exactlyOne(missingOf(cells[0], lines)) && exactlyOne(missingOf(cells[1], lines)));
        ++child.steps;
        lines |= lineBit(taken);
        child.at.images = played(child.at.images, taken);
    }
    const bool again = movesAgain(rule_, node.extra(), 0);
    child.at = keyed(child.at.images, again && remembersExtraTurns(rule_));
    // The opponent's capture into a long chain is forced too: the child is the position
    // after it, so that its key (read by the parent's cutoffs) is the one searched.
    if (chainCapturesApply() && intoLongChain(lines, line)) {
        child.scan = scanCells(lines);
        playForcedCaptures(child, false);
        return child;
    }
    child.openCells = node.scan.open - child.gained;
    if (child.gained == node.scan.open) {
        child.scan = CellScan{};  // every cell taken: the game is over
    } else {
        child.scan.open = -1;
    }
    return child;
}

Solver::Best Solver::searchMoves(const Node &node, MoveList moves, int alpha, int beta) {
    Best best{moves.leftOut, -1};
    // Returns the value of line to the mover, its child given.
    auto valueOf = [&](int line, const Node &child) {
        const int c = capturesOf(node, line);
        ++ply_;
        const int v = movesAgain(rule_, node.extra(), c)
                          ? c + search(child, alpha - c, beta - c)
                          : c - search(child, c - beta, c - alpha);  // the opponent's turn
        --ply_;
        return v;
    };
    // Searches line (its child given) and keeps what it is worth; returns true on a cut-off.
    auto cutsOff = [&](int line, const Node &child) {
        const int v = valueOf(line, child);
        if (v > best.value) best = {v, line};
        alpha = std::max(alpha, v);
        return alpha >= beta;
    };
    // Returns true if the table may hold child: it keeps no finished game, and no position
    // that chains and loops value (a trip to memory for nothing). A child not scanned yet
    // (a quiet move's) may be anything.
    auto mayBeKept = [&](const Node &child) {
        if (child.scan.open <= 0) return child.scan.open < 0;
        return !valuedByChainsAndLoops(child.scan);
    };
    Node children[kMaxLines];  // [k]: the child of moves.moves[k]

    const bool allMade = options_.useTranspositionCutoffs && node.scan.open >= kCutoffOpenCells;
    // Step 4a: the move the table stored decided this position before, and nearly always
    // does again: it is searched before the other children are made and fetched, which
    // saves making and fetching them far more often than it loses a cut-off the table
    // knew (on 4 x 4: 5% more positions, in less time).
    if (allMade && moves.hinted && moves.count > 1) {
        if (cutsOff(moves.moves[0], childNode(node, moves.moves[0]))) return best;
        std::copy(moves.moves + 1, moves.moves + moves.count, moves.moves);
        --moves.count;
    }
    // Step 4b: a child whose bounds the table knows may settle the node (enhanced
    // transposition cutoffs). Every child is made, then all their slots are fetched, then
    // read: a child known to reach beta is a cut-off, and one known not to beat alpha is
    // not searched. The fetches are issued in a loop of their own: on some machines (this
    // project's virtual ones) a prefetch waits for its page walk, and only those issued
    // close together walk at once.
    if (allMade) {
        for (int k = 0; k < moves.count; ++k) children[k] = childNode(node, moves.moves[k]);
        for (int k = 0; k < moves.count; ++k)
            if (mayBeKept(children[k]) && !inLeafTable(children[k].openCells))
                table_->prefetch(children[k].at.word);
        int kept = 0;
        for (int k = 0; k < moves.count; ++k) {
            const int line = moves.moves[k];
            const Node &child = children[k];
            BoundsTable::Bounds known{};
            if (child.scan.open == 0)
                known = {true, 0, 0, -1};  // its safe captures finished the game
            else if (mayBeKept(child))
                known = probeBounds(child.at.word, child.openCells);
            if (known.found) {
                const int c = capturesOf(node, line);
                const bool again = movesAgain(rule_, node.extra(), c);
                const int least = again ? c + child.gained + known.lower : c - child.gained - known.upper;
                const int most = again ? c + child.gained + known.upper : c - child.gained - known.lower;
                if (least >= beta) return {least, line};  // cut-off
                if (most <= alpha) {
                    best.value = std::max(best.value, most);
                    continue;
                }
            }
            moves.moves[kept] = line;
            children[kept++] = child;
        }
        moves.count = kept;
    }

    // Step 4c: each move in turn. With other threads, a move one of them is searching now
    // waits for the end (ABDADA).
    const bool mayDefer = searchingNow_ && node.scan.open > kDeferOpenCells;
    int deferred[kMaxLines], deferredCount = 0;
    for (int k = 0; k < moves.count; ++k) {
        if (!allMade) children[k] = childNode(node, moves.moves[k]);
        if (k > 0 && mayDefer && searchingNow_->contains(children[k].at.word)) {
            deferred[deferredCount++] = k;
            continue;
        }
        if (cutsOff(moves.moves[k], children[k])) return best;
    }
    for (int d = 0; d < deferredCount; ++d)
        if (cutsOff(moves.moves[deferred[d]], children[deferred[d]])) break;
    return best;
}

void Solver::storeResult(const Node &node, const Probe &probe, int alphaIn, int beta, const Best &best) {
    int lower = probe.lower, upper = probe.upper;
    if (best.value <= alphaIn)
        upper = std::min(upper, best.value);
    else if (best.value >= beta)
        lower = std::max(lower, best.value);
    else
        lower = upper = best.value;
    const bool improved = best.value > alphaIn && best.move >= 0;
    const int move = improved ? symmetry_.image(node.at.orientation, best.move) : probe.storedMove;
    if (inLeafTable(node.scan.open))
        leafTable_->store(node.at.word, lower, upper, move);
    else
        table_->store(node.at.word, node.scan.open, lower, upper, move);
}

int Solver::value(const SolverPosition &position) { return value(position, -graph_.cellCount()); }

int Solver::value(const SolverPosition &position, int atLeast) {
    const bool extra = isExtra(position);
    const int open = scanCells(position.lines).open;
    // MTD(f): null-window tests around a guess until the bounds meet. A known bound is the
    // first guess (raised to the parity of the open cells, which every value has), so the
    // first test asks for more than it.
    int lower = -open, upper = open, guess = 0;
    if (atLeast > lower) {
        lower = atLeast + (options_.useParity && (atLeast - open) % 2 != 0 ? 1 : 0);
        guess = lower;
    }
    while (lower < upper) {
        const int beta = guess == lower ? guess + 1 : guess;
        guess = searchFrom(position.lines, extra, beta - 1, beta);
        if (guess < beta)
            upper = guess;
        else
            lower = guess;
    }
    return lower;
}

bool Solver::valueAtLeast(const SolverPosition &position, int v) {
    const bool extra = isExtra(position);
    return searchFrom(position.lines, extra, v - 1, v) >= v;
}

Solver::Child Solver::childOf(const SolverPosition &position, int line) const {
    Child child;
    child.closes = graph_.cellsClosedBy(position.lines, line);
    child.position.lines = position.lines | lineBit(line);
    child.sameMover = movesAgain(rule_, isExtra(position), child.closes);
    child.position.onExtraTurn = child.sameMover && remembersExtraTurns(rule_);
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
        const bool keeps =
            child.sameMover
                ? valueAtLeast(child.position, best - child.closes)        // closes + after >= best
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
                const int v = movesAgain(rule, extra != 0, c)
                                  ? c + table[child * states + (remembersExtraTurns(rule) ? 1 : 0)]
                                  : c - table[child * states];
                best = std::max(best, v);
            }
            table[index * states + extra] = static_cast<std::int8_t>(best);
        }
    }
    return table;
}

SolverOptions solverOptionsFor(int threads, int memoryMegabytes) {
    SolverOptions options;
    options.threads = threads;
    if (memoryMegabytes > 0) {
        const std::uint64_t buckets =
            (static_cast<std::uint64_t>(memoryMegabytes) << 20) / BoundsTable::kBucketBytes;
        options.tableBits = 63 - __builtin_clzll(std::max<std::uint64_t>(buckets, 2));
    }
    return options;
}

}  // namespace dotslab
