// Suite equivalence: every mandated function on every checked grid (grid_checks.h),
// compared with the model; suite rendering: the printed grid of every checked line set.
// A failure names the grid number, the call, and expected vs actual.
#include "harness/grid_checks.h"
#include "harness/test_support.h"

namespace utf = boost::unit_test;
using namespace dotslab::harness;

BOOST_AUTO_TEST_SUITE(equivalence)

BOOST_AUTO_TEST_CASE(is_filled, *utf::timeout(20)) {
    requireFunction(submission().isFilled, prototype(submission(), "isFilled"));
    CheckReport report = checkFunction(submission(), Op::kIsFilled);
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(update_grid, *utf::timeout(20)) {
    requireFunction(submission().updateGrid, prototype(submission(), "updateGrid"));
    CheckReport report = checkFunction(submission(), Op::kUpdateGrid);
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(player_score, *utf::timeout(20)) {
    requireFunction(submission().playerScore, prototype(submission(), "playerScore"));
    CheckReport report = checkFunction(submission(), Op::kPlayerScore);
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_CASE(game_state, *utf::timeout(20)) {
    requireFunction(submission().gameState, prototype(submission(), "gameState"));
    CheckReport report = checkFunction(submission(), Op::kGameState);
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rendering)

BOOST_AUTO_TEST_CASE(every_line_set, *utf::timeout(60)) {
    requireFunction(submission().display, displayPrototype(submission()));
    CheckReport report = checkFunction(submission(), Op::kDisplay);
    BOOST_TEST(report.ok(), report.summary());
}

BOOST_AUTO_TEST_SUITE_END()
