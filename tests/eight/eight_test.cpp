// eight: the Board rules, every possible game against an independent minimax, the
// --tree output node by node, bad tokens and end of input, and both lab transcripts.
#define BOOST_TEST_MODULE eight
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "board.h"
#include "files/files.h"
#include "files/transcript_case.h"
#include "process/process_runner.h"

using dotslab::RunResult;
namespace fs = std::filesystem;

namespace {

// ---- an independent minimax over (total, last number, moves made) ----------------------

struct Position {
    int total = 0, last = 0, moves = 0;
    bool over() const { return total >= 8; }
    bool humanToMove() const { return moves % 2 == 0; }
    Position after(int n) const { return {total + n, n, moves + 1}; }
    // The lab's scoring: 9 - moves if the human won, moves - 9 if the computer won.
    int score() const {
        if (!over()) return 0;
        bool humanMovedLast = moves % 2 == 1, lastMoverWon = total == 8;
        return humanMovedLast == lastMoverWon ? 9 - moves : moves - 9;
    }
};

// Returns the minimax value with `depth` moves of look-ahead; best receives the first of
// 1, 2, 3 (legal ones) reaching it.
int minimax(const Position &p, int depth, int *best = nullptr) {
    if (p.over() || depth == 0) return p.score();
    int bestValue = 0;
    bool any = false;
    for (int n = 1; n <= 3; ++n) {
        if (n == p.last) continue;
        int v = minimax(p.after(n), depth - 1);
        bool improves = !any || (p.humanToMove() ? v > bestValue : v < bestValue);
        if (improves) {
            bestValue = v;
            any = true;
            if (best != nullptr) *best = n;
        }
    }
    return bestValue;
}

const std::string kWelcome =
    "Welcome to the game of eight!\n"
    "In this game the players take turns choosing a number, 1, 2 or 3.\n"
    "You may not choose the last number chosen. \n"
    "A running total of the numbers is kept.\n"
    "If a player chooses a number to make the total equal to eight, \n"
    "that player wins.\n"
    "If a player chooses a number to make the total greater than eight, \n"
    "that player loses.\n\n";

RunResult runEight(const std::vector<std::string> &args, const std::string &input) {
    return dotslab::runTrusted(EIGHT_PROGRAM, args, input);
}

// Calls visit(input, expected output) for every game the human can play with legal
// numbers, in every order; each human turn is preceded by one illegal try in odd games.
void forEveryGame(const std::function<void(const std::string &, const std::string &)> &visit) {
    std::function<void(Position, std::string, std::string)> explore = [&](Position p, std::string in,
                                                                          std::string out) {
        if (p.over()) {
            visit(in, out + (p.score() > 0 ? "The game is over. You win!\n"
                                           : "The game is over. The computer wins!\n"));
            return;
        }
        if (!p.humanToMove()) {
            int n = 0;
            minimax(p, 8, &n);
            Position q = p.after(n);
            explore(q, in,
                    out + "The computer chooses the number " + std::to_string(n) + ".\nThe total score is " +
                        std::to_string(q.total) + ".\n\n");
            return;
        }
        for (int n = 1; n <= 3; ++n) {
            if (n == p.last) continue;
            Position q = p.after(n);
            std::string said = "You have chosen the number " + std::to_string(n) + ".\nThe total score is " +
                               std::to_string(q.total) + ".\n\n";
            explore(q, in + std::to_string(n) + "\n", out + "Please enter a number:  " + said);
            if (p.last != 0)  // the same move after trying the forbidden number
                explore(
                    q, in + std::to_string(p.last) + "\n" + std::to_string(n) + "\n",
                    out + "Please enter a number:  That move is not legal, choose another number: " + said);
        }
    };
    explore(Position{}, "", kWelcome);
}

// Returns the expected --tree lines below the human's first move, from the minimax above.
void expectedTree(const Position &p, int move, int depth, int level, bool computersChoice,
                  std::vector<std::string> &lines) {
    bool byHuman = p.moves % 2 == 1;
    std::string line = std::string(2 * level, ' ') + (byHuman ? "you choose " : "computer chooses ") +
                       std::to_string(move) + " -> total " + std::to_string(p.total) + ", value " +
                       std::to_string(minimax(p, depth));
    if (p.over()) line += (p.total == 8) == byHuman ? ", you win" : ", the computer wins";
    if (computersChoice) line += "  <= computer's choice";
    lines.push_back(line);
    if (p.over() || depth == 0) return;
    int best = 0;
    minimax(p, depth, &best);
    for (int n = 1; n <= 3; ++n)
        if (n != p.last)
            expectedTree(p.after(n), n, depth - 1, level + 1, !p.humanToMove() && n == best, lines);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(board)

BOOST_AUTO_TEST_CASE(rules) {
    Board game;
    BOOST_TEST(game.human_to_move());
    BOOST_TEST(!game.is_legal(0));
    BOOST_TEST(!game.is_legal(4));
    BOOST_TEST(game.is_legal(1));
    BOOST_TEST(game.worst_case() < -9);
    BOOST_TEST(game.better(1, 0), "the human prefers larger values");
    game.play(2);
    BOOST_TEST(!game.is_legal(2), "not the number chosen last");
    BOOST_TEST(game.worst_case() > 9);
    BOOST_TEST(game.better(-1, 0), "the computer prefers smaller values");
    BOOST_TEST(game.evaluate() == 0);
    for (int n : {3, 2, 1}) game.play(n);  // total 8, made by the computer on move 4
    BOOST_TEST(game.done());
    BOOST_TEST(game.evaluate() == 4 - 9);
}

BOOST_AUTO_TEST_CASE(look_ahead_agrees_with_the_independent_minimax_everywhere) {
    // Every reachable position, every depth 0..8.
    std::function<void(const Board &, const Position &)> visit = [&](const Board &b, const Position &p) {
        for (int depth = 0; depth <= 8; ++depth) {
            int got = 0, want = 0;
            BOOST_TEST(look_ahead(b, depth, got) == minimax(p, depth, &want));
            if (!p.over() && depth > 0) BOOST_TEST(got == want, "total " << p.total << ", depth " << depth);
        }
        if (p.over()) return;
        for (int n = 1; n <= 3; ++n)
            if (n != p.last) {
                Board next = b;
                next.play(n);
                visit(next, p.after(n));
            }
    };
    visit(Board(), Position{});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(program)

BOOST_AUTO_TEST_CASE(lab_transcripts) {
    const std::vector<dotslab::TranscriptCase> cases =
        dotslab::readTranscriptCases(DOTSLAB_TRANSCRIPTS, "eight-");
    BOOST_TEST(cases.size() >= 2u);
    for (const dotslab::TranscriptCase &c : cases) {
        RunResult got = runEight(c.args, c.input);
        BOOST_TEST(got.out == c.out.value(), c.name);
        BOOST_TEST(got.status == c.status.value(), c.name);
    }
}

BOOST_AUTO_TEST_CASE(every_possible_game) {
    int games = 0;
    forEveryGame([&](const std::string &input, const std::string &want) {
        ++games;
        RunResult got = runEight({}, input);
        BOOST_TEST(got.out == want, "input: " << input);
        BOOST_TEST(got.status == 0);
    });
    BOOST_TEST(games > 20);
    BOOST_TEST_MESSAGE(games << " games played");
}

BOOST_AUTO_TEST_CASE(bad_tokens_and_end_of_input) {
    const std::string prompt = "Please enter a number:  ",
                      notLegal = "That move is not legal, choose another number: ";
    RunResult none = runEight({}, "");
    BOOST_TEST(none.out == kWelcome + prompt + "\n");
    BOOST_TEST(none.status == 1);
    RunResult junk = runEight({}, "abc 3.5 99999999999 0 4 -1\r\n");
    BOOST_TEST(junk.out ==
               kWelcome + prompt + notLegal + notLegal + notLegal + notLegal + notLegal + notLegal + "\n");
    BOOST_TEST(junk.status == 1);
    RunResult plus = runEight({}, "+1\n");
    BOOST_TEST(plus.out.find("You have chosen the number 1.") != std::string::npos, "+1 is 1");
}

BOOST_AUTO_TEST_CASE(tree_for_first_move_2_node_by_node) {
    std::vector<std::string> want;
    expectedTree(Position{}.after(2), 2, 8, 0, false, want);
    RunResult got = runEight({"--tree", "2"}, "");
    BOOST_TEST(got.status == 0);
    std::istringstream lines(got.out);
    std::vector<std::string> gotLines;
    for (std::string line; std::getline(lines, line);) gotLines.push_back(line);
    BOOST_TEST_REQUIRE(gotLines.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) BOOST_TEST(gotLines[i] == want[i], "node " << i);
}

BOOST_AUTO_TEST_CASE(tree_as_graphviz) {
    for (const char *first : {"1", "2", "3"}) {
        RunResult text = runEight({"--tree", first}, ""), dot = runEight({"--tree", first, "--dot"}, "");
        BOOST_TEST(dot.out.rfind("digraph eight {\n", 0) == 0);
        BOOST_TEST(dot.out.substr(dot.out.size() - 2) == "}\n");
        auto count = [](const std::string &s, const std::string &what) {
            std::size_t n = 0;
            for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
            return n;
        };
        std::size_t nodes = count(text.out, "\n");
        BOOST_TEST(count(dot.out, "[label=\"you: ") + count(dot.out, "[label=\"computer: ") == nodes);
        BOOST_TEST(count(dot.out, " -> n") == nodes - 1, "a tree: one edge per node but the root");
        BOOST_TEST(count(dot.out, "color=red") == count(text.out, "<= computer's choice"));
    }
}

BOOST_AUTO_TEST_CASE(bad_options) {
    for (const std::vector<std::string> &args :
         std::vector<std::vector<std::string>>{{"--tree"},
                                               {"--tree", "4"},
                                               {"--tree", "0"},
                                               {"--tree", "x"},
                                               {"--tree", "2", "--png"},
                                               {"--help", "me"}}) {
        RunResult got = runEight(args, "");
        BOOST_TEST(got.status == 2);
        BOOST_TEST(got.err.rfind("usage: eight", 0) == 0);
    }
    // --help alone is a request, not a mistake: the usage on standard output, status 0.
    RunResult help = runEight({"--help"}, "");
    BOOST_TEST(help.status == 0);
    BOOST_TEST(help.out.rfind("usage: eight", 0) == 0, help.out);
    BOOST_TEST(help.out.find("dot -Tsvg") != std::string::npos, "the Graphviz command");
}

BOOST_AUTO_TEST_SUITE_END()
