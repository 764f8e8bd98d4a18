// Suite spec_examples: every example encoding written in dotsboxes.md and dotstriangles.md,
// checked literally (the expected values are copied from the specs, not from the model).
#include <set>

#include "harness/grid_checks.h"
#include "harness/test_support.h"
#include "text/text_diff.h"

namespace utf = boost::unit_test;
using namespace dotslab::harness;

namespace {

// Checks the printed grid against the spec's figure, explaining the first difference.
void expectPrinted(long long grid, const std::string &figure) {
    requireFunction(submission().display, displayPrototype(submission()));
    dotslab::TextDifference difference =
        dotslab::firstDifference(figure, capturedDisplay(submission(), grid));
    BOOST_TEST(!difference.differs, submission().displayName << "(" << grid
                                                             << ") differs from the spec's figure, "
                                                             << dotslab::describe(difference));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spec_examples)

BOOST_AUTO_TEST_CASE(mandated_functions_present, *utf::timeout(10)) {
    std::vector<std::string> missing = missingFunctions(submission());
    for (const std::string &line : missing) BOOST_ERROR(line);
    BOOST_TEST(missing.size() == 0u, "every mandated function is defined with its exact prototype");
}

BOOST_AUTO_TEST_CASE(dotsboxes_figure_1, *utf::precondition(isDotsboxes) * utf::timeout(10)) {
    const SubmissionApi &api = submission();
    const long long figure1 = 1101011110110110LL;  // 001101011110110110
    requireFunction(api.isFilled, prototype(submission(), "isFilled"));
    const std::set<int> filled = {3, 4, 6, 8, 9, 10, 11, 13, 14, 16};
    for (int pos = 1; pos <= 16; ++pos)
        BOOST_TEST(api.isFilled(figure1, pos) == (filled.count(pos) == 1),
                   "isFilled(" << figure1 << ", " << pos << ")");
    requireFunction(api.playerScore, prototype(submission(), "playerScore"));
    BOOST_TEST(api.playerScore(figure1, 1) == 1);
    BOOST_TEST(api.playerScore(figure1, 2) == 0);
    requireFunction(api.gameState, prototype(submission(), "gameState"));
    BOOST_TEST(api.gameState(figure1) == 3);
}

BOOST_AUTO_TEST_CASE(dotsboxes_figure_1_printed, *utf::precondition(isDotsboxes) * utf::timeout(10)) {
    const std::string expected =
        "   o  o\n"
        "      |\n"
        "o--o  o--o    Player 1 score: 1\n"
        "   |  |  |\n"
        "o--o  o--o    Player 2 score: 0\n"
        "   |   \n"
        "   o--o\n";
    expectPrinted(1101011110110110LL, expected);
}

BOOST_AUTO_TEST_CASE(dotsboxes_full_and_empty, *utf::precondition(isDotsboxes) * utf::timeout(10)) {
    requireFunction(submission().gameState, prototype(submission(), "gameState"));
    BOOST_TEST(submission().gameState(111111111111111123LL) == 2, "a full grid won 2-3 by Player 2");
    BOOST_TEST(submission().gameState(0) == 3, "the empty grid");
    requireFunction(submission().playerScore, prototype(submission(), "playerScore"));
    BOOST_TEST(submission().playerScore(111111111111111123LL, 1) == 2);
    BOOST_TEST(submission().playerScore(111111111111111123LL, 2) == 3);
}

BOOST_AUTO_TEST_CASE(dotstriangles_update_examples, *utf::precondition(isDotstriangles) * utf::timeout(10)) {
    requireFunction(submission().updateGrid, prototype(submission(), "updateGrid"));
    struct Example {
        long long before;
        int pos, p;
        long long after;
    };
    const Example examples[] = {{110001011101000220LL, 3, 1, 111001011101100220LL},
                                {100000001001000000LL, 10, 2, 100000001101000020LL},
                                {0, 8, 1, 10000000000LL}};
    for (const Example &e : examples) {
        long long grid = e.before;
        submission().updateGrid(grid, e.pos, e.p);
        BOOST_TEST(grid == e.after, "updateGrid(" << e.before << ", " << e.pos << ", " << e.p << ")");
    }
}

BOOST_AUTO_TEST_CASE(dotstriangles_figure_1, *utf::precondition(isDotstriangles) * utf::timeout(10)) {
    const SubmissionApi &api = submission();
    const long long figure1 = 110001011101000220LL;
    requireFunction(api.playerScore, prototype(submission(), "playerScore"));
    BOOST_TEST(api.playerScore(figure1, 1) == 0);
    BOOST_TEST(api.playerScore(figure1, 2) == 2);
    requireFunction(api.gameState, prototype(submission(), "gameState"));
    BOOST_TEST(api.gameState(figure1) == 3);
    BOOST_TEST(api.gameState(111111111111222111LL) == 0, "a full grid drawn 3-3");
    requireFunction(api.isFilled, prototype(submission(), "isFilled"));
    const std::set<int> filled = {1, 2, 6, 8, 9, 10, 12};
    for (int pos = 1; pos <= 12; ++pos)
        BOOST_TEST(api.isFilled(figure1, pos) == (filled.count(pos) == 1),
                   "isFilled(" << figure1 << ", " << pos << ")");
}

BOOST_AUTO_TEST_CASE(dotstriangles_figure_1_printed, *utf::precondition(isDotstriangles) * utf::timeout(10)) {
    const std::string expected =
        "  o---o\n"
        " /      \n"
        "o---o   o\n"
        " \\2/2\\       Player 1 score: 0\n"
        "  o---o      Player 2 score: 2\n";
    expectPrinted(110001011101000220LL, expected);
}

BOOST_AUTO_TEST_SUITE_END()
