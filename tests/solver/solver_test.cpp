// The solver against a brute-force retrograde table written here independently: every
// position of the cruciform and hexagon games, every rectangle up to 2 x 3 from empty and
// from random mid-game positions; the known values of small boards; the symmetries;
// dotssolve and dotscomputer --level perfect as programs.
#define BOOST_TEST_MODULE solver
#include <boost/test/unit_test.hpp>
#include <map>
#include <random>
#include <sstream>

#include "board/cruciform.h"
#include "board/hexagon.h"
#include "board/rectangle.h"
#include "process/process_runner.h"
#include "solver/solver.h"
#include "solver/strings_and_coins.h"
#include "solver/structure_key.h"

using namespace dotslab;

namespace {

// The brute force: values by plain recursion with memoisation, cells closed found by
// checking every line of every cell. Index: lines * 2 + extra.
class BruteForce {
  public:
    BruteForce(const BoardGraph &graph, bool atMostOne) : graph_(graph), atMostOne_(atMostOne) {}

    // Returns the mover's net future cells with `lines` filled.
    int value(LineSet lines, bool extra) {
        if (!atMostOne_) extra = false;
        auto known = memo_.find(lines * 2 + extra);
        if (known != memo_.end()) return known->second;
        bool any = false;
        int best = 0;
        for (int l = 0; l < graph_.lineCount(); ++l) {
            if (lines >> l & 1) continue;
            int v = moveValue(lines, extra, l);
            if (!any || v > best) best = v;
            any = true;
        }
        return memo_[lines * 2 + extra] = any ? best : 0;
    }

    // Returns the mover's net future cells after playing line l.
    int moveValue(LineSet lines, bool extra, int l) {
        if (!atMostOne_) extra = false;
        LineSet after = lines | (LineSet{1} << l);
        int closed = closedCount(after) - closedCount(lines);
        if (closed > 0 && !extra) return closed + value(after, atMostOne_);
        return closed - value(after, false);
    }

  private:
    int closedCount(LineSet lines) const {
        int n = 0;
        for (int c = 0; c < graph_.cellCount(); ++c) {
            bool all = true;
            for (int l : graph_.cell(c).lines) all = all && (lines >> l & 1);
            n += all;
        }
        return n;
    }

    const BoardGraph &graph_;
    bool atMostOne_;
    std::map<LineSet, int> memo_;
};

// Checks value and optimal moves of every given position against the brute force.
void checkPositions(const BoardGraph &graph, ExtraTurnRule rule,
                    const std::vector<SolverPosition> &positions) {
    BruteForce brute(graph, rule == ExtraTurnRule::kAtMostOne);
    Solver solver(graph, rule);
    int checked = 0, wrong = 0;
    for (const SolverPosition &p : positions) {
        if (p.lines == graph.allLines()) continue;
        ++checked;
        int want = brute.value(p.lines, p.onExtraTurn);
        std::vector<int> wantMoves;
        for (int l = 0; l < graph.lineCount(); ++l)
            if (!(p.lines >> l & 1) && brute.moveValue(p.lines, p.onExtraTurn, l) == want)
                wantMoves.push_back(l);
        int got = solver.value(p);
        std::vector<int> gotMoves = solver.optimalMoves(p);
        if (got != want || gotMoves != wantMoves) {
            if (++wrong <= 5)
                BOOST_ERROR("lines " << p.lines << (p.onExtraTurn ? " (extra turn)" : "") << ": value " << got
                                     << ", brute force " << want);
        }
    }
    BOOST_TEST(wrong == 0, wrong << " of " << checked << " positions differ");
    BOOST_TEST(checked > 0);
}

std::vector<SolverPosition> everyPosition(const BoardGraph &graph, bool withExtra) {
    std::vector<SolverPosition> all;
    for (LineSet lines = 0; lines <= graph.allLines(); ++lines) {
        all.push_back({lines, false});
        if (withExtra) all.push_back({lines, true});
    }
    return all;
}

std::vector<SolverPosition> emptyAndRandom(const BoardGraph &graph, int count, unsigned seed) {
    std::vector<SolverPosition> positions = {{0, false}};
    std::mt19937_64 rng(seed);
    for (int i = 0; i < count; ++i)
        positions.push_back({rng() & rng() & graph.allLines(), false});  // about 1/4 filled
    for (int i = 0; i < count; ++i) positions.push_back({rng() & graph.allLines(), false});  // about half
    return positions;
}

// Returns a position of board with `filled` lines drawn at random.
SolverPosition randomPosition(const BoardGraph &board, int filled, std::mt19937_64 &rng) {
    SolverPosition p;
    while (filled > 0)
        if (LineSet bit = lineBit(static_cast<int>(rng() % board.lineCount())); !(p.lines & bit))
            p.lines |= bit, --filled;
    return p;
}

// Returns a position of board made of chains and loops only, carved into the full board at
// random: every open cell has exactly two open sides. With junctions, a few more lines
// are opened after (cells with three or four open sides, where the chains end).
// loops counts the loops made.
SolverPosition carvedChainsAndLoops(const BoardGraph &board, std::mt19937_64 &rng, bool junctions,
                                    int &loops) {
    LineSet lines = board.allLines();
    std::vector<bool> used(board.cellCount(), false);
    auto acrossFrom = [&](int line, int cell) {
        for (int c : board.cellsOfLine(line))
            if (c != cell) return c;
        return -1;  // the edge
    };
    for (int attempt = 0; attempt < 2 * board.cellCount(); ++attempt) {
        const bool loop = rng() % 3 == 0;
        int start = static_cast<int>(rng() % board.cellCount()), entry = -1;
        if (used[start]) continue;
        if (!loop) {  // a chain enters from the edge
            std::vector<int> edges;
            for (int l : board.cell(start).lines)
                if (board.cellsOfLine(l).size() == 1) edges.push_back(l);
            if (edges.empty()) continue;
            entry = edges[rng() % edges.size()];
        }
        std::vector<int> path = {start};
        LineSet opened = entry >= 0 ? lineBit(entry) : 0;
        for (int at = start, from = entry;;) {
            std::vector<int> ways;
            for (int l : board.cell(at).lines) {
                if (l == from) continue;
                const int next = acrossFrom(l, at);
                const bool onPath = std::find(path.begin(), path.end(), next) != path.end();
                if (loop ? (next == start && path.size() >= 3) || (next >= 0 && !used[next] && !onPath)
                         : next < 0 || (!used[next] && !onPath))
                    ways.push_back(l);
            }
            if (ways.empty() || path.size() > 10) {
                opened = 0;  // stuck: this one is not made
                break;
            }
            const int l = ways[rng() % ways.size()];
            opened |= lineBit(l);
            const int next = acrossFrom(l, at);
            if (next < 0 || next == start) break;  // reached the edge, or closed the loop
            path.push_back(next);
            from = l;
            at = next;
        }
        if (opened == 0) continue;
        lines &= ~opened;
        for (int c : path) used[c] = true;
        loops += loop;
    }
    if (junctions)
        for (int k = 0; k < 3; ++k) lines &= ~lineBit(static_cast<int>(rng() % board.lineCount()));
    return {lines, false};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exact_values)

BOOST_AUTO_TEST_CASE(every_cruciform_position) {
    checkPositions(cruciformBoard(), ExtraTurnRule::kUnlimited, everyPosition(cruciformBoard(), false));
}

BOOST_AUTO_TEST_CASE(every_hexagon_position_with_and_without_an_extra_turn) {
    checkPositions(hexagonBoard(), ExtraTurnRule::kAtMostOne, everyPosition(hexagonBoard(), true));
}

BOOST_AUTO_TEST_CASE(rectangles_up_to_2_by_3) {
    for (auto [h, w] :
         std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {2, 1}, {1, 3}, {2, 2}, {2, 3}, {3, 2}}) {
        BOOST_TEST_CONTEXT(h << " x " << w) {
            BoardGraph board = rectangleBoard(h, w);
            checkPositions(board, ExtraTurnRule::kUnlimited,
                           emptyAndRandom(board, 300, static_cast<unsigned>(h * 10 + w)));
        }
    }
}

BOOST_AUTO_TEST_CASE(full_tables_match_the_brute_force) {
    for (bool triangles : {false, true}) {
        const BoardGraph &board = triangles ? hexagonBoard() : cruciformBoard();
        BruteForce brute(board, triangles);
        std::vector<std::int8_t> table =
            fullTable(board, triangles ? ExtraTurnRule::kAtMostOne : ExtraTurnRule::kUnlimited);
        int wrong = 0, states = triangles ? 2 : 1;
        for (LineSet lines = 0; lines <= board.allLines(); ++lines)
            for (int extra = 0; extra < states; ++extra)
                wrong += table[lines * states + extra] != brute.value(lines, extra);
        BOOST_TEST(wrong == 0);
    }
}

BOOST_AUTO_TEST_CASE(known_values_of_small_boards) {
    // The first player's margin under perfect play (2 x 4 and 3 x 3 too; larger in bench/).
    for (auto [h, w, margin] : std::vector<std::tuple<int, int, int>>{
             {1, 1, -1}, {1, 2, 0}, {2, 2, 2}, {2, 3, -2}, {2, 4, 2}, {3, 3, -3}}) {
        BoardGraph board = rectangleBoard(h, w);
        Solver solver(board, ExtraTurnRule::kUnlimited);
        BOOST_TEST(solver.value({}) == margin, h << " x " << w);
    }
}

BOOST_AUTO_TEST_CASE(reductions_do_not_change_values) {
    // Every technique that shrinks the search (symmetries, twin lines, safe captures,
    // chain reductions, chains and loops, transposition cutoffs, parity) against a plain
    // alpha-beta that uses none of them: every kind of 2 x 3 position, and 3 x 3 and 3 x 4
    // positions from the middle of the game on.
    SolverOptions none;
    none.useSymmetry = none.useSafeCaptures = none.useChainReductions = none.useTwinLines =
        none.useChainsAndLoops = none.useTranspositionCutoffs = none.useParity = false;
    std::mt19937_64 rng(9);
    for (auto [h, w, count, fewest, most] :
         {std::array<int, 5>{2, 3, 2000, 0, 16}, {3, 3, 200, 6, 20}, {3, 4, 40, 14, 28}}) {
        BoardGraph board = rectangleBoard(h, w);
        Solver plain(board, ExtraTurnRule::kUnlimited, none);
        Solver reduced(board, ExtraTurnRule::kUnlimited);
        for (int i = 0; i < count; ++i) {
            SolverPosition p = randomPosition(board, fewest + i % (most - fewest + 1), rng);
            BOOST_TEST(plain.value(p) == reduced.value(p), h << " x " << w << ", lines " << p.lines);
        }
    }
    // The at-most-one rule (no safe captures or chain reductions there): transposition
    // cutoffs, parity, symmetries and twins on boards with enough cells for the cutoffs.
    for (auto [h, w, count, fewest, most] : {std::array<int, 5>{3, 4, 60, 8, 24}, {4, 4, 12, 24, 30}}) {
        BoardGraph board = rectangleBoard(h, w);
        Solver plain(board, ExtraTurnRule::kAtMostOne, none);
        Solver reduced(board, ExtraTurnRule::kAtMostOne);
        for (int i = 0; i < count; ++i) {
            SolverPosition p = randomPosition(board, fewest + i % (most - fewest + 1), rng);
            p.onExtraTurn = i % 3 == 0;
            BOOST_TEST(plain.value(p) == reduced.value(p),
                       h << " x " << w << " at most one, lines " << p.lines);
        }
    }
}

BOOST_AUTO_TEST_CASE(leaf_table_chain_captures_and_structure_keys_against_plain_alpha_beta) {
    // Each of the three on its own (the leaf table at several sizes of "near the leaves",
    // up to every position; chain captures with the other techniques off), under both
    // rules, against a plain alpha-beta: mid-game 3 x 3 and 3 x 4 positions.
    SolverOptions none;
    none.useSymmetry = none.useSafeCaptures = none.useChainReductions = none.useTwinLines =
        none.useChainsAndLoops = none.useTranspositionCutoffs = none.useParity = none.useChainCaptures =
            false;
    none.leafOpenCells = 0;
    std::vector<SolverOptions> variants;
    for (int leaf : {4, 8, 31}) {
        SolverOptions leafOnly = none;
        leafOnly.leafOpenCells = leaf;
        variants.push_back(leafOnly);
    }
    SolverOptions chainCaptures = none;  // chain captures need the chain reductions
    chainCaptures.useChainReductions = chainCaptures.useChainCaptures = true;
    variants.push_back(chainCaptures);
    SolverOptions withoutChainCaptures;
    withoutChainCaptures.useChainCaptures = false;
    variants.push_back(withoutChainCaptures);
    SolverOptions everything;  // the leaf table with the cutoffs, which probe children in it too
    everything.leafOpenCells = 8;
    variants.push_back(everything);
    SolverOptions structureOnly = none;  // structure keys alone, and with every other technique
    structureOnly.structureJunctions = StructureKey::kMaxJunctions;
    variants.push_back(structureOnly);
    SolverOptions structureKeys;
    structureKeys.structureJunctions = StructureKey::kMaxJunctions;
    variants.push_back(structureKeys);
    std::mt19937_64 rng(23);
    for (ExtraTurnRule rule : {ExtraTurnRule::kUnlimited, ExtraTurnRule::kAtMostOne}) {
        for (auto [h, w, count, fewest, most] : {std::array<int, 5>{3, 3, 60, 8, 20}, {3, 4, 16, 16, 28}}) {
            BoardGraph board = rectangleBoard(h, w);
            Solver plain(board, rule, none);
            std::vector<std::unique_ptr<Solver>> solvers;
            for (const SolverOptions &options : variants)
                solvers.push_back(std::make_unique<Solver>(board, rule, options));
            for (int i = 0; i < count; ++i) {
                SolverPosition p = randomPosition(board, fewest + i % (most - fewest + 1), rng);
                p.onExtraTurn = rule == ExtraTurnRule::kAtMostOne && i % 3 == 0;
                const int want = plain.value(p);
                for (std::size_t k = 0; k < solvers.size(); ++k)
                    BOOST_TEST(solvers[k]->value(p) == want,
                               h << " x " << w << " variant " << k << ", lines " << p.lines);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(strings_and_coins_keys_merge_only_equal_values) {
    // Positions of one structure have one value (unlimited rule): every 3 x 3 position
    // the random ones below share a key with is checked, and merges must happen.
    BoardGraph board = rectangleBoard(3, 3);
    StringsAndCoins structure(board);
    BoardSymmetry symmetry(board);
    Solver solver(board, ExtraTurnRule::kUnlimited);
    std::map<std::string, std::pair<int, LineSet>> valueOf;  // key -> a value and its position
    std::mt19937_64 rng(29);
    int merged = 0, differ = 0;
    for (int i = 0; i < 3000; ++i) {
        const SolverPosition p = randomPosition(board, 8 + i % 14, rng);
        const std::string key = structure.key(p.lines);
        // symmetric images have the same structure (unless a part too big to key merges nothing)
        const int s = static_cast<int>(rng() % symmetry.count());
        if (key.find('x') == std::string::npos) BOOST_TEST(structure.key(symmetry.apply(s, p.lines)) == key);
        const int v = solver.value(p);
        const auto [known, added] = valueOf.emplace(key, std::make_pair(v, p.lines));
        if (added || known->second.second == p.lines) continue;
        ++merged;
        if (known->second.first != v && ++differ <= 5)
            BOOST_ERROR("lines " << p.lines << " and " << known->second.second << ": key " << key
                                 << ", values " << v << " and " << known->second.first);
    }
    BOOST_TEST(differ == 0);
    BOOST_TEST(merged > 500, "positions merged with an earlier one: " << merged);
    // A lone 3-chain along the top edge and one down the left edge: one structure.
    RectangleGrid grid(3, 3);
    auto keyWithout = [&](std::vector<int> open) {
        LineSet lines = board.allLines();
        for (int l : open) lines &= ~lineBit(l);
        return structure.key(lines);
    };
    const std::string top = keyWithout(
        {grid.verticalEdge(0, 0), grid.verticalEdge(0, 1), grid.verticalEdge(0, 2), grid.verticalEdge(0, 3)});
    const std::string left = keyWithout({grid.horizontalEdge(0, 0), grid.horizontalEdge(1, 0),
                                         grid.horizontalEdge(2, 0), grid.horizontalEdge(3, 0)});
    BOOST_TEST(top == left);
    BOOST_TEST(top == "c3|");
}

BOOST_AUTO_TEST_CASE(structure_keys_are_exact_and_canonical) {
    // The solver's fast structure word against the slow reference key (which tries every
    // order of the junctions): two positions share a word exactly when they share a
    // reference key, and a position's symmetric images share its word.
    struct Case {
        BoardGraph board;
        int positions;
    };
    std::vector<Case> cases;
    cases.push_back({rectangleBoard(3, 3), 20000});
    cases.push_back({rectangleBoard(3, 4), 20000});
    cases.push_back({rectangleBoard(4, 4), 40000});
    cases.push_back({cruciformBoard(), 20000});
    std::mt19937_64 rng(31);
    for (const Case &c : cases) {
        const BoardGraph &board = c.board;
        StringsAndCoins reference(board);
        BoardSymmetry symmetry(board);
        // a wide word and the narrowest one the key accepts, whose codes are too long more often
        for (int wordBits : {64, board.lineCount() + 2}) {
            StructureKey structure(board, wordBits);
            std::map<std::uint64_t, std::string> referenceOf;
            std::map<std::string, std::uint64_t> wordOf;
            int keyed = 0, merged = 0, wrong = 0;
            for (int i = 0; i < c.positions; ++i) {
                const SolverPosition p =
                    randomPosition(board, board.lineCount() / 2 + i % (board.lineCount() / 2), rng);
                std::uint64_t word = 0;
                if (!structure.key(p.lines, word)) continue;
                ++keyed;
                BOOST_TEST(((word >> (wordBits - 1)) == 1u));
                BOOST_TEST((wordBits == 64 || (word >> wordBits) == 0));
                std::uint64_t image = 0;
                const int s = static_cast<int>(rng() % symmetry.count());
                BOOST_TEST(structure.key(symmetry.apply(s, p.lines), image));
                BOOST_TEST(image == word, "lines " << p.lines << " under symmetry " << s);
                const std::string key = reference.key(p.lines);
                const auto [known, added] = referenceOf.emplace(word, key);
                const auto [knownWord, addedKey] = wordOf.emplace(key, word);
                if (!added) ++merged;
                if ((known->second != key || knownWord->second != word) && ++wrong <= 5)
                    BOOST_ERROR("lines " << p.lines << ": word " << word << " key " << key << ", seen as "
                                         << known->second << " and " << knownWord->second);
            }
            BOOST_TEST(wrong == 0);
            BOOST_TEST(keyed > c.positions / 10, "positions keyed: " << keyed);
            BOOST_TEST(merged > keyed / 10, "positions merged with an earlier one: " << merged);
        }
    }
    // A lone 3-chain along the top edge and one down the left edge share a word.
    const BoardGraph board = rectangleBoard(3, 3);
    RectangleGrid grid(3, 3);
    StructureKey structure(board, 64);
    auto wordWithout = [&](std::vector<int> open) {
        LineSet lines = board.allLines();
        for (int l : open) lines &= ~lineBit(l);
        std::uint64_t word = 0;
        BOOST_TEST(structure.key(lines, word));
        return word;
    };
    BOOST_TEST(wordWithout({grid.verticalEdge(0, 0), grid.verticalEdge(0, 1), grid.verticalEdge(0, 2),
                            grid.verticalEdge(0, 3)}) ==
               wordWithout({grid.horizontalEdge(0, 0), grid.horizontalEdge(1, 0), grid.horizontalEdge(2, 0),
                            grid.horizontalEdge(3, 0)}));
    // A board too big for its word is refused.
    BOOST_CHECK_THROW(StructureKey(board, board.lineCount() + 1), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(chains_and_loops_against_plain_alpha_beta) {
    // Positions of chains and loops only (valued from their lengths, no search) and the
    // same with junctions (one move searched per chain), on boards big enough for long
    // chains and loops, against a plain alpha-beta that knows nothing of them.
    SolverOptions none;
    none.useSymmetry = none.useSafeCaptures = none.useChainReductions = none.useTwinLines =
        none.useChainsAndLoops = none.useTranspositionCutoffs = none.useParity = false;
    std::mt19937_64 rng(17);
    int simple = 0, loops = 0;
    for (auto [h, w, count] : {std::array<int, 3>{3, 3, 600}, {3, 4, 600}, {4, 4, 300}}) {
        BoardGraph board = rectangleBoard(h, w);
        Solver plain(board, ExtraTurnRule::kUnlimited, none);
        Solver reduced(board, ExtraTurnRule::kUnlimited);
        ChainsAndLoops chains(board);
        for (int i = 0; i < count; ++i) {
            const SolverPosition p = carvedChainsAndLoops(board, rng, i % 2 == 1, loops);
            if (p.lines == board.allLines()) continue;
            int lengths = 0;
            if (chains.value(p.lines, lengths)) {
                ++simple;
                BOOST_TEST(lengths == plain.value(p), h << " x " << w << ", lines " << p.lines);
            }
            BOOST_TEST(reduced.value(p) == plain.value(p), h << " x " << w << ", lines " << p.lines);
            BOOST_TEST(reduced.optimalMoves(p).size() > 0u);
        }
    }
    BOOST_TEST(simple > 200, "positions of chains and loops only: " << simple);
    BOOST_TEST(loops > 50, "loops carved: " << loops);
}

BOOST_AUTO_TEST_CASE(null_window_tests_agree_with_exact_values) {
    BoardGraph board = rectangleBoard(2, 3);
    Solver exact(board, ExtraTurnRule::kUnlimited), tests(board, ExtraTurnRule::kUnlimited);
    std::mt19937_64 rng(11);
    for (int i = 0; i < 300; ++i) {
        SolverPosition p{rng() & board.allLines(), false};
        if (p.lines == board.allLines()) continue;
        int v = exact.value(p);
        BOOST_TEST(tests.valueAtLeast(p, v), "lines " << p.lines);
        BOOST_TEST(!tests.valueAtLeast(p, v + 1), "lines " << p.lines);
    }
}

BOOST_AUTO_TEST_CASE(a_known_lower_bound_gives_the_exact_value) {
    // value(p, atLeast) starts from a bound the caller knows: any true bound, of either
    // parity, gives the exact value.
    BoardGraph board = rectangleBoard(2, 3);
    Solver exact(board, ExtraTurnRule::kUnlimited), bounded(board, ExtraTurnRule::kUnlimited);
    std::mt19937_64 rng(17);
    for (int i = 0; i < 200; ++i) {
        SolverPosition p{rng() & board.allLines(), false};
        if (p.lines == board.allLines()) continue;
        const int v = exact.value(p);
        for (int atLeast = v - 3; atLeast <= v; ++atLeast)
            BOOST_TEST(bounded.value(p, atLeast) == v, "lines " << p.lines << ", bound " << atLeast);
        BOOST_TEST(bounded.value(p, -100) == v, "no bound");
    }
}

BOOST_AUTO_TEST_CASE(two_threads_find_the_same_values_as_one) {
    // 3 x 3 positions with 8 to 14 lines filled: searches big enough for both threads to
    // work, and to stop one another, many times over; and with 15 to 21, searches this
    // thread finishes before the helper wakes (the helper must then leave them).
    BoardGraph board = rectangleBoard(3, 3);
    SolverOptions twoThreads;
    twoThreads.threads = 2;
    SolverOptions twoThreadsByStructure = twoThreads;  // each thread keeps its own remembered keys
    twoThreadsByStructure.structureJunctions = StructureKey::kMaxJunctions;
    Solver one(board, ExtraTurnRule::kUnlimited), two(board, ExtraTurnRule::kUnlimited, twoThreads),
        twoByStructure(board, ExtraTurnRule::kUnlimited, twoThreadsByStructure);
    std::mt19937_64 rng(13);
    for (int i = 0; i < 140; ++i) {
        SolverPosition p = randomPosition(board, 8 + i % 14, rng);
        const int want = one.value(p);
        BOOST_TEST(two.value(p) == want, "lines " << p.lines);
        BOOST_TEST(twoByStructure.value(p) == want, "structure keys, lines " << p.lines);
    }
    BOOST_TEST(two.value({}) == -3);
    BOOST_TEST(twoByStructure.value({}) == -3);
}

BOOST_AUTO_TEST_CASE(symmetries) {
    BOOST_TEST(BoardSymmetry(rectangleBoard(3, 3)).count() == 8);
    BOOST_TEST(BoardSymmetry(rectangleBoard(2, 3)).count() == 4);
    BOOST_TEST(BoardSymmetry(cruciformBoard()).count() == 8);
    BOOST_TEST(BoardSymmetry(hexagonBoard()).count() == 4);
    // Symmetric positions have the same canonical form and the same value.
    BoardGraph board = rectangleBoard(3, 3);
    BoardSymmetry symmetry(board);
    Solver solver(board, ExtraTurnRule::kUnlimited);
    std::mt19937_64 rng(3);
    for (int i = 0; i < 20; ++i) {
        LineSet lines = rng() & rng() & board.allLines();
        for (int s = 0; s < symmetry.count(); ++s) {
            BOOST_TEST(symmetry.canonical(symmetry.apply(s, lines)) == symmetry.canonical(lines));
            BOOST_TEST(solver.value({symmetry.apply(s, lines), false}) == solver.value({lines, false}));
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(programs)

BOOST_AUTO_TEST_CASE(dotssolve_answers) {
    auto solve = [](const std::vector<std::string> &args) {
        return dotslab::runTrusted(DOTSSOLVE_PROGRAM, args, "");
    };
    dotslab::RunResult figure = solve({"dotsboxes", "1101011110110110"});
    BOOST_TEST(figure.status == 0);
    BOOST_TEST(figure.out ==
               "Player 1 to move; score so far 1-0; 4 cells left.\n"
               "Value: +4 (Player 1 takes 4 more of the remaining cells than Player 2)\n"
               "Perfect play ends 5-0: Player 1 wins.\nOptimal moves: 7\n");
    dotslab::RunResult empty = solve({"rect", "2", "2", "--json"});
    BOOST_TEST(empty.out.find("\"value\": 2") != std::string::npos, empty.out);
    BOOST_TEST(solve({"dotstriangles", "111111111111222111"}).status == 1, "a finished game");
    BOOST_TEST(solve({"dotsboxes", "2"}).status == 1, "not a valid grid");
    BOOST_TEST(solve({"rect", "2", "2", "--moves", "0 0 h,0 0 h"}).status == 1, "an edge twice");
    BOOST_TEST(solve({"rect", "9", "9"}).status == 1, "too many edges");
    dotslab::RunResult extra = solve({"dotstriangles", "110000000000000000", "--extra", "--json"});
    BOOST_TEST(extra.status == 0);
}

BOOST_AUTO_TEST_CASE(dotssolve_search_settings) {
    auto solve = [](const std::vector<std::string> &args) {
        return dotslab::runTrusted(DOTSSOLVE_PROGRAM, args, "");
    };
    // Threads and table size change the time, never the answer.
    const std::vector<std::string> position = {"rect", "3", "3", "--moves", "0 0 h,1 1 v,2 2 h"};
    std::vector<std::string> settings = position;
    settings.insert(settings.end(), {"--threads", "2", "--memory", "1"});
    dotslab::RunResult plain = solve(position), tuned = solve(settings);
    BOOST_TEST(plain.status == 0);
    BOOST_TEST(tuned.out == plain.out);
    BOOST_TEST(plain.out.find("Optimal moves: ") != std::string::npos, plain.out);
    // --value-only: the value and the final score, no moves.
    dotslab::RunResult valueOnly = solve({"rect", "2", "2", "--value-only", "--json"});
    BOOST_TEST(
        valueOnly.out ==
        "{\n  \"board\": \"rect\",\n  \"final_score\": {\n    \"player1\": 3,\n    \"player2\": 1\n  },\n"
        "  \"player_to_move\": 1,\n  \"value\": 2\n}\n");
    dotslab::RunResult text = solve({"rect", "3", "4", "--value-only"});
    BOOST_TEST(text.out ==
               "Player 1 to move; score so far 0-0; 12 cells left.\n"
               "Value: 0 (Player 1 takes 0 more of the remaining cells than Player 2)\n"
               "Perfect play ends 6-6: a draw.\n");
    BOOST_TEST(solve({"rect", "2", "2", "--threads", "0"}).status == 2, "no threads");
    BOOST_TEST(solve({"rect", "2", "2", "--memory", "-5"}).status == 2, "negative memory");
}

BOOST_AUTO_TEST_CASE(perfect_computer_plays_only_optimal_moves) {
    const std::string prompt = "What two dots would you like to connect? (Q to quit) ";
    for (int n : {2, 3}) {
        // A human who tries every edge in order (closed ones are refused and skipped).
        std::string input = std::to_string(n) + "\n";
        for (char r = 'a'; r <= 'a' + n; ++r)
            for (int c = 1; c <= n + 1; ++c) {
                input += std::string(1, r) + std::to_string(c) + " " + std::string(1, r) +
                         std::to_string(c + 1) + "\n";
                input += std::string(1, r) + std::to_string(c) + " " +
                         std::string(1, static_cast<char>(r + 1)) + std::to_string(c) + "\n";
            }
        dotslab::RunResult got = dotslab::runTrusted(DOTSCOMPUTER_PROGRAM, {"--level", "perfect"}, input);
        BOOST_TEST(got.status == 0);
        // Read each printed board back into a line set; every announced move must be one of
        // the solver's optimal moves on the board printed just before it.
        BoardGraph board = rectangleBoard(n, n);
        RectangleGrid grid(n, n);
        Solver solver(board, ExtraTurnRule::kUnlimited);
        LineSet shown = 0;
        int computerMoves = 0, dotRow = -1;
        std::istringstream out(got.out);
        for (std::string line; std::getline(out, line);) {
            std::size_t after = line.rfind(prompt);
            if (after != std::string::npos) line = line.substr(after + prompt.size());
            if (line.size() >= 3 && line[0] >= 'a' && line[1] == ' ' && line[2] == '+') {  // a dot row
                dotRow = line[0] - 'a';
                if (dotRow == 0) shown = 0;
                for (int c = 0; c < n; ++c)
                    if (line[3 + 2 * c] == '-') shown |= lineBit(grid.horizontalEdge(dotRow, c));
            } else if (dotRow >= 0 && dotRow < n && line.rfind("  ", 0) == 0 &&
                       line.size() == static_cast<std::size_t>(2 * n + 3)) {
                for (int c = 0; c <= n; ++c)
                    if (line[2 + 2 * c] == '|') shown |= lineBit(grid.verticalEdge(dotRow, c));
            } else if (line.rfind("I choose to connect dots ", 0) == 0) {
                std::string a = line.substr(25, 2), b = line.substr(32, 2);
                int r1 = a[0] - 'a', c1 = a[1] - '1';
                int e = a[0] == b[0] ? grid.horizontalEdge(r1, c1) : grid.verticalEdge(r1, c1);
                std::vector<int> optimal = solver.optimalMoves({shown, false});
                BOOST_TEST((std::find(optimal.begin(), optimal.end(), e) != optimal.end()),
                           n << " x " << n << ": " << line << " is not optimal");
                ++computerMoves;
            }
        }
        BOOST_TEST(computerMoves > 0);
        BOOST_TEST(shown == board.allLines(), "the post-game board reads back as full: the parsing works");
    }
}

BOOST_AUTO_TEST_SUITE_END()
