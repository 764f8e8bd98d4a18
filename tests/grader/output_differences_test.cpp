// The distinct differences of a program's output across its runs (output_differences.h):
// each found once, with the runs it explains; a game that goes another way is never
// explained by differences that merely recur.
#define BOOST_TEST_MODULE dotsgrade_output_differences
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "output_differences.h"

using dotslab::grader::ComparedRun;
using dotslab::grader::DifferenceFindings;
using dotslab::grader::findDifferences;
using dotslab::grader::RunDifferences;

namespace {

// Returns a game's output as a model would print it: a prompt with the size range, then
// for each move a board line, a score line and an empty line.
std::string game(const std::vector<std::string> &moves, const std::string &range = "(2..8)",
                 bool blankAfterScore = true, const std::string &debug = "") {
    std::string out = "What size grid would you like? " + range + " \n";
    int score = 0;
    for (const std::string &move : moves) {
        out += "board after " + move + "\n" + debug;
        out += "You: " + std::to_string(score++) + "    Me: 0\n";
        if (blankAfterScore) out += "\n";
    }
    return out + "Bye.\n";
}

ComparedRun run(const std::string &expected, const std::string &actual) {
    ComparedRun r;
    r.expectedOut = expected;
    r.actualOut = actual;
    r.endedNormally = true;
    r.differs = expected != actual;
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_distinct_difference_is_found_once_with_its_runs) {
    // Ten runs with a prompt typo, no empty line after the score and a debug line after
    // each board; the last four have a fourth move, whose board the program names in capitals.
    std::vector<ComparedRun> runs;
    for (int k = 0; k < 10; ++k) {
        std::vector<std::string> moves = {"a" + std::to_string(k), "b" + std::to_string(k), "c1"};
        if (k >= 6) moves.push_back("d1");
        std::string actual = game(moves, "(2..9)", false, "debug!\n");
        if (k >= 6) actual.replace(actual.find("board after d1"), 14, "board after D1");
        runs.push_back(run(game(moves), actual));
    }
    const DifferenceFindings found = findDifferences(runs);
    std::string all;
    for (const auto &d : found.differences) all += d.what + "\n";
    BOOST_TEST_REQUIRE(found.differences.size() == 4u, all);
    BOOST_TEST(found.differences[0].explains == 10u);
    auto of = [&](const std::string &what) {
        for (const auto &d : found.differences)
            if (d.what.find(what) != std::string::npos) return d;
        BOOST_TEST_FAIL("no difference " << what << " in:\n" << all);
        return found.differences[0];
    };
    BOOST_TEST(of("prints \"(2..9)\" where the sample prints \"(2..8)\"").places == 10u);
    BOOST_TEST(of("leaves out the empty line after \"You:").places == 34u, "three or four moves in each run");
    BOOST_TEST(of("adds the line \"debug!\"").places == 34u);
    BOOST_TEST(of("prints \"D1\" where the sample prints \"d1\"").runs == 4u);
    BOOST_TEST(of("prints \"D1\" where the sample prints \"d1\"").explains == 4u);
    for (std::size_t k = 0; k < 10; ++k) {
        BOOST_TEST(found.runs[k].explained, k);
        BOOST_TEST(found.runs[k].newReason.empty(), found.runs[k].newReason);
        BOOST_TEST(found.runs[k].differences.size() == (k >= 6 ? 4u : 3u));
    }
}

BOOST_AUTO_TEST_CASE(a_game_that_goes_another_way_is_its_own_failure) {
    // Every run has the typo; in one the program also plays another move, so its board and
    // score lines differ where other runs print them right: that run differs for a new
    // reason, however often its lines' shapes recur.
    std::vector<ComparedRun> runs;
    for (int k = 0; k < 6; ++k) {
        const std::vector<std::string> moves = {"a1", "b" + std::to_string(k), "c2"};
        runs.push_back(run(game(moves), game(moves, "(2..9)")));
    }
    runs.push_back(run(game({"a1", "b1", "c2"}), game({"a1", "b2", "c2"}, "(2..9)")));
    const DifferenceFindings found = findDifferences(runs);
    BOOST_TEST(found.runs[6].explained == false);
    BOOST_TEST(found.runs[6].newReason.find("board·after·b1") != std::string::npos, found.runs[6].newReason);
    for (std::size_t k = 0; k < 6; ++k) BOOST_TEST(found.runs[k].explained, k);
}

BOOST_AUTO_TEST_CASE(a_difference_seen_in_one_run_only_is_not_a_known_one) {
    std::vector<ComparedRun> runs = {run(game({"a1"}), game({"a1"}, "(2..7)")), run(game({"b1"}), game({"b1"}))};
    const DifferenceFindings found = findDifferences(runs);
    BOOST_TEST(found.differences.empty());
    BOOST_TEST(!found.runs[0].explained);
    BOOST_TEST(found.runs[0].newReason.find("(2..7)") != std::string::npos, found.runs[0].newReason);
}

BOOST_AUTO_TEST_CASE(exit_statuses_and_standard_error_are_differences_too) {
    std::vector<ComparedRun> runs;
    for (int k = 0; k < 3; ++k) {
        ComparedRun r = run("A> \n", "A> \n");
        r.expectedErr = "End of user input\n";
        r.actualErr = "End of input\n";
        r.expectedStatus = 6;
        r.actualStatus = 0;
        r.differs = true;
        runs.push_back(r);
    }
    const DifferenceFindings found = findDifferences(runs);
    BOOST_TEST_REQUIRE(found.differences.size() == 2u);
    const std::string all = found.differences[0].what + "\n" + found.differences[1].what;
    BOOST_TEST(all.find("on standard error, leaves out \"·user\" after \"End·of\"") != std::string::npos, all);
    BOOST_TEST(all.find("exits with status 0 where the sample exits with status 6") != std::string::npos, all);
    for (const auto &r : found.runs) BOOST_TEST(r.explained);
}

BOOST_AUTO_TEST_CASE(a_run_with_little_right_is_never_explained) {
    // A program that prints nothing shares one "difference" with every run of the same
    // start (adversary round 20: an empty eight scored 55 so): a run that keeps less than
    // half of its lines, three or more lost, is wrong in its own right; so is one that
    // keeps none and exits otherwise. A typo in a one-line message still is one mistake.
    auto judged = [](ComparedRun r) {
        r.differs = true;
        return findDifferences(std::vector<ComparedRun>(3, r));
    };
    ComparedRun silentGame = run(game({"a1", "b2"}), "");
    ComparedRun silentError = run("", "");
    silentError.expectedErr = "Error reading grid contents\n";
    silentError.expectedStatus = 5;
    ComparedRun typo = run("", "");
    typo.expectedErr = "Error reading grid contents\n";
    typo.actualErr = "Error reading the grid contents\n";
    for (const ComparedRun &silent : {silentGame, silentError})
        for (const RunDifferences &r : judged(silent).runs) {
            BOOST_TEST(!r.explained);
            BOOST_TEST(r.mostlyWrong, r.newReason);
        }
    for (const RunDifferences &r : judged(typo).runs) BOOST_TEST(r.explained, r.newReason);
}

BOOST_AUTO_TEST_CASE(a_blank_after_every_board_row_is_one_mistake) {
    // One space too many after each board row, whatever the row holds: one slip, made by one
    // line of code (it was a difference per row drawn, and every run of it lost: 15 of 100),
    // and a long game of such rows is still compared line by line.
    auto boardGame = [](int moves, bool blankAfterRows) {
        std::string out = "What size grid would you like? (2..8) \n";
        for (int m = 0; m < moves; ++m) {
            for (char row = 'a'; row <= 'e'; ++row)
                out += std::string(1, row) + " +" + std::string(static_cast<std::size_t>(m % 4), '-') +
                       "+ +" + (blankAfterRows ? " " : "") + "\n";
            out += "You: " + std::to_string(m) + "    Me: 0\n\n";
        }
        return out;
    };
    std::vector<ComparedRun> runs = {run(boardGame(2, false), boardGame(2, true)),
                                     run(boardGame(3, false), boardGame(3, true)),
                                     run(boardGame(150, false), boardGame(150, true))};
    const DifferenceFindings found = findDifferences(runs);
    BOOST_TEST_REQUIRE(found.differences.size() == 1u);
    BOOST_TEST(
        found.differences[0].what == "adds \"\u00b7\" at the end of lines (first after \"a\u00b7++\u00b7+\")",
        found.differences[0].what);
    for (const RunDifferences &r : found.runs) BOOST_TEST(r.explained, r.newReason);
    // Rows trimmed of their padding (as many blanks lost as each row has), and an empty
    // line after every grid whatever its last row holds: one slip each.
    auto padded = [](int moves, bool trimmed, bool emptyAfter) {
        std::string out;
        for (int m = 0; m < moves; ++m) {
            for (int row = 0; row < 3; ++row) {
                const std::string cells = std::string(static_cast<std::size_t>((m + row) % 3), '|');
                out += trimmed ? cells + "\n" : cells + std::string(5 - cells.size(), ' ') + "\n";
            }
            out += "+" + std::string(static_cast<std::size_t>(m % 3), '-') + "+\n" +
                   (emptyAfter ? "\n" : "") + "A> ";
        }
        return out;
    };
    for (const auto &[trimmed, emptyAfter] : {std::pair<bool, bool>{true, false}, {false, true}}) {
        const std::vector<ComparedRun> slips = {run(padded(4, false, false), padded(4, trimmed, emptyAfter)),
                                                run(padded(5, false, false), padded(5, trimmed, emptyAfter))};
        const DifferenceFindings one = findDifferences(slips);
        BOOST_TEST(one.differences.size() == 1u,
                   (trimmed ? "trimmed rows" : "an empty line after each grid"));
        for (const RunDifferences &r : one.runs) BOOST_TEST(r.explained, r.newReason);
    }
    // A blank lost at the end of a row that is then printed right elsewhere is no slip.
    runs.push_back(run(boardGame(2, false), boardGame(2, false)));
    runs.back().differs = false;
    BOOST_TEST(!findDifferences(runs).runs[0].explained);
}

BOOST_AUTO_TEST_CASE(an_example_is_never_taken_from_a_hidden_run_where_a_shown_one_has_it) {
    // A hidden test's expected output must not reach the student through the list at the
    // top of a report (adversary round 21: both hidden tests' whole outputs were there).
    auto misspelt = [](std::string text) {
        return text.replace(text.find("board after"), 11, "board afterwards");
    };
    std::vector<ComparedRun> runs = {run(game({"c3"}), misspelt(game({"c3"}))),
                                     run(game({"a1"}), misspelt(game({"a1"}))),
                                     run(game({"b2"}), misspelt(game({"b2"})))};
    BOOST_TEST(findDifferences(runs).differences.at(0).example.find("c3") != std::string::npos);
    runs[0].shown = false;
    DifferenceFindings found = findDifferences(runs);
    BOOST_TEST_REQUIRE(found.differences.size() == 1u);
    BOOST_TEST(found.differences[0].shown);
    BOOST_TEST(found.differences[0].example.find("c3") == std::string::npos, found.differences[0].example);
    runs[1].shown = runs[2].shown = false;
    found = findDifferences(runs);
    BOOST_TEST_REQUIRE(found.differences.size() == 1u);
    BOOST_TEST(!found.differences[0].shown);
}

BOOST_AUTO_TEST_CASE(a_run_that_did_not_end_normally_is_never_explained) {
    std::vector<ComparedRun> runs;
    for (int k = 0; k < 3; ++k) runs.push_back(run(game({"a1"}), game({"a1"}, "(2..9)")));
    runs[2].endedNormally = false;
    const DifferenceFindings found = findDifferences(runs);
    BOOST_TEST(found.runs[0].explained);
    BOOST_TEST(!found.runs[2].explained);
}

BOOST_AUTO_TEST_CASE(numbers_printed_wrong_at_random_are_not_one_mistake) {
    // Scores printed at random: the same expected line becomes different lines in different
    // places, so no run is explained (a program printing them one off, the same way each
    // time, is one mistake: see the first test's capitals).
    std::vector<ComparedRun> runs;
    unsigned seed = 7;
    for (int k = 0; k < 8; ++k) {
        const std::vector<std::string> moves = {"a1", "b2", "c3"};
        std::string actual = game(moves);
        for (std::size_t at = 0; (at = actual.find("You: ", at)) != std::string::npos; at += 5) {
            seed = seed * 1103515245u + 12345u;
            actual[at + 5] = static_cast<char>('0' + (seed >> 16) % 10);
        }
        runs.push_back(run(game(moves), actual));
    }
    const DifferenceFindings found = findDifferences(runs);
    for (std::size_t k = 0; k < runs.size(); ++k)
        if (runs[k].differs) BOOST_TEST(!found.runs[k].explained, k);
}

BOOST_AUTO_TEST_CASE(a_score_that_stays_zero_is_not_one_mistake) {
    // The program keeps no score: every score line reads 0, whatever the game's. The same
    // printed line stands for different lines of the sample's, so no run is explained;
    // scores printed one off (each number the sample's plus one) stay one difference.
    std::vector<ComparedRun> zero, offByOne;
    for (int k = 0; k < 6; ++k) {
        const std::vector<std::string> moves = {"a1", "b2", "c3", "d4"};
        std::string expected = game(moves), stuck = expected, shifted = expected;
        for (std::size_t at = 0; (at = stuck.find("You: ", at)) != std::string::npos; at += 5)
            stuck[at + 5] = '0';
        for (std::size_t at = 0; (at = shifted.find("You: ", at)) != std::string::npos; at += 5)
            ++shifted[at + 5];
        zero.push_back(run(expected, stuck));
        offByOne.push_back(run(expected, shifted));
    }
    const DifferenceFindings stuckFound = findDifferences(zero);
    for (std::size_t k = 0; k < zero.size(); ++k) BOOST_TEST(!stuckFound.runs[k].explained, k);
    const DifferenceFindings shiftedFound = findDifferences(offByOne);
    for (std::size_t k = 0; k < offByOne.size(); ++k) BOOST_TEST(shiftedFound.runs[k].explained, k);
}

BOOST_AUTO_TEST_CASE(blanks_added_inside_every_row_are_one_mistake) {
    // Two spaces after every row letter, and none after every player's prompt: the words
    // before differ ("a", "b", …; "A>", "B>B>"), the slip does not (adversary round 22:
    // 10 and 38 differences).
    std::vector<ComparedRun> rows, prompts;
    for (int k = 0; k < 4; ++k) {
        std::string expected, spaced, prompted, squeezed;
        for (char row = 'a'; row < 'a' + 3 + k; ++row) {
            expected += std::string(1, row) + " +-+ +\n";
            spaced += std::string(1, row) + "  +-+ +\n";
        }
        for (char player = 'A'; player < 'A' + 2 + k; ++player) {
            prompted += std::string(1 + k % 2, player) + "> " + std::to_string(k) + " 1 h\n";
            squeezed += std::string(1 + k % 2, player) + ">" + std::to_string(k) + " 1 h\n";
        }
        rows.push_back(run(expected, spaced));
        prompts.push_back(run(prompted, squeezed));
    }
    for (const auto *runs : {&rows, &prompts}) {
        const DifferenceFindings found = findDifferences(*runs);
        BOOST_TEST(found.differences.size() == 1u);
        for (std::size_t k = 0; k < runs->size(); ++k) BOOST_TEST(found.runs[k].explained, k);
    }
}

BOOST_AUTO_TEST_CASE(runs_worth_nothing_decide_no_mistake) {
    // A typo in the score line, made the same way in every run worth points; a robustness
    // run worth nothing prints that line another way (mixed with a difference of its own).
    // It must not make the typo inconsistent, which judged every run strictly (adversary
    // round 23c: 95.5 against 44.7 for one program).
    std::vector<ComparedRun> runs;
    for (int k = 0; k < 6; ++k) {
        std::string expected = game({"a" + std::to_string(k), "b1"});
        std::string actual = expected;
        for (std::size_t at; (at = actual.find("You: ")) != std::string::npos;)
            actual.replace(at, 5, "Yuo: ");
        runs.push_back(run(expected, actual));
    }
    std::string expected = game({"a9", "b1"}), actual = expected;
    actual.replace(actual.find("You: "), 5, "You now: ");
    ComparedRun nothing = run(expected, actual);
    nothing.counts = false;
    runs.push_back(nothing);
    const DifferenceFindings found = findDifferences(runs);
    for (std::size_t r = 0; r < 6; ++r) BOOST_TEST(found.runs[r].explained, "run " << r);
    BOOST_TEST(!found.runs[6].explained);
}
