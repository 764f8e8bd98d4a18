// The packed-game model: spec examples, rendering, validity, and the console model
// reproducing every dotsboxes and dotstriangles transcript byte for byte.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "files/files.h"
#include "files/transcript_case.h"
#include "packed/console_model.h"

using namespace dotslab;
namespace fs = std::filesystem;

namespace {}  // namespace

BOOST_AUTO_TEST_SUITE(packed_games)

BOOST_AUTO_TEST_CASE(dotsboxes_examples) {
    const PackedGame &game = dotsboxesGame();
    BOOST_TEST(
        game.render(1101011110110110LL) ==
        "   o  o\n      |\no--o  o--o    Player 1 score: 1\n   |  |  |\no--o  o--o    Player 2 score: 0\n"
        "   |   \n   o--o\n");
    BOOST_TEST(game.gameState(111111111111111123LL) == 2);
    BOOST_TEST(game.gameState(0) == 3);
    BOOST_TEST(game.isValid(1101011110110110LL));
    BOOST_TEST(!game.isValid(1101011110110100LL), "a complete box nobody scored");
    BOOST_TEST(!game.isValid(2LL), "a score without a box");
    BOOST_TEST(game.updated(1101011110110110LL, 7, 2) == 1101111110110111LL, "line 7 closes the left box");
}

BOOST_AUTO_TEST_CASE(dotstriangles_examples) {
    const PackedGame &game = dotstrianglesGame();
    BOOST_TEST(game.updated(110001011101000220LL, 3, 1) == 111001011101100220LL);
    BOOST_TEST(game.updated(100000001001000000LL, 10, 2) == 100000001101000020LL);
    BOOST_TEST(game.updated(0, 8, 1) == 10000000000LL);
    BOOST_TEST(game.gameState(111111111111222111LL) == 0);
    BOOST_TEST(
        game.render(110001011101000220LL) ==
        "  o---o\n /      \no---o   o\n \\2/2\\       Player 1 score: 0\n  o---o      Player 2 score: 2\n");
    BOOST_TEST(game.isValid(110001011101000220LL));
    BOOST_TEST(!game.isValid(110001011101000200LL), "a closed triangle without owner");
    BOOST_TEST(!game.isValid(110001011101000230LL), "an owner 3");
}

BOOST_AUTO_TEST_CASE(integer_tokens) {
    BOOST_TEST(integerToken("+7").value_or(-99) == 7);
    BOOST_TEST(integerToken("-2147483648").value_or(-99) == -2147483647 - 1);
    BOOST_TEST(!integerToken("2147483648"));
    BOOST_TEST(!integerToken("99999999999"));
    BOOST_TEST(!integerToken("3.5"));
    BOOST_TEST(!integerToken("abc"));
    BOOST_TEST(!integerToken("+"));
    BOOST_TEST(!integerToken("+-1"));
    BOOST_TEST(integerToken("0000000000000000000000012").value_or(-99) == 12);
}

BOOST_AUTO_TEST_CASE(console_model_reproduces_the_transcripts) {
    int checked = 0;
    for (const PackedGame *game : {&dotsboxesGame(), &dotstrianglesGame()}) {
        for (const TranscriptCase &c :
             readTranscriptCases(DOTSLAB_TRANSCRIPTS, std::string(game->name) + "-")) {
            ++checked;
            ProgramRun run = expectedRun(*game, c.input);
            BOOST_TEST(run.out == c.out.value(), c.name);
            BOOST_TEST(run.status == c.status.value(), c.name);
        }
    }
    BOOST_TEST(checked >= 4);
}

BOOST_AUTO_TEST_SUITE_END()
