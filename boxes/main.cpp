// boxes — n-player Dots and Boxes on a rectangular grid, with save and load.
//
//   boxes height width playercount [filename]
//
// The contract, including the error table checked here in order, is
// ../shared/specs/boxes.md.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "files/atomic_file.h"
#include "grid_file.h"
#include "grid_text.h"
#include "move_parser.h"
#include "text/line_reader.h"

namespace {

using namespace dotslab;
using namespace dotslab::boxes;

// The exit statuses of the spec's error table.
enum Status {
    kNormal = 0,
    kUsage = 1,
    kBadDimensions = 2,
    kBadPlayerCount = 3,
    kUnreadableFile = 4,
    kBadFileContents = 5,
    kEndOfInput = 6,
};

// The longest line a valid command can be: "w " and a path of at most PATH_MAX bytes.
constexpr std::size_t kLongestCommand = 2 + 4096;

// Prints message on standard error and returns status, for `return fail(...)`.
int fail(Status status, const char *message) {
    std::cout.flush();
    std::cerr << message << '\n';
    return status;
}

// Returns "Winner(s): A, C" for the players with the highest score.
std::string winnersLine(const RectangleGame &game) {
    std::string line = "Winner(s): ";
    bool first = true;
    for (int player : game.winners()) {
        if (!first) line += ", ";
        line += playerSymbol(player);
        first = false;
    }
    return line + '\n';
}

// Plays the game from its current state until it ends or input runs out.
int play(RectangleGame &game) {
    writeGrid(game, std::cout);
    while (!game.isOver()) {
        std::cout << playerSymbol(game.currentPlayer()) << "> " << std::flush;
        std::optional<InputLine> line = readLine(std::cin, kLongestCommand);
        if (!line) return fail(kEndOfInput, "End of user input");
        if (line->tooLong) continue;
        Command command = parseCommand(line->text, game.grid());
        if (command.kind == Command::Kind::kSave) {
            const bool saved = writeFileAtomically(
                command.path, [&game](const std::function<bool(std::string_view)> &write) {
                    return writeGridFile(game, write);
                });
            std::cerr << (saved ? "Save complete" : "Can not open file for write") << '\n';
            continue;
        }
        if (command.kind != Command::Kind::kMove || game.isClosed(command.edge)) continue;
        game.play(command.edge);
        writeGrid(game, std::cout);
    }
    std::cout << winnersLine(game);
    return kNormal;
}

int run(int argc, char **argv) {
    if (argc != 4 && argc != 5) return fail(kUsage, "Usage: boxes height width playercount [filename]");
    std::optional<int> height = parseInteger(argv[1], 2, 999), width = parseInteger(argv[2], 2, 999);
    if (!height || !width) return fail(kBadDimensions, "Invalid grid dimensions");
    std::optional<int> players = parseInteger(argv[3], 2, 100);
    if (!players) return fail(kBadPlayerCount, "Invalid player count");

    std::optional<RectangleGame> game;
    if (argc == 5) {
        LoadResult loaded = loadGridFile(argv[4], *height, *width, *players);
        if (!loaded.readable) return fail(kUnreadableFile, "Invalid grid file");
        if (!loaded.game) return fail(kBadFileContents, "Error reading grid contents");
        game = std::move(loaded.game);
    } else {
        game.emplace(*height, *width, *players);
    }
    return play(*game);
}

}  // namespace

int main(int argc, char **argv) {
    std::ios::sync_with_stdio(false);
    int status = run(argc, argv);
    std::cout.flush();
    return status;
}
