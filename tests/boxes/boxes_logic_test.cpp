// boxes logic: the move grammar, every kind of faulty save file, save/load round trips,
// atomic saving, and whole games with several players and ties.
#include <sys/stat.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "files/atomic_file.h"
#include "files/files.h"
#include "grid_file.h"
#include "grid_text.h"
#include "move_parser.h"
#include "text/line_reader.h"

using namespace dotslab;
using namespace dotslab::boxes;
namespace fs = std::filesystem;

namespace {

// The spec's example file: a 3 x 3 grid, A to move.
const std::string kSpecFile = "1\n000\n0100\n011\n0111\n011\n1000\n100\n0,0,0\n0,1,2\n0,0,0\n";

// Returns a game of the given size after `moves` random moves (seeded).
RectangleGame randomGame(int h, int w, int players, int moves, unsigned seed) {
    RectangleGame game(h, w, players);
    std::mt19937 rng(seed);
    for (int m = 0; m < moves && game.openEdges() > 1; ++m) {
        int e;
        do e = static_cast<int>(rng() % game.grid().edgeCount());
        while (game.isClosed(e));
        game.play(e);
    }
    return game;
}

bool isMove(std::string_view line, const RectangleGrid &grid, int edge) {
    Command c = parseCommand(line, grid);
    return c.kind == Command::Kind::kMove && c.edge == edge;
}

bool isInvalid(std::string_view line, const RectangleGrid &grid) {
    return parseCommand(line, grid).kind == Command::Kind::kInvalid;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(move_grammar)

BOOST_AUTO_TEST_CASE(valid_moves) {
    RectangleGrid grid(2, 3);
    BOOST_TEST(isMove("0 0 h", grid, grid.horizontalEdge(0, 0)));
    BOOST_TEST(isMove("2 2 h", grid, grid.horizontalEdge(2, 2)));
    BOOST_TEST(isMove("1 3 v", grid, grid.verticalEdge(1, 3)));
    BOOST_TEST(isMove("0 0 v", grid, grid.verticalEdge(0, 0)));
    RectangleGrid big(999, 999);
    BOOST_TEST(isMove("999 998 h", big, big.horizontalEdge(999, 998)));
    BOOST_TEST(isMove("998 999 v", big, big.verticalEdge(998, 999)));
}

BOOST_AUTO_TEST_CASE(out_of_range) {
    RectangleGrid grid(2, 3);
    for (const char *line : {"3 0 h", "0 3 h", "2 0 v", "0 4 v", "999 0 h", "99999999999999999999 0 h"})
        BOOST_TEST(isInvalid(line, grid), line);
}

BOOST_AUTO_TEST_CASE(malformed) {
    RectangleGrid grid(2, 3);
    for (const char *line : {"", " 0 0 h", "0 0 h ", "0  0 h", "00 0 h", "0 01 h", "0 0 H", "0 0 x", "0 0",
                             "0 0 hh", "+0 0 h", "-1 0 h", "0\t0 h", "0 0 h\r", "w", "w ", "a b c", "0,0,h"})
        BOOST_TEST(isInvalid(line, grid), "'" << line << "'");
}

BOOST_AUTO_TEST_CASE(save_commands) {
    RectangleGrid grid(2, 2);
    Command save = parseCommand("w my game.txt", grid);
    BOOST_TEST((save.kind == Command::Kind::kSave));
    BOOST_TEST(save.path == "my game.txt");
    BOOST_TEST(parseCommand("w  x", grid).path == " x", "the path is the rest of the line, as it is");
    BOOST_TEST(isInvalid("W x", grid));
    BOOST_TEST(isInvalid(" w x", grid));
}

BOOST_AUTO_TEST_CASE(lines_are_read_with_bounded_memory) {
    std::istringstream in("0 0 h\r\n" + std::string(100000, 'x') + "\nlast");
    std::optional<InputLine> first = readLine(in, 100), second = readLine(in, 100), third = readLine(in, 100);
    BOOST_TEST_REQUIRE((first && second && third));
    BOOST_TEST(first->text == "0 0 h");
    BOOST_TEST(second->tooLong);
    BOOST_TEST(second->text.size() <= 101u);
    BOOST_TEST(third->text == "last");
    BOOST_TEST(!readLine(in, 100));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(grid_file)

BOOST_AUTO_TEST_CASE(spec_example_loads_and_saves_identically) {
    std::optional<RectangleGame> game = parseGridFile(kSpecFile, 3, 3, 2);
    BOOST_TEST_REQUIRE(game.has_value());
    BOOST_TEST(game->currentPlayer() == 1);
    BOOST_TEST(game->ownerOf(4) == 1);
    BOOST_TEST(game->ownerOf(5) == 2);
    BOOST_TEST(gridFileText(*game) == kSpecFile);
    BOOST_TEST(gridText(*game) == "+ + + +\n  |    \n+ +-+-+\n  |A|B|\n+ +-+-+\n|      \n+-+ + +\n");
}

BOOST_AUTO_TEST_CASE(line_endings) {
    std::string crlf;
    for (char c : kSpecFile) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    BOOST_TEST(parseGridFile(crlf, 3, 3, 2).has_value(), "CRLF endings");
    BOOST_TEST(parseGridFile(kSpecFile.substr(0, kSpecFile.size() - 1), 3, 3, 2).has_value(),
               "no final newline");
}

// Returns the spec file with `length` characters at `at` replaced by `with`.
std::string damaged(std::size_t at, std::size_t length, const std::string &with) {
    return kSpecFile.substr(0, at) + with + kSpecFile.substr(at + length);
}

// Returns the 2 x 2 file of a finished game: every edge closed, every cell owned.
std::string fullGridFile() {
    RectangleGame full(2, 2, 2);
    for (int e = 0; e < full.grid().edgeCount(); ++e) full.play(e);
    return gridFileText(full);
}

// Every kind of damage: its name, the file, and the game it is read as.
struct FaultyFile {
    std::string kind;
    std::string text;
    int height = 3, width = 3, players = 2;
};

std::vector<FaultyFile> faultyFiles() {
    static const char garbage[] =
        "\x7f"
        "ELF\x02\x01\x01\0\0\0\xff\xfe\n\n\n\n\n\n\n\n\n\n";
    const std::size_t owners = kSpecFile.find("0,0,0"), row1 = kSpecFile.find("0,1,2");
    return {
        {"empty file", ""},
        {"short file: an owner line missing", kSpecFile.substr(0, kSpecFile.rfind("0,0,0"))},
        {"short file: edges only", kSpecFile.substr(0, owners)},
        {"short line", damaged(2, 3, "00")},
        {"long line", damaged(2, 3, "0000")},
        {"wrong character in an edge line", damaged(2, 3, "0x0")},
        {"a space in an edge line", damaged(2, 3, "0 0")},
        {"a lone carriage return inside a line", damaged(2, 3, "0\r0")},
        {"player out of range", damaged(0, 1, "3")},
        {"player zero", damaged(0, 1, "0")},
        {"player not a number", damaged(0, 1, "A")},
        {"player with a sign", damaged(0, 1, "+1")},
        {"owner out of range", damaged(row1, 5, "0,1,3")},
        {"owner on an open cell", damaged(owners, 5, "1,0,0")},
        {"closed cell without owner", damaged(row1, 5, "0,0,2")},
        {"owner line with too few fields", damaged(owners, 5, "0,0")},
        {"owner line with too many fields", damaged(owners, 5, "0,0,0,0")},
        {"owner line with a trailing comma", damaged(owners, 5, "0,0,0,")},
        {"owner line with a space", damaged(owners, 5, "0, 0,0")},
        {"owner line with an empty field", damaged(owners, 5, "0,,0")},
        {"full grid", fullGridFile(), 2, 2, 2},
        {"extra trailing line", kSpecFile + "\n"},
        {"extra line of content", kSpecFile + "0,0,0\n"},
        {"binary garbage", std::string(garbage, sizeof garbage - 1)},
        {"file for another width", kSpecFile, 3, 4, 2},
        {"file for another height", kSpecFile, 2, 3, 2},
        {"owner 2 in a one-player game", kSpecFile, 3, 3, 1},
    };
}

// One test case per kind of damage, so each shows up (and fails) on its own.
void checkRejected(const FaultyFile &file) {
    BOOST_TEST(!parseGridFile(file.text, file.height, file.width, file.players).has_value(), file.kind);
}

struct RegisterFaultyFileTests {
    RegisterFaultyFileTests() {
        auto *suite = BOOST_TEST_SUITE("faulty_files");
        for (const FaultyFile &file : faultyFiles()) {
            std::string name;
            for (char c : file.kind) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
            suite->add(
                boost::unit_test::make_test_case([file] { checkRejected(file); }, name, __FILE__, __LINE__));
        }
        boost::unit_test::framework::master_test_suite().add(suite);
    }
} registerFaultyFileTests;

BOOST_AUTO_TEST_CASE(round_trips_at_random_states) {
    for (unsigned seed = 0; seed < 200; ++seed) {
        int h = 2 + static_cast<int>(seed % 7), w = 2 + static_cast<int>(seed / 7 % 9),
            players = 2 + static_cast<int>(seed % 5);
        RectangleGame game =
            randomGame(h, w, players, static_cast<int>(seed * 7 % (h * (2 * w + 1) + w)), seed);
        std::string text = gridFileText(game);
        std::optional<RectangleGame> loaded = parseGridFile(text, h, w, players);
        BOOST_TEST_REQUIRE(loaded.has_value(), "seed " << seed << ":\n" << text);
        BOOST_TEST(gridFileText(*loaded) == text, "seed " << seed);
        BOOST_TEST(gridText(*loaded) == gridText(game), "seed " << seed);
        BOOST_TEST(loaded->currentPlayer() == game.currentPlayer());
    }
}

BOOST_AUTO_TEST_CASE(loading_from_disk_reads_as_parsing_the_text) {
    // loadGridFile reads in 64 KB blocks: lines cross block boundaries (a 300 x 300 game is
    // about 180 KB), with LF and CR LF endings, and judge exactly as parseGridFile does.
    dotslab::TemporaryDirectory scratch("boxes-load");
    const std::string path = (scratch.path() / "game.txt").string();
    RectangleGame game = randomGame(300, 300, 7, 90000, 11);
    std::string text = gridFileText(game), crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    for (const std::string &file :
         {text, crlf, text.substr(0, text.size() - 1), text + "\n", text.substr(0, 70000)}) {
        std::ofstream(path, std::ios::binary) << file;
        const LoadResult loaded = loadGridFile(path.c_str(), 300, 300, 7);
        const std::optional<RectangleGame> parsed = parseGridFile(file, 300, 300, 7);
        BOOST_TEST(loaded.readable);
        BOOST_TEST_REQUIRE(loaded.game.has_value() == parsed.has_value(), file.size() << " bytes");
        if (parsed) BOOST_TEST(gridText(*loaded.game) == gridText(*parsed));
    }
    std::ofstream(path, std::ios::binary) << "1\n"
                                          << std::string(1 << 20, '0') << "\n";  // a line far too long
    BOOST_TEST(!loadGridFile(path.c_str(), 300, 300, 7).game.has_value());
    BOOST_TEST(!loadGridFile(scratch.path().c_str(), 3, 3, 2).readable, "a folder is not a readable file");
    BOOST_TEST(!loadGridFile((scratch.path() / "none").c_str(), 3, 3, 2).readable);
}

BOOST_AUTO_TEST_CASE(integers) {
    BOOST_TEST(parseInteger("7", 2, 999).value_or(-1) == 7);
    BOOST_TEST(parseInteger("007", 2, 999).value_or(-1) == 7);
    BOOST_TEST(!parseInteger("1000", 2, 999));
    BOOST_TEST(!parseInteger("99999999999999999999999", 2, 999));
    BOOST_TEST(!parseInteger("", 0, 9));
    BOOST_TEST(!parseInteger("+5", 0, 9));
    BOOST_TEST(!parseInteger(" 5", 0, 9));
    BOOST_TEST(!parseInteger("0x5", 0, 9));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(saving)

BOOST_AUTO_TEST_CASE(writes_new_and_replaces_existing_files) {
    TemporaryDirectory dir("dotslab-test");
    fs::path file = dir.path() / "game.txt";
    BOOST_TEST(writeFileAtomically(file.string(), "first\n"));
    BOOST_TEST(readFileText(file) == "first\n");
    BOOST_TEST(writeFileAtomically(file.string(), "second\n"));
    BOOST_TEST(readFileText(file) == "second\n");
    BOOST_TEST(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}) == 1,
               "no temporary file left");
}

BOOST_AUTO_TEST_CASE(failed_saves_leave_everything_as_it_was) {
    TemporaryDirectory dir("dotslab-test");
    fs::path existing = dir.path() / "keep.txt";
    std::ofstream(existing) << "precious\n";
    BOOST_TEST(!writeFileAtomically((dir.path() / "missing-folder" / "x.txt").string(), "data"));
    BOOST_TEST(!writeFileAtomically(dir.path().string(), "data"), "a directory");
    BOOST_TEST(!writeFileAtomically("", "data"));
    BOOST_TEST(!writeFileAtomically(existing.string() + std::string(1, '\0') + "x", "data"),
               "a NUL in the path");
    BOOST_TEST(readFileText(existing) == "precious\n");
    if (geteuid() != 0) {  // root may write anywhere, so this part only means something for others
        fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
        BOOST_TEST(!writeFileAtomically(existing.string(), "damage"));
        fs::permissions(dir.path(), fs::perms::owner_all);
        BOOST_TEST(readFileText(existing) == "precious\n");
    }
}

BOOST_AUTO_TEST_CASE(symbolic_links_are_followed) {
    TemporaryDirectory dir("dotslab-test");
    fs::path target = dir.path() / "target.txt", link = dir.path() / "link.txt";
    std::ofstream(target) << "old\n";
    fs::create_symlink(target, link);
    BOOST_TEST(writeFileAtomically(link.string(), "new\n"));
    BOOST_TEST(fs::is_symlink(link));
    BOOST_TEST(readFileText(target) == "new\n");
}

BOOST_AUTO_TEST_CASE(devices_are_written_in_place) {
    BOOST_TEST(writeFileAtomically("/dev/null", "discarded\n"));
    struct stat info;
    BOOST_TEST_REQUIRE(stat("/dev/null", &info) == 0);
    BOOST_TEST(S_ISCHR(info.st_mode), "/dev/null is still a device");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(games)

BOOST_AUTO_TEST_CASE(extra_turns_and_passing) {
    RectangleGame game(2, 2, 3);
    const RectangleGrid &g = game.grid();
    game.play(g.horizontalEdge(0, 0));  // A
    BOOST_TEST(game.currentPlayer() == 2);
    game.play(g.verticalEdge(0, 0));  // B
    game.play(g.verticalEdge(0, 1));  // C
    BOOST_TEST(game.currentPlayer() == 1, "after the last player comes A");
    BOOST_TEST(game.play(g.horizontalEdge(1, 0)) == 1);  // A closes cell (0,0)
    BOOST_TEST(game.currentPlayer() == 1, "a completed cell earns another move");
    BOOST_TEST(game.ownerOf(0) == 1);
}

BOOST_AUTO_TEST_CASE(one_edge_closing_two_cells_gives_one_extra_turn) {
    RectangleGame game(1 + 1, 2, 2);
    const RectangleGrid &g = game.grid();
    for (int e : {g.horizontalEdge(0, 0), g.horizontalEdge(0, 1), g.horizontalEdge(1, 0),
                  g.horizontalEdge(1, 1), g.verticalEdge(0, 0), g.verticalEdge(0, 2)})
        game.play(e);
    int mover = game.currentPlayer();
    BOOST_TEST(game.play(g.verticalEdge(0, 1)) == 2);
    BOOST_TEST(game.currentPlayer() == mover);
    BOOST_TEST(game.scores()[mover - 1] == 2);
}

BOOST_AUTO_TEST_CASE(complete_random_games_with_many_players) {
    for (unsigned seed = 0; seed < 50; ++seed) {
        int players = 2 + static_cast<int>(seed % 6);
        RectangleGame game(3, 4, players);
        std::mt19937 rng(seed);
        while (!game.isOver()) {
            int e;
            do e = static_cast<int>(rng() % game.grid().edgeCount());
            while (game.isClosed(e));
            game.play(e);
        }
        std::vector<int> scores = game.scores();
        BOOST_TEST(std::accumulate(scores.begin(), scores.end(), 0) == 12);
        int best = *std::max_element(scores.begin(), scores.end());
        for (int p : game.winners()) BOOST_TEST(scores[p - 1] == best);
        BOOST_TEST(game.winners().size() ==
                   static_cast<std::size_t>(std::count(scores.begin(), scores.end(), best)));
    }
}

BOOST_AUTO_TEST_SUITE_END()
