// The dotscomputer program: the spec transcript, the pre-game answers, end of input, and
// complete games on every size 2..8 against scripted humans.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "board/computer_player.h"
#include "console_text.h"
#include "files/files.h"
#include "files/transcript_case.h"
#include "process/process_runner.h"

using namespace dotslab;
using namespace dotslab::dotscomputer;
using dotslab::RunResult;
namespace fs = std::filesystem;

namespace {

const std::string kSizePrompt = "What size grid would you like? (2..8) ";
const std::string kMovePrompt = "What two dots would you like to connect? (Q to quit) ";

RunResult runDotscomputer(const std::string &input) {
    return dotslab::runTrusted(DOTSCOMPUTER_PROGRAM, {}, input);
}

// Returns "a1 a2"-style text for edge e, the way a human might type it.
std::string typed(const RectangleGrid &g, int e) {
    std::string dots = edgeDots(g, e);
    return dots.substr(0, 2) + " " + dots.substr(7, 2);
}

// Returns the expected output of a game of size n in which the human types `lines` in
// order (after the size line), following the spec's turn structure step by step.
std::string expectedGame(int n, const std::vector<std::string> &lines) {
    RectangleGame game(n, n, 2);
    std::string out = kSizePrompt;
    std::size_t next = 0;
    while (!game.isOver()) {
        std::vector<int> s = game.scores();
        out += boardText(game) + "You: " + std::to_string(s[0]) + "    Me: " + std::to_string(s[1]) + "\n\n";
        int e = -1;
        if (game.currentPlayer() == kComputer) {
            e = chooseEdge(game);
            out += "I choose to connect dots " + edgeDots(game.grid(), e) + ".\n";
        } else {
            for (;;) {
                out += kMovePrompt;
                if (next == lines.size()) break;
                std::optional<HumanMove> move = parseHumanMove(lines[next++], game);
                if (move) {
                    e = move->quit ? -1 : move->edge;
                    break;
                }
                out += "Sorry, try again.\n";
            }
            if (e < 0) break;
        }
        game.play(e);
        out += "\n";
    }
    std::vector<int> s = game.scores();
    out += boardText(game) + "\nFinal Score:\n  You:" + std::to_string(s[0]) +
           "\n  Me :" + std::to_string(s[1]) + "\n";
    out += s[0] > s[1]   ? "Congratulations!\n"
           : s[1] > s[0] ? "Better luck next time.\n"
                         : "I think we need a rematch.\n";
    return out;
}

// Checks the shape rules that hold in every output: every grid line is 2N+3 long.
void expectGridLineWidths(const std::string &out, int n) {
    std::istringstream lines(out);
    std::string line;
    int gridLines = 0;
    while (std::getline(lines, line)) {
        std::size_t at = line.rfind(kMovePrompt);  // a grid may follow the prompt on its line
        if (at != std::string::npos) line = line.substr(at + kMovePrompt.size());
        bool dotRow = line.size() > 2 && line[0] >= 'a' && line[0] <= 'i' && line[1] == ' ' && line[2] == '+';
        bool indexRow = line.rfind("  1 2", 0) == 0;
        if (dotRow || indexRow) {
            ++gridLines;
            BOOST_TEST(line.size() == static_cast<std::size_t>(2 * n + 3), "'" << line << "'");
        }
    }
    BOOST_TEST(gridLines > 0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(program)

BOOST_AUTO_TEST_CASE(the_spec_transcript) {
    const TranscriptCase sample = readTranscriptCase(DOTSLAB_TRANSCRIPTS, "dotscomputer-sample");
    RunResult got = runDotscomputer(sample.input);
    BOOST_TEST(got.out == sample.out.value());
    BOOST_TEST(got.status == sample.status.value_or(0), got.ending());
}

BOOST_AUTO_TEST_CASE(pre_game_answers) {
    const std::string sorry = kSizePrompt + "Sorry, try again.\n";
    BOOST_TEST(runDotscomputer("").out == kSizePrompt, "end of input: nothing more");
    BOOST_TEST(runDotscomputer("").status == 0);
    BOOST_TEST(runDotscomputer("1\n9\nx\n3 4\n\n").out ==
               sorry + sorry + sorry + sorry + sorry + kSizePrompt);
    RunResult spaced = runDotscomputer(" 3 \nQ\n");
    BOOST_TEST(spaced.out.rfind(kSizePrompt + "a + + + +\n", 0) == 0, "' 3 ' is 3");
    BOOST_TEST(runDotscomputer("\t8\r\nQ\n").out.find("i + + + + + + + + +\n") != std::string::npos,
               "8 with tab and CRLF");
    BOOST_TEST(runDotscomputer("+2\nQ\n").out.find("c + + +\n") != std::string::npos);
    BOOST_TEST(runDotscomputer(std::string(2000000, ' ') + "3\n").out == sorry + kSizePrompt,
               "an endless line is refused");
}

BOOST_AUTO_TEST_CASE(end_of_input_during_the_game_goes_to_the_post_game) {
    RunResult got = runDotscomputer("2\na1 a2\n");
    BOOST_TEST(got.out == expectedGame(2, {"a1 a2"}));
    const std::string ending = "Final Score:\n  You:0\n  Me :0\nI think we need a rematch.\n";
    BOOST_TEST_REQUIRE(got.out.size() > ending.size());
    BOOST_TEST(got.out.substr(got.out.size() - ending.size()) == ending, "no box was taken: a tie");
    BOOST_TEST(got.out.find("I choose to connect dots b1 and b2.") != std::string::npos);
    BOOST_TEST(got.status == 0);
}

BOOST_AUTO_TEST_CASE(complete_games_on_every_size) {
    for (int n = 2; n <= 8; ++n) {
        for (unsigned seed = 0; seed < 3; ++seed) {
            // The human types every edge, in a seeded order, twice over (already closed
            // edges get "Sorry, try again."), with junk lines mixed in.
            RectangleGrid g(n, n);
            std::vector<int> order(g.edgeCount());
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), std::mt19937(seed * 31 + n));
            std::vector<std::string> lines;
            const char *junk[] = {"", "q", "A1 A2", "a1 a3", "z9 z8", "hello world"};
            for (int round = 0; round < 2; ++round)
                for (std::size_t i = 0; i < order.size(); ++i) {
                    if (i % 7 == 3) lines.push_back(junk[i % 6]);
                    lines.push_back(typed(g, order[i]));
                }
            std::string input = std::to_string(n) + "\n";
            for (const std::string &l : lines) input += l + (seed == 1 ? "\r\n" : "\n");
            RunResult got = runDotscomputer(input);
            std::string want = expectedGame(n, lines);
            BOOST_TEST(got.out == want, "size " << n << ", seed " << seed);
            BOOST_TEST(got.status == 0);
            BOOST_TEST(got.out.find("Final Score:") != std::string::npos);
            expectGridLineWidths(got.out, n);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
