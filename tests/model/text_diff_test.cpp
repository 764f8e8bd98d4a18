// The plain-words explanations of an output difference.
#include <boost/test/unit_test.hpp>

#include "text/text_diff.h"

using namespace dotslab;

BOOST_AUTO_TEST_SUITE(text_diff)

BOOST_AUTO_TEST_CASE(equal_texts) { BOOST_TEST(!firstDifference("a\nb\n", "a\nb\n").differs); }

BOOST_AUTO_TEST_CASE(space_count) {
    TextDifference d = firstDifference("x\no--o    Player 1 score: 0\n", "x\no--o     Player 1 score: 0\n");
    BOOST_TEST(d.line == 2);
    BOOST_TEST(d.hint == "5 spaces before `Player` where 4 are expected");
    BOOST_TEST(d.expected == "o--o\u00b7\u00b7\u00b7\u00b7Player\u00b71\u00b7score:\u00b70\u23ce");
}

BOOST_AUTO_TEST_CASE(trailing_spaces) {
    TextDifference d = firstDifference("   |   \n", "   |\n");
    BOOST_TEST(d.hint == "0 spaces at the end of the line where 3 are expected");
}

BOOST_AUTO_TEST_CASE(prompt_without_trailing_space) {
    TextDifference d = firstDifference("Player 1, make your move (1-16): Invalid move! Try again.\n",
                                       "Player 1, make your move (1-16):Invalid move! Try again.\n");
    BOOST_TEST(d.hint == "no trailing space after the prompt `Player 1, make your move (1-16):`");
    TextDifference glued = firstDifference("Player 1, make your move (1-16):    o  o\n",
                                           "Player 1, make your move (1-16):   o  o\n");
    BOOST_TEST(glued.hint == "no trailing space after the prompt `Player 1, make your move (1-16):`",
               "a grid follows the prompt");
}

BOOST_AUTO_TEST_CASE(missing_final_newline) {
    BOOST_TEST(firstDifference("Player 1 wins!\n", "Player 1 wins!").hint ==
               "missing newline at end of output");
}

BOOST_AUTO_TEST_CASE(early_end_and_extra_output) {
    BOOST_TEST(firstDifference("a\nb\n", "a\n").hint ==
               "the output stops early: everything from this line on is missing");
    BOOST_TEST(firstDifference("a\n", "a\nb\n").hint == "the output goes on after the expected end");
    BOOST_TEST(firstDifference("a\n", "a\nb\n").actual == "b\u23ce");
}

BOOST_AUTO_TEST_CASE(control_bytes_are_visible) {
    BOOST_TEST(visibleWhitespace(std::string("a\tb\r\n\x01", 6)) == "a\u2409b\u240d\u23ce\\x01");
}

BOOST_AUTO_TEST_CASE(long_lines_are_cut_around_the_difference) {
    const std::string want = std::string(1000, 'a') + "\n",
                      got = std::string(500, 'a') + "b" + std::string(499, 'a') + "\n";
    const TextDifference d = firstDifference(want, got);
    BOOST_TEST(d.actual.rfind("\u2026", 0) == 0, "cut before: " << d.actual);
    BOOST_TEST(d.actual.find("b") != std::string::npos, "the difference is shown: " << d.actual);
    BOOST_TEST(d.actual.find("more") != std::string::npos, "cut after: " << d.actual);
    BOOST_TEST(d.actual.size() < 200u);
}

BOOST_AUTO_TEST_CASE(control_characters_are_escaped_for_terminals) {
    BOOST_TEST(controlsEscaped("a\x1b[2Jb\n\tc\r") == "a\\x1b[2Jb\n\tc\\x0d");
    // A terminal's control sequence begun by C1's CSI, as a character (U+009B) or as the
    // byte alone (adversary round 26); the characters around them, accents and quotes, stay.
    BOOST_TEST(controlsEscaped("\xc2\x9b" "2J\x9b" "2J\xc3\xa9\xe2\x80\x99\xe2\x80\x8f") ==
               "\\u{009b}2J\\x9b2J\xc3\xa9\xe2\x80\x99\\u{200f}");
    BOOST_TEST(visibleWhitespace("\xc2\x9b \x9b\xc3\xa9") == "\\u{009b}\u00b7\\x9b\xc3\xa9");
}

BOOST_AUTO_TEST_SUITE_END()
