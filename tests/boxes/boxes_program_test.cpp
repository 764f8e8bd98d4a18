// The boxes program as a user runs it: every row of the error table, saving and loading
// through the program, end of input, and complete games with several players.
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "files/files.h"
#include "files/transcript_case.h"
#include "grid_file.h"
#include "grid_text.h"
#include "move_parser.h"
#include "process/process_runner.h"

using namespace dotslab;
using namespace dotslab::boxes;
using dotslab::RunResult;
namespace fs = std::filesystem;

namespace {

const std::string kUsage = "Usage: boxes height width playercount [filename]\n";

RunResult runBoxes(const std::vector<std::string> &args, const std::string &input = "") {
    return dotslab::runTrusted(BOXES_PROGRAM, args, input);
}

// Checks that boxes with args ends with status and exactly `message` on standard error.
void expectError(const std::vector<std::string> &args, int status, const std::string &message) {
    RunResult got = runBoxes(args);
    std::string shown;
    for (const std::string &a : args) shown += " '" + a + "'";
    BOOST_TEST(got.status == status,
               "boxes" << shown << ": expected status " << status << ", got " << got.ending());
    BOOST_TEST(got.err == message, "boxes" << shown << ": standard error");
    BOOST_TEST(got.out.empty(), "boxes" << shown << ": nothing on standard output");
}

// Writes a file named name into dir and returns its path.
std::string fileIn(const TemporaryDirectory &dir, const std::string &name, const std::string &contents) {
    std::ofstream(dir.path() / name, std::ios::binary) << contents;
    return (dir.path() / name).string();
}

// Returns the standard output boxes must produce for moves typed into game (no saves).
std::string expectedOutput(RectangleGame game, const std::vector<std::string> &lines) {
    std::string out = gridText(game);
    for (const std::string &line : lines) {
        if (game.isOver()) break;
        out += std::string(1, playerSymbol(game.currentPlayer())) + "> ";
        Command c = parseCommand(line, game.grid());
        if (c.kind != Command::Kind::kMove || game.isClosed(c.edge)) continue;
        game.play(c.edge);
        out += gridText(game);
    }
    if (!game.isOver()) return out + playerSymbol(game.currentPlayer()) + "> ";
    std::string winners = "Winner(s): ";
    for (int p : game.winners()) winners += std::string(winners.size() > 11 ? ", " : "") + playerSymbol(p);
    return out + winners + "\n";
}

// Returns "R C h" / "R C v" for edge e.
std::string moveText(const RectangleGrid &grid, int e) {
    return std::to_string(grid.edgeRow(e)) + " " + std::to_string(grid.edgeCol(e)) +
           (grid.isHorizontal(e) ? " h" : " v");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(error_table)

BOOST_AUTO_TEST_CASE(status_1_wrong_number_of_arguments) {
    expectError({}, 1, kUsage);
    expectError({"2", "2"}, 1, kUsage);
    expectError({"2", "2", "2", "f", "extra"}, 1, kUsage);
}

BOOST_AUTO_TEST_CASE(status_2_invalid_grid_dimensions) {
    for (auto [h, w] : std::vector<std::pair<std::string, std::string>>{{"1", "5"},
                                                                        {"5", "1"},
                                                                        {"1000", "5"},
                                                                        {"5", "1000"},
                                                                        {"0", "5"},
                                                                        {"x", "5"},
                                                                        {"+5", "5"},
                                                                        {" 5", "5"},
                                                                        {"5", "0x5"},
                                                                        {"", "5"},
                                                                        {"99999999999999999999", "5"},
                                                                        {"-3", "5"}})
        expectError({h, w, "2"}, 2, "Invalid grid dimensions\n");
    expectError({"1", "5", "1", "/no/such/file"}, 2,
                "Invalid grid dimensions\n");  // checked before the others
}

BOOST_AUTO_TEST_CASE(status_3_invalid_player_count) {
    for (const char *players : {"1", "101", "0", "-2", "two", "2.0", ""})
        expectError({"5", "5", players}, 3, "Invalid player count\n");
    expectError({"5", "5", "1", "/no/such/file"}, 3, "Invalid player count\n");
}

BOOST_AUTO_TEST_CASE(status_4_invalid_grid_file) {
    TemporaryDirectory dir("dotslab-test");
    expectError({"3", "3", "2", (dir.path() / "missing.txt").string()}, 4, "Invalid grid file\n");
    expectError({"3", "3", "2", dir.path().string()}, 4, "Invalid grid file\n");
}

BOOST_AUTO_TEST_CASE(status_5_error_reading_grid_contents) {
    TemporaryDirectory dir("dotslab-test");
    expectError({"3", "3", "2", fileIn(dir, "empty", "")}, 5, "Error reading grid contents\n");
    expectError({"3", "3", "2", fileIn(dir, "short", "1\n000\n")}, 5, "Error reading grid contents\n");
    expectError({"2", "3", "2",
                 fileIn(dir, "wrong-size", "1\n000\n0100\n011\n0111\n011\n1000\n100\n0,0,0\n0,1,2\n0,0,0\n")},
                5, "Error reading grid contents\n");
}

BOOST_AUTO_TEST_CASE(status_6_end_of_user_input) {
    RunResult got = runBoxes({"2", "2", "2"}, "0 0 h\n");
    BOOST_TEST(got.status == 6, got.ending());
    BOOST_TEST(got.err == "End of user input\n");
    BOOST_TEST(got.out == "+ + +\n     \n+ + +\n     \n+ + +\nA> +-+ +\n     \n+ + +\n     \n+ + +\nB> ");
    BOOST_TEST(runBoxes({"2", "2", "2"}, "").status == 6, "no input at all");
    BOOST_TEST(runBoxes({"2", "2", "2"}, "0 0 h").out.find("B> ") != std::string::npos,
               "a last line without newline counts");
}

BOOST_AUTO_TEST_CASE(status_0_normal_end) {
    RunResult got =
        runBoxes({"02", "002", "2"},
                 "0 0 h\n0 1 h\n1 0 h\n1 1 h\n2 0 h\n2 1 h\n0 0 v\n0 1 v\n0 2 v\n1 0 v\n1 1 v\n1 2 v\n");
    BOOST_TEST(got.status == 0, got.ending());
    BOOST_TEST(got.err.empty());
    // Worked by hand: B takes the top two cells, A the bottom two.
    const std::string ending = "|B|B|\n+-+-+\n|A|A|\n+-+-+\nWinner(s): A, B\n";
    BOOST_TEST_REQUIRE(got.out.size() > ending.size());
    BOOST_TEST(got.out.substr(got.out.size() - ending.size()) == ending);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(saving_and_loading)

BOOST_AUTO_TEST_CASE(save_then_load_through_the_program) {
    TemporaryDirectory dir("dotslab-test");
    const std::string path = (dir.path() / "saved game.txt").string();
    RunResult got = runBoxes({"2", "3", "3"}, "0 0 h\n1 3 v\nw " + path + "\r\n0 1 h\n");
    BOOST_TEST(got.status == 6);
    BOOST_TEST(got.err == "Save complete\nEnd of user input\n");
    const std::string saved = "3\n100\n0000\n000\n0001\n000\n0,0,0\n0,0,0\n";
    BOOST_TEST(readFileText(path) == saved);
    // The same player is prompted again, without the grid, after the save.
    BOOST_TEST(got.out.find("C> C> ") != std::string::npos);

    RunResult loaded = runBoxes({"2", "3", "3", path}, "w " + path + "\n");
    BOOST_TEST(loaded.out.substr(0, 32) == "+-+ + +\n       \n+ + + +\n      |\n");
    BOOST_TEST(loaded.out.find("C> C> ") != std::string::npos,
               "the loaded game starts with the saved player");
    BOOST_TEST(readFileText(path) == saved, "loading and saving again gives the identical bytes");
}

BOOST_AUTO_TEST_CASE(failed_save_keeps_playing) {
    RunResult got = runBoxes({"2", "2", "2"}, "w /no/such/folder/x\nw\n0 0 h\n");
    BOOST_TEST(got.err == "Can not open file for write\nEnd of user input\n");
    BOOST_TEST(got.out.find("A> A> A> +-+ +") != std::string::npos,
               "same player, no grid, after the failed save and 'w'");
}

BOOST_AUTO_TEST_CASE(failed_save_leaves_the_existing_file) {
    TemporaryDirectory dir("dotslab-test");
    const std::string path = fileIn(dir, "precious", "do not touch\n");
    fs::create_directory(dir.path() / "sub");
    RunResult got = runBoxes({"2", "2", "2"}, "w " + (dir.path() / "sub").string() + "\n");
    BOOST_TEST(got.err == "Can not open file for write\nEnd of user input\n");
    BOOST_TEST(readFileText(path) == "do not touch\n");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(whole_games)

BOOST_AUTO_TEST_CASE(the_spec_transcript) {
    const TranscriptCase sample = readTranscriptCase(DOTSLAB_TRANSCRIPTS, "boxes-sample");
    RunResult got = runBoxes(sample.args, sample.input);
    BOOST_TEST(got.out == sample.out.value());
    BOOST_TEST(got.err == sample.err.value());
    BOOST_TEST(got.status == sample.status.value(), got.ending());
}

BOOST_AUTO_TEST_CASE(random_games_with_invalid_lines_and_many_players) {
    const std::vector<std::string> junk = {"",      " 0 0 h", "0 0 h ", "00 0 h", "9 9 h",
                                           "0 0 x", "w",      "hello",  "0  0 v", "\t"};
    int ties = 0;
    for (unsigned seed = 0; seed < 40; ++seed) {
        std::mt19937 rng(seed);
        int h = 2 + static_cast<int>(rng() % 3), w = 2 + static_cast<int>(rng() % 3),
            players = 2 + static_cast<int>(seed % 4);
        RectangleGame shadow(h, w, players);
        std::vector<std::string> lines;
        std::vector<int> order(shadow.grid().edgeCount());
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        for (int e : order) {
            if (rng() % 4 == 0) lines.push_back(junk[rng() % junk.size()]);
            if (rng() % 8 == 0) lines.push_back(moveText(shadow.grid(), order[0]));  // often already closed
            lines.push_back(moveText(shadow.grid(), e));
        }
        std::string input;
        for (const std::string &l : lines) input += l + (seed % 2 ? "\r\n" : "\n");
        RunResult got = runBoxes({std::to_string(h), std::to_string(w), std::to_string(players)}, input);
        std::string want = expectedOutput(RectangleGame(h, w, players), lines);
        BOOST_TEST(got.out == want, "seed " << seed);
        BOOST_TEST(got.status == 0, "seed " << seed << ": " << got.ending());
        if (want.find(", ", want.rfind("Winner(s)")) != std::string::npos) ++ties;
    }
    BOOST_TEST(ties > 0, "some games end with tied winners");
}

BOOST_AUTO_TEST_CASE(the_largest_grid) {
    RunResult got = runBoxes({"999", "999", "100"}, "999 998 h\n");
    BOOST_TEST(got.status == 6);
    BOOST_TEST(got.out.size() == 2u * (1999u * 2000u) + 2 * 3, "two full grids and two prompts");
}

BOOST_AUTO_TEST_SUITE_END()
