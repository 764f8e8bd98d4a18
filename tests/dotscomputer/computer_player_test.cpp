// The four rules, each shown deciding a constructed position on its own, and the
// assignment's example. The chain of narrowing is recomputed here from the rules' text.
#include <boost/test/unit_test.hpp>
#include <initializer_list>
#include <string>

#include "board/computer_player.h"
#include "console_text.h"

using namespace dotslab;
using namespace dotslab::dotscomputer;

namespace {

// Returns the edge between two named dots ("b2", "b3"), named independently of the program.
int edge(const RectangleGrid &g, const std::string &a, const std::string &b) {
    int r1 = a[0] - 'a', c1 = a[1] - '1', r2 = b[0] - 'a', c2 = b[1] - '1';
    if (r1 == r2) return g.horizontalEdge(r1, std::min(c1, c2));
    return g.verticalEdge(std::min(r1, r2), c1);
}

// Returns an n x n game (human to move is irrelevant here) with the named edges closed.
RectangleGame position(int n, std::initializer_list<std::pair<const char *, const char *>> closed) {
    RectangleGame game(n, n, 2);
    std::vector<std::uint8_t> edges(game.grid().edgeCount(), 0);
    for (auto [a, b] : closed) edges[edge(game.grid(), a, b)] = 1;
    std::vector<std::uint8_t> owners(game.grid().cellCount(), 0);
    game.restore(edges, owners, kComputer);
    return game;
}

// The candidates left after each rule, computed from the rules' words.
struct Narrowing {
    std::vector<int> afterRule[5];  // [1] .. [4]
};

Narrowing narrow(const RectangleGame &game) {
    const RectangleGrid &g = game.grid();
    Narrowing n;
    n.afterRule[1] = firstRuleCandidates(game);
    auto keep = [](const std::vector<int> &from, auto score, bool largest) {
        std::vector<int> kept;
        int best = largest ? -1 : 1 << 30;
        for (int e : from) best = largest ? std::max(best, score(e)) : std::min(best, score(e));
        for (int e : from)
            if (score(e) == best) kept.push_back(e);
        return kept;
    };
    auto xSum = [&](int e) { return 2 * (g.edgeCol(e) + 1) + (g.isHorizontal(e) ? 1 : 0); };
    auto ySum = [&](int e) { return 2 * (g.edgeRow(e) + 1) + (g.isHorizontal(e) ? 0 : 1); };
    n.afterRule[2] = keep(
        n.afterRule[1], [&](int e) { return degreesOfFreedom(game, e); }, true);
    n.afterRule[3] = keep(n.afterRule[2], xSum, false);
    n.afterRule[4] = keep(n.afterRule[3], ySum, false);
    return n;
}

// Checks that `rule` is the first rule to leave a single edge, and that it is `want`.
void expectDecidedBy(const RectangleGame &game, int rule, const std::string &want) {
    Narrowing n = narrow(game);
    for (int r = 1; r < rule; ++r)
        BOOST_TEST(n.afterRule[r].size() > 1u, "rule " << r << " must leave a choice");
    BOOST_TEST(n.afterRule[rule].size() == 1u, "rule " << rule << " must decide");
    BOOST_TEST(edgeDots(game.grid(), chooseEdge(game)) == want);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(computer_player)

BOOST_AUTO_TEST_CASE(rule_1_completes_the_three_sided_box) {
    RectangleGame game = position(2, {{"a1", "a2"}, {"a1", "b1"}, {"b1", "b2"}});
    expectDecidedBy(game, 1, "a2 and b2");
}

BOOST_AUTO_TEST_CASE(rule_1_falls_through_to_any_open_edge) {
    // Every outer edge closed: each inner edge would give two boxes their third edge.
    RectangleGame game = position(2, {{"a1", "a2"},
                                      {"a2", "a3"},
                                      {"c1", "c2"},
                                      {"c2", "c3"},
                                      {"a1", "b1"},
                                      {"b1", "c1"},
                                      {"a3", "b3"},
                                      {"b3", "c3"}});
    BOOST_TEST(firstRuleCandidates(game).size() == 4u, "no safe edge: all four open edges stay");
    expectDecidedBy(game, 3, "b1 and b2");
}

BOOST_AUTO_TEST_CASE(rule_2_most_degrees_of_freedom) {
    // Closing c2-c3 leaves b2-b3 the only edge between two dots with four open edges.
    RectangleGame game = position(3, {{"c2", "c3"}});
    BOOST_TEST(degreesOfFreedom(game, edge(game.grid(), "b2", "b3")) == 7);
    expectDecidedBy(game, 2, "b2 and b3");
}

BOOST_AUTO_TEST_CASE(rule_3_smallest_column_sum) {
    RectangleGame empty = position(2, {});
    expectDecidedBy(empty, 3, "b1 and b2");
}

BOOST_AUTO_TEST_CASE(rule_4_smallest_row_sum) {
    // With the middle row closed, six edges tie on freedom (4); a1-a2 and c1-c2 also tie
    // on column sum (3); a1-a2 has the smaller row sum (2 against 6).
    RectangleGame game = position(2, {{"b1", "b2"}, {"b2", "b3"}});
    BOOST_TEST(narrow(game).afterRule[2].size() == 6u);
    expectDecidedBy(game, 4, "a1 and a2");
}

BOOST_AUTO_TEST_CASE(rule_4_read_upward_takes_the_lowest_row) {
    // The text never says which way y grows: counted upward (--level rules-y-up), the same
    // tie goes to c1-c2, and the assignment's example, which rule 3 decides, is unchanged.
    RectangleGame game = position(2, {{"b1", "b2"}, {"b2", "b3"}});
    BOOST_TEST(edgeDots(game.grid(), chooseEdge(game, RowsCounted::kUpward)) == "c1 and c2");
    RectangleGame example = position(2, {{"a1", "a2"}});
    BOOST_TEST(edgeDots(example.grid(), chooseEdge(example, RowsCounted::kUpward)) == "b1 and b2");
}

BOOST_AUTO_TEST_CASE(the_assignment_example) {
    RectangleGame game = position(2, {{"a1", "a2"}});
    BOOST_TEST(edgeDots(game.grid(), chooseEdge(game)) == "b1 and b2");
}

BOOST_AUTO_TEST_CASE(dot_order_in_announcements) {
    RectangleGrid g(3, 3);
    BOOST_TEST(edgeDots(g, g.horizontalEdge(1, 0)) == "b1 and b2", "horizontal: lower column first");
    BOOST_TEST(edgeDots(g, g.verticalEdge(0, 0)) == "a1 and b1", "vertical: lower row first");
    BOOST_TEST(edgeDots(g, g.verticalEdge(2, 3)) == "c4 and d4");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(human_moves)

BOOST_AUTO_TEST_CASE(accepted) {
    RectangleGame game = position(2, {});
    const RectangleGrid &g = game.grid();
    for (auto [line, a, b] :
         std::vector<std::tuple<std::string, std::string, std::string>>{{"a1 a2", "a1", "a2"},
                                                                        {"2a,b2", "a2", "b2"},
                                                                        {"a2a1", "a1", "a2"},
                                                                        {"1a 1b", "a1", "b1"},
                                                                        {"  c3 -- b3 !!", "b3", "c3"},
                                                                        {"a1 a2\r", "a1", "a2"}}) {
        std::optional<HumanMove> move = parseHumanMove(line, game);
        BOOST_TEST_REQUIRE(move.has_value(), "'" << line << "'");
        BOOST_TEST(!move->quit);
        BOOST_TEST(move->edge == edge(g, a, b), "'" << line << "'");
    }
}

BOOST_AUTO_TEST_CASE(refused) {
    RectangleGame game = position(2, {{"b1", "b2"}});
    for (const char *line : {"A1 A2", "a1 a3", "a1 b2", "z9 z8", "a1a2a3", "b1 b2", "", "q", "a1", "aa11",
                             "11aa", "a0 a1", "d1 d2", "a3 a4", "QQ", "Q a1"})
        BOOST_TEST(!parseHumanMove(line, game).has_value(), "'" << line << "'");
    BOOST_TEST(!parseHumanMove(std::string(100000, 'a') + "1a2", game).has_value(), "a very long line");
}

BOOST_AUTO_TEST_CASE(quit) {
    RectangleGame game = position(2, {});
    for (const char *line : {"Q", " Q ", "Q!", "(Q)\r"}) {
        std::optional<HumanMove> move = parseHumanMove(line, game);
        BOOST_TEST((move && move->quit), "'" << line << "'");
    }
}

BOOST_AUTO_TEST_SUITE_END()
