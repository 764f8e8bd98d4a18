// Suite equivalence: every mandated function on every valid grid, compared with the model.
// A failure names the grid number, the call, and expected vs actual.
#include "harness/grid_checks.h"
#include "harness/test_support.h"

namespace utf = boost::unit_test;
using namespace dotslab_harness;

BOOST_AUTO_TEST_SUITE(equivalence)

BOOST_AUTO_TEST_CASE(is_filled, *utf::timeout(20)) {
    requireFunction(submission().isFilled, prototype(submission(), "isFilled"));
    CheckReport report = checkIsFilled(submission());
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(update_grid, *utf::timeout(20)) {
    requireFunction(submission().updateGrid, prototype(submission(), "updateGrid"));
    CheckReport report = checkUpdateGrid(submission());
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(player_score, *utf::timeout(20)) {
    requireFunction(submission().playerScore, prototype(submission(), "playerScore"));
    CheckReport report = checkPlayerScore(submission());
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(game_state, *utf::timeout(20)) {
    requireFunction(submission().gameState, prototype(submission(), "gameState"));
    CheckReport report = checkGameState(submission());
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rendering)

BOOST_AUTO_TEST_CASE(every_line_set, *utf::timeout(60)) {
    requireFunction(submission().display, displayPrototype(submission()));
    CheckReport report = checkRendering(submission());
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_SUITE_END()
