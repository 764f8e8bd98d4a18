// dotscomputer — Dots and Boxes against the assignment's four-rule computer player.
//
// The contract is ../shared/specs/dotscomputer.md: pre-game (grid size), game (the human
// moves first; a player who completes a box moves again), post-game (final score).
// --level perfect, our extension, plays perfectly up to 4 x 4 (perfect_player.h).
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "board/computer_player.h"
#include "board/rectangle.h"
#include "console_text.h"
#include "opening_book.h"
#include "perfect_player.h"
#include "solver/solver.h"
#include "text/characters.h"
#include "text/line_reader.h"

namespace {

using namespace dotslab;
using namespace dotslab::dotscomputer;

// A line longer than this cannot be an answer anyone meant; it is refused, not stored.
constexpr std::size_t kLongestLine = 1 << 20;

// Returns the opening book of a size x size board, or null (with a word on standard
// error) if it is missing or damaged: then search alone plays, slowly in the opening.
std::unique_ptr<OpeningBook> openingBook(const BoardGraph &graph, int size) {
    if (size != kBookBoard) return nullptr;
    const std::string path = bookPath(size);
    try {
        return std::make_unique<OpeningBook>(readBook(path), graph);
    } catch (const std::exception &e) {
        std::cerr << "dotscomputer: " << e.what() << "; the opening moves are searched (slowly)\n";
        return nullptr;
    }
}

// The computer's way of choosing: the assignment's four rules, or perfect play.
class ComputerPlayer {
  public:
    ComputerPlayer(bool perfect, RowsCounted rows, int size) : rows_(rows) {
        if (!perfect) return;
        if (size > kLargestPerfectBoard) {
            std::cerr << "dotscomputer: perfect play is solved only up to " << kLargestPerfectBoard << " x "
                      << kLargestPerfectBoard << "; this board uses the four rules\n";
            return;
        }
        const BoardGraph graph = rectangleBoard(size, size);
        perfect_ =
            std::make_unique<PerfectPlayer>(size, openingBook(graph, size), perfectSolverOptions(size));
    }

    // Returns the edge to play: perfect play's choice, or the four rules'.
    int choose(const RectangleGame &game) {
        return perfect_ ? perfect_->choose(game) : chooseEdge(game, rows_);
    }

  private:
    RowsCounted rows_;
    std::unique_ptr<PerfectPlayer> perfect_;
};

// Returns the grid size the line asks for: an integer 2..8 with optional surrounding
// whitespace (and an optional sign), else nothing.
std::optional<int> gridSize(std::string_view line) {
    while (!line.empty() && isWhitespace(line.front())) line.remove_prefix(1);
    while (!line.empty() && isWhitespace(line.back())) line.remove_suffix(1);
    if (!line.empty() && (line.front() == '+' || line.front() == '-')) {
        if (line.front() == '-') return std::nullopt;  // no negative number is in range
        line.remove_prefix(1);
    }
    if (line.empty()) return std::nullopt;
    int value = 0;
    for (char c : line) {
        if (c < '0' || c > '9') return std::nullopt;
        value = std::min(value * 10 + (c - '0'), 100);  // saturate: stays out of range
    }
    if (value < 2 || value > 8) return std::nullopt;
    return value;
}

// Asks for the grid size until it gets one; nothing at end of input.
std::optional<int> askGridSize() {
    for (;;) {
        std::cout << "What size grid would you like? (2..8) " << std::flush;
        std::optional<InputLine> line = readLine(std::cin, kLongestLine);
        if (!line) return std::nullopt;
        if (std::optional<int> size = line->tooLong ? std::nullopt : gridSize(line->text)) return size;
        std::cout << "Sorry, try again.\n";
    }
}

// Asks the human for a move until one is acceptable; nothing to quit (Q or end of input).
std::optional<int> askHumanMove(const RectangleGame &game) {
    for (;;) {
        std::cout << "What two dots would you like to connect? (Q to quit) " << std::flush;
        std::optional<InputLine> line = readLine(std::cin, kLongestLine);
        if (!line) return std::nullopt;
        std::optional<HumanMove> move = line->tooLong ? std::nullopt : parseHumanMove(line->text, game);
        if (move && move->quit) return std::nullopt;
        if (move) return move->edge;
        std::cout << "Sorry, try again.\n";
    }
}

void printFinalScore(const RectangleGame &game) {
    std::vector<int> scores = game.scores();
    int human = scores[kHuman - 1], computer = scores[kComputer - 1];
    std::cout << boardText(game) << "\nFinal Score:\n  You:" << human << "\n  Me :" << computer << '\n';
    if (human > computer)
        std::cout << "Congratulations!\n";
    else if (computer > human)
        std::cout << "Better luck next time.\n";
    else
        std::cout << "I think we need a rematch.\n";
}

void playGame(int size, bool perfect, RowsCounted rows) {
    RectangleGame game(size, size, 2);
    ComputerPlayer computer(perfect, rows, size);
    while (!game.isOver()) {
        std::vector<int> scores = game.scores();
        std::cout << boardText(game) << "You: " << scores[kHuman - 1] << "    Me: " << scores[kComputer - 1]
                  << "\n\n";
        int edge;
        if (game.currentPlayer() == kComputer) {
            edge = computer.choose(game);
            std::cout << "I choose to connect dots " << edgeDots(game.grid(), edge) << ".\n";
        } else if (std::optional<int> chosen = askHumanMove(game)) {
            edge = *chosen;
        } else {
            break;  // quit or end of input: straight to the post-game
        }
        game.play(edge);
        std::cout << '\n';
    }
    printFinalScore(game);
}

}  // namespace

int main(int argc, char **argv) {
    // Without options: exactly the assignment. --level perfect: optimal play on small boards.
    bool perfect = false;
    RowsCounted rows = RowsCounted::kDownward;
    if (argc == 2 && std::strcmp(argv[1], "--help") == 0) {
        std::cout << "usage: dotscomputer [--level rules|rules-y-up|perfect]\n"
                     "  Dots and Boxes against the computer, as the assignment sets it: choose a grid size\n"
                     "  (2..8), then connect two neighbouring dots per move, each a row letter and a column\n"
                     "  digit (a1 is the top left): `a1 a2`, or `a1b1`; Q quits.\n"
                     "  --level rules    the assignment's four-rule computer (the default)\n"
                     "  --level rules-y-up  the same, the fourth rule's y-coordinates counted upward (row a\n"
                     "                   the highest): the other reading of the text, which never says\n"
                     "                   which way y grows; dotsgrade accepts a program of either reading\n"
                     "  --level perfect  optimal play on grids up to 4 x 4 (larger ones: the four rules):\n"
                     "                   every move keeps the best result the position allows; among\n"
                     "                   such moves, the one that leaves you the most replies that lose\n"
                     "                   (counted once at most "
                  << kMistakeSearchLines
                  << " lines are open; before that, and between\n"
                     "                   equals, the four rules' order). The first 4 x 4 moves come from\n"
                     "                   an opening book (share/dotslab/book-4x4.bin)\n";
        return 0;
    }
    const std::string level = argc == 3 && std::strcmp(argv[1], "--level") == 0 ? argv[2] : "";
    if (level == "perfect" || level == "rules" || level == "rules-y-up") {
        perfect = level == "perfect";
        rows = level == "rules-y-up" ? RowsCounted::kUpward : RowsCounted::kDownward;
    } else if (argc != 1) {
        std::cerr << "usage: dotscomputer [--level rules|rules-y-up|perfect]\n";
        return 2;
    }
    std::ios::sync_with_stdio(false);
    if (std::optional<int> size = askGridSize()) playGame(*size, perfect, rows);
    std::cout.flush();
    return 0;
}
