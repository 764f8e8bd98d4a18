#include "assignment.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <stdexcept>

#include "board/computer_player.h"
#include "board/rectangle_game.h"
#include "packed/token_input.h"
#include "text/characters.h"

namespace dotslab::grader {
namespace {

template <typename T>
T pick(std::mt19937 &rng, const std::vector<T> &from) {
    return from[rng() % from.size()];
}

int between(std::mt19937 &rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// --- Conformance: input the assignment promises -------------------------------------

// A game of whole integers, one per line, played until every line of the grid is drawn:
// the lines 1..lines in a random order, with now and then an integer the program must
// refuse (out of range, or a line already drawn), as the assignment's own examples do.
std::string integerGame(std::mt19937 &rng, int lines) {
    std::vector<int> order(static_cast<std::size_t>(lines));
    for (int k = 0; k < lines; ++k) order[static_cast<std::size_t>(k)] = k + 1;
    std::shuffle(order.begin(), order.end(), rng);
    std::string input;
    for (std::size_t k = 0; k < order.size(); ++k) {
        if (between(rng, 0, 7) == 0) {
            const int refused =
                between(rng, 0, 2) == 0 && k > 0
                    ? order[static_cast<std::size_t>(between(rng, 0, static_cast<int>(k) - 1))]
                    : pick(rng, std::vector<int>{0, -3, lines + 1, 99});
            input += std::to_string(refused) + "\n";
        }
        input += std::to_string(order[k]) + "\n";
    }
    return input;
}

FuzzCase dotsboxesGame(std::mt19937 &rng) { return {{}, integerGame(rng, 16)}; }
FuzzCase dotstrianglesGame(std::mt19937 &rng) { return {{}, integerGame(rng, 12)}; }

// Whole integers for eight: mostly 1-3 (some illegal as the last number chosen), now and
// then 0 or 4; thirty of them always finish a game (the human moves at most four times).
FuzzCase eightGame(std::mt19937 &rng) {
    std::string input;
    for (int i = 0; i < 30; ++i)
        input +=
            std::to_string(between(rng, 0, 9) == 0 ? pick(rng, std::vector<int>{0, 4}) : between(rng, 1, 3)) +
            "\n";
    return {{}, input};
}

// boxes and dotscomputer: their specs define every answer to malformed moves and to the
// end of input, but their assignment texts do not settle all of them: a game gives only the
// lines the text settles (kBoxesLines, kDotscomputerSizes, kDotscomputerMoves), the
// robustness inputs the others as well.

// The odd lines of a boxes game, each a class of input audited against boxes.txt.
const InputClass kBoxesLines[] = {
    {"0 0 x", "a move whose direction is neither h nor v", true, "\"If the input is not valid … reprinted\""},
    {"hello, w, (empty line)", "a line that is no move", true, "\"If the input is not valid … reprinted\""},
    {" 0 0 h", "a move after a space", true, "\"leading whitespace is not permitted in valid moves\""},
    {"w save1.txt", "a save", true, "\"w a space and then the path to the file\""},
    {"0 0 h ", "a move followed by a space", false,
     "the text never says whether trailing whitespace is allowed", "0 0 h"},
    {"00 0 h", "a move written with a leading zero", false, "the text never says how numbers are written",
     "0 0 h"},
};
// A line every text settles as no move, which stands for an unsettled line refused.
constexpr const char *kBoxesRefused = "hello";

// One odd line of a game: its text, and for an unsettled one the line it may be taken as.
struct OddLine {
    std::string text;
    const char *takenAs = nullptr;  // see InputClass
};

// Returns the example of one of classes that the text settles (or does not).
OddLine pickOddLine(std::mt19937 &rng, const InputClass *classes, std::size_t count, bool settled) {
    std::vector<OddLine> lines;
    for (std::size_t k = 0; k < count; ++k) {
        if (classes[k].settled != settled) continue;
        std::string examples = classes[k].example;  // "a, b, (empty line)": each one of them
        for (std::size_t start = 0; start <= examples.size();) {
            std::size_t end = examples.find(", ", start);
            if (end == std::string::npos) end = examples.size();
            const std::string example = examples.substr(start, end - start);
            if (example.rfind("w save", 0) != 0)  // a save has its own share of the lines
                lines.push_back({example == "(empty line)" ? "" : example, classes[k].takenAs});
            start = end + 2;
        }
    }
    const OddLine line = pick(rng, lines);
    assert(settled || line.takenAs != nullptr);  // an unsettled line has both its readings
    return line;
}

template <std::size_t N>
OddLine pickOddLine(std::mt19937 &rng, const InputClass (&classes)[N], bool settled) {
    return pickOddLine(rng, classes, N, settled);
}

template <std::size_t N>
std::string oddLine(std::mt19937 &rng, const InputClass (&classes)[N], bool settled) {
    return pickOddLine(rng, classes, N, settled).text;
}

// A boxes grid's edges: horizontal[r][c] above cell row r (r = h: below the last),
// vertical[r][c] left of cell column c (c = w: right of the last).
struct BoxesEdges {
    std::vector<std::vector<bool>> horizontal, vertical;
    BoxesEdges(int h, int w)
        : horizontal(static_cast<std::size_t>(h + 1), std::vector<bool>(static_cast<std::size_t>(w))),
          vertical(static_cast<std::size_t>(h), std::vector<bool>(static_cast<std::size_t>(w + 1))) {}
};

// Returns a game file of boxes' format (boxes.md) for a random game under way: edges
// closed at one random rate (at least one left open), each closed cell's owner and the
// next player at random. Closes those edges in edges.
std::string boxesGameFile(std::mt19937 &rng, BoxesEdges &edges, int players) {
    const int closedTenths = between(rng, 0, 9);
    bool open = false;
    for (auto *rows : {&edges.horizontal, &edges.vertical})
        for (auto &row : *rows)
            for (std::size_t c = 0; c < row.size(); ++c) {
                row[c] = between(rng, 0, 9) < closedTenths;
                open = open || !row[c];
            }
    if (!open) edges.horizontal[0][0] = false;
    std::string file = std::to_string(between(rng, 1, players)) + "\n";
    auto bits = [](const std::vector<bool> &row) {
        std::string line;
        for (bool edge : row) line += edge ? '1' : '0';
        return line + "\n";
    };
    const std::size_t h = edges.vertical.size(), w = edges.horizontal[0].size();
    for (std::size_t r = 0; r <= h; ++r)
        file += bits(edges.horizontal[r]) + (r < h ? bits(edges.vertical[r]) : "");
    for (std::size_t r = 0; r < h; ++r)
        for (std::size_t c = 0; c < w; ++c) {
            const bool full = edges.horizontal[r][c] && edges.horizontal[r + 1][c] && edges.vertical[r][c] &&
                              edges.vertical[r][c + 1];
            file += std::to_string(full ? between(rng, 1, players) : 0) + (c + 1 < w ? "," : "\n");
        }
    return file;
}

// A boxes game: on an empty grid or (half the time) from a game file under way, since
// loading is half the program; its moves at random (most of them refused, the game seldom
// ends) or (half the time) every open edge in a random order, so that the game ends and
// its winners are named. Both with odd lines and saves among them.
FuzzCase boxesGame(std::mt19937 &rng) {
    const int h = between(rng, 2, 4), w = between(rng, 2, 4), players = between(rng, 2, 4);
    FuzzCase game{{std::to_string(h), std::to_string(w), std::to_string(players)}, ""};
    BoxesEdges edges(h, w);
    if (between(rng, 0, 1) == 0) {
        game.args.push_back("game.txt");
        game.givenFiles.emplace_back("game.txt", boxesGameFile(rng, edges, players));
    }
    // Returns an odd line or a save now and then (one line in ten), else "".
    auto now = [&]() -> std::string {
        const int kind = between(rng, 0, 19);
        if (kind == 0) return oddLine(rng, kBoxesLines, true) + "\n";
        if (kind != 1) return "";
        const std::string file = "save" + std::to_string(between(rng, 1, 3)) + ".txt";
        if (std::find(game.saves.begin(), game.saves.end(), file) == game.saves.end())
            game.saves.push_back(file);
        return "w " + file + "\n";
    };
    if (between(rng, 0, 1) == 0) {
        std::vector<std::string> moves;
        for (std::size_t r = 0; r < edges.horizontal.size(); ++r)
            for (std::size_t c = 0; c < edges.horizontal[r].size(); ++c)
                if (!edges.horizontal[r][c])
                    moves.push_back(std::to_string(r) + " " + std::to_string(c) + " h");
        for (std::size_t r = 0; r < edges.vertical.size(); ++r)
            for (std::size_t c = 0; c < edges.vertical[r].size(); ++c)
                if (!edges.vertical[r][c])
                    moves.push_back(std::to_string(r) + " " + std::to_string(c) + " v");
        std::shuffle(moves.begin(), moves.end(), rng);
        for (const std::string &move : moves) game.input += now() + move + "\n";
        return game;
    }
    for (int i = between(rng, 0, 3 * (h * (2 * w + 1) + w)); i > 0; --i) {
        std::string line = now();
        if (line.empty())
            line = between(rng, 0, 1) == 0 ? std::to_string(between(rng, 0, h)) + " " +
                                                 std::to_string(between(rng, 0, w - 1)) + " h\n"
                                           : std::to_string(between(rng, 0, h - 1)) + " " +
                                                 std::to_string(between(rng, 0, w)) + " v\n";
        game.input += line;
    }
    return game;
}

// The odd lines of a dotscomputer game: before the size, and as a move.
const InputClass kDotscomputerSizes[] = {
    {"x", "a size that is not an integer", true,
     "\"any non-integer input, should result in … Sorry, try again.\""},
    {"9", "a size out of range", true, "\"An integer outside that range\""},
    {" 3", "a size after a space", false,
     "the text never says whether blanks may come before the number (boxes' text forbids them; this one is "
     "silent)",
     "3"},
    {"(empty line)", "an empty line before the size", false,
     "the text never says whether an empty line is an attempt (a line read) or nothing (cin >> n)", kNoLine},
};
const InputClass kDotscomputerMoves[] = {
    {"zz, (empty line)", "a move that is no two dots", true,
     "\"If the input is not acceptable … Sorry, try again.\""},
    {"q", "quit in lower case", false, "the text never says whether letters are read in either case", "Q"},
    {"A1 A2", "dots in capitals", false, "the text never says whether letters are read in either case",
     "a1 a2"},
};
// A line the text settles as no size and no move, which stands for an unsettled line refused.
constexpr const char *kDotscomputerRefused = "zz";

// Returns the classes as one list, for the audit --explain shows.
template <std::size_t N>
std::vector<InputClass> listed(const InputClass (&classes)[N], std::vector<InputClass> more = {}) {
    std::vector<InputClass> all(classes, classes + N);
    all.insert(all.end(), more.begin(), more.end());
    return all;
}

// Returns "a1 b1": the dots of edge e as a human names them, in either order.
std::string edgeAsDots(std::mt19937 &rng, const RectangleGrid &grid, int e) {
    const int r = grid.edgeRow(e), c = grid.edgeCol(e);
    auto dot = [](int row, int col) {
        return std::string(1, static_cast<char>('a' + row)) + std::to_string(col + 1);
    };
    const std::string one = dot(r, c), other = grid.isHorizontal(e) ? dot(r, c + 1) : dot(r + 1, c);
    return between(rng, 0, 1) == 0 ? one + " " + other : other + " " + one;
}

// A dotscomputer game, its human one of three: two dots at random (most of them no edge:
// every refusal, the game seldom ends), any open edge (the game ends), or a greedy human
// who takes a box on offer (the human scores, and wins now and then: "Congratulations!").
// The last two play against the four rules (as the spec reads them) to know what is open.
FuzzCase dotscomputerGame(std::mt19937 &rng) {
    const int n = between(rng, 2, 5);
    const int before = between(rng, 0, 3);  // the odd line before the size, if any
    std::string input =
        (before < 2 ? oddLine(rng, kDotscomputerSizes, true) + "\n" : "") + std::to_string(n) + "\n";
    const int human = between(rng, 0, 2);
    if (human == 0) {
        for (int i = between(rng, 0, 4 * n * (n + 1)); i > 0; --i) {
            auto dot = [&] {
                return std::string(1, static_cast<char>('a' + between(rng, 0, n))) +
                       std::to_string(between(rng, 1, n + 1));
            };
            input += between(rng, 0, 15) == 0 ? oddLine(rng, kDotscomputerMoves, true) : dot() + " " + dot();
            input += "\n";
        }
    } else {
        RectangleGame game(n, n, 2);
        while (!game.isOver()) {
            if (game.currentPlayer() == dotscomputer::kComputer) {
                game.play(dotscomputer::chooseEdge(game));
                continue;
            }
            if (between(rng, 0, 15) == 0) {  // refused: the same human moves again
                input += oddLine(rng, kDotscomputerMoves, true) + "\n";
                continue;
            }
            std::vector<int> open, taking;
            for (int e = 0; e < game.grid().edgeCount(); ++e) {
                if (game.isClosed(e)) continue;
                open.push_back(e);
                if (game.cellsClosedBy(e) > 0) taking.push_back(e);
            }
            const int e = human == 2 && !taking.empty() ? pick(rng, taking) : pick(rng, open);
            input += edgeAsDots(rng, game.grid(), e) + "\n";
            game.play(e);
        }
    }
    if (between(rng, 0, 3) == 0) input += "Q\n";
    return {{}, input};
}

// --- Robustness: input beyond the promise ----------------------------------------------

// Token inputs beyond the promise (packed/token_input.h).
FuzzCase dotsboxesMalformed(std::mt19937 &rng) { return {{}, malformedTokenInput(rng, 16)}; }
FuzzCase dotstrianglesMalformed(std::mt19937 &rng) { return {{}, malformedTokenInput(rng, 12)}; }

FuzzCase eightMalformed(std::mt19937 &rng) {
    std::string input;
    for (int i = between(rng, 0, 8); i > 0; --i)
        input +=
            pick(rng, std::vector<std::string>{"1", "2", "3", "1", "2", "3", "4", "0", "x", "2.5"}) + "\n";
    return {{}, input};
}

// Where a line of blanks is a line of a class the text does not settle: before the size
// (dotscomputer: read with `cin >> n` it is nothing, read as a line it is refused).
struct BlankBeforeSize {
    std::size_t sizeLineEnd;  // where the game's size line ends (one past its newline)
    std::string refused;      // a line the text settles as refused there
};

// One of a valid game's damaged copies: every line ended by CR LF (which no assignment's
// text mentions: its LF twin is kept, see FuzzCase), a huge line (of blanks before the
// size: read both ways blank allows), a few bytes of binary, or the input cut off in the
// middle of a line.
FuzzCase damaged(std::mt19937 &rng, FuzzCase game, const BlankBeforeSize *blank = nullptr) {
    std::string &input = game.input;
    const std::size_t at =
        input.empty() ? 0 : static_cast<std::size_t>(between(rng, 0, static_cast<int>(input.size())));
    const std::size_t lineStart = input.rfind('\n', at == 0 ? 0 : at - 1) == std::string::npos
                                      ? 0
                                      : input.rfind('\n', at == 0 ? 0 : at - 1) + 1;
    switch (between(rng, 0, 3)) {
        case 0: {  // a class no text settles: the same game with LF alone is its twin
            game.settledInput = input;
            std::string crlf;
            for (char c : input) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
            input = crlf;
            break;
        }
        case 1: {
            // A huge line half the time, else one of a sentence's length (20 to 250): a
            // program that ends its game at any line over 40 characters was never caught
            // (adversary round 23c). One draw for both, so the cases of a seed stay as they were.
            std::size_t length = static_cast<std::size_t>(between(rng, 4096, 65536));
            if (length % 2 == 0) length = 20 + length % 231;
            const char filler = pick(rng, std::vector<char>{'1', 'a', ' '});
            const std::string original = input;
            input.insert(lineStart, std::string(length, filler) + "\n");
            if (filler == ' ' && blank != nullptr && lineStart < blank->sizeLineEnd)
                game.readings = {original, std::string(original).insert(lineStart, blank->refused + "\n")};
            // No text bounds a line, and a valid one is a few characters: a program may read
            // into a buffer of its own (fgets(line, 100, stdin): the line in pieces of 99,
            // each a line to it) or stop at a line too long for it (cin.getline(line, 256)
            // fails, as at the input's end). Both are readings the text allows (adversary
            // round 23: 94 and 96), the end for a line of 256 characters or more.
            // A buffer too small to stop at (less than 256) shows where a line of a few
            // dozen characters ended the game: that is no reading.
            if (length >= 256) game.readings.push_back(original.substr(0, lineStart));
            for (std::size_t buffer : {16, 32, 64, 80, 100, 128, 200, 256, 512, 1000, 1024, 2048, 4096}) {
                if (buffer - 1 >= length) break;  // the line fits: one piece, the line itself
                std::string pieces;
                for (std::size_t at = 0; at < length; at += buffer - 1)
                    pieces += std::string(std::min(buffer - 1, length - at), filler) + "\n";
                if (length % (buffer - 1) == 0) pieces += "\n";  // the newline, read alone
                game.readings.push_back(std::string(original).insert(lineStart, pieces));
            }
            break;
        }
        case 2: {
            std::string bytes;
            for (int k = between(rng, 1, 16); k > 0; --k) bytes += static_cast<char>(between(rng, 0, 255));
            input.insert(lineStart, bytes + "\n");
            break;
        }
        default:
            // Cut in the middle of a line: no text says whether a last line without its
            // newline is a line (std::getline reads it) or the end of the input (a program
            // that acts on each newline never sees it): both are readings it allows
            // (adversary round 21: 96).
            input.resize(at);
            if (at > lineStart) game.readings.push_back(input.substr(0, lineStart));
    }
    return game;
}

// An unsettled line to put into a game, and where: first (before the size), or anywhere.
struct Unsettled {
    OddLine line;
    bool first;
};

// Returns game with a few unsettled lines put in at line starts (from choices), and its
// readings: every combination of each line taken as what it stands for or refused (a
// line refused is spelt refused, a line every text settles as no move).
FuzzCase withUnsettled(std::mt19937 &rng, FuzzCase game, const std::vector<Unsettled> &choices,
                       const std::string &refused) {
    // The game's lines, each with its two readings where it is unsettled.
    struct Line {
        std::string text;
        const char *takenAs = nullptr;
    };
    std::vector<Line> lines;
    for (std::size_t start = 0; start < game.input.size();) {
        const std::size_t end = std::min(game.input.find('\n', start), game.input.size());
        lines.push_back({game.input.substr(start, end - start)});
        start = end + 1;
    }
    const bool endsWithNewline = game.input.empty() || game.input.back() == '\n';
    const int count = between(rng, 1, 3);
    for (int k = 0; k < count; ++k) {
        const Unsettled &choice = pick(rng, choices);
        const std::size_t at =
            choice.first ? 0 : static_cast<std::size_t>(between(rng, 0, static_cast<int>(lines.size())));
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at),
                     {choice.line.text, choice.line.takenAs});
    }
    // Returns the input with the unsettled lines read as the bits of taken say (bit k: the
    // k-th unsettled line taken), or as written.
    auto spelt = [&](std::optional<unsigned> taken) {
        std::string input;
        unsigned k = 0;
        for (const Line &line : lines) {
            std::string text = line.text;
            if (line.takenAs != nullptr && taken) {
                if (!(*taken >> k++ & 1))
                    text = refused;
                else if (line.takenAs == std::string(kNoLine))
                    continue;
                else
                    text = line.takenAs;
            }
            input += text + "\n";
        }
        if (!endsWithNewline && !input.empty()) input.pop_back();
        return input;
    };
    game.input = spelt(std::nullopt);
    for (unsigned taken = 0; taken < 1u << count; ++taken) {
        const std::string reading = spelt(taken);
        if (std::find(game.readings.begin(), game.readings.end(), reading) == game.readings.end())
            game.readings.push_back(reading);
    }
    return game;
}

// Half the time a game with lines its text does not settle, else a damaged game.
FuzzCase boxesMalformed(std::mt19937 &rng) {
    if (between(rng, 0, 1) == 0) return damaged(rng, boxesGame(rng));
    const OddLine one = pickOddLine(rng, kBoxesLines, false), other = pickOddLine(rng, kBoxesLines, false);
    return withUnsettled(rng, boxesGame(rng), {{one, false}, {other, false}}, kBoxesRefused);
}
FuzzCase dotscomputerMalformed(std::mt19937 &rng) {
    if (between(rng, 0, 1) == 0) {
        FuzzCase game = dotscomputerGame(rng);
        // The size line: the first that is a size the text allows (an odd line may come first).
        BlankBeforeSize blank{0, kDotscomputerRefused};
        for (std::size_t start = 0; start < game.input.size() && blank.sizeLineEnd == 0;) {
            const std::size_t end = std::min(game.input.find('\n', start), game.input.size());
            const std::string line = game.input.substr(start, end - start);
            if (line.size() == 1 && line[0] >= '2' && line[0] <= '8') blank.sizeLineEnd = end + 1;
            start = end + 1;
        }
        return damaged(rng, game, &blank);
    }
    // A size's odd line comes before the size (after it, it is a move).
    const OddLine size = pickOddLine(rng, kDotscomputerSizes, false);
    const OddLine move = pickOddLine(rng, kDotscomputerMoves, false);
    FuzzCase game = dotscomputerGame(rng);
    return withUnsettled(rng, game, {{size, true}, {move, false}}, kDotscomputerRefused);
}

const std::vector<Assignment> &all() {
    static const std::vector<Assignment> assignments = [] {
        // Out of 100. Robustness is worth nothing where the assignment promises well-formed
        // integers (dotsboxes, dotstriangles, eight) and counts where its spec defines the answers.
        const std::map<std::string, double> packedRubric = {
            {"build", 10},       {"warnings", 5}, {"rules", 15},    {"functions", 30},
            {"transcripts", 15}, {"fuzz", 25},    {"robustness", 0}};
        const std::map<std::string, double> promisedInputRubric = {
            {"build", 10}, {"warnings", 5}, {"transcripts", 40}, {"fuzz", 45}, {"robustness", 0}};
        const std::map<std::string, double> robustRubric = {
            {"build", 10}, {"warnings", 5}, {"transcripts", 35}, {"fuzz", 30}, {"robustness", 20}};
        std::vector<Assignment> list(5);
        list[0].name = "dotsboxes";
        list[0].packed = &dotslab::dotsboxesGame();
        list[0].functions = mandatedFunctions(PackedGame::Kind::kDotsboxes);
        list[0].packedEncoding = true;
        // The texts never forbid floating point (dotstriangles' forbids the library, pow with
        // it): the spec's advice to keep to integers is shown, not charged.
        list[0].rulesTheTextOmits = {"no_floating_point"};
        list[0].textAsksNoWarnings = true;  // dotstriangles' text too, as a copy of this one
        list[0].noGlobals = true;
        list[0].singleFile = true;
        list[0].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        list[0].cxxFlags = "-std=c++11 -Wall -Wextra -pedantic";  // as dotsboxes.md and dotstriangles.md say
        list[0].validGame = dotsboxesGame;
        list[0].malformedInput = dotsboxesMalformed;
        list[0].robustnessTranscripts = {"dotsboxes-eof"};
        list[0].movePrompt = ", make your move (1-16): ";
        list[0].rubric = packedRubric;
        list[0].outputPolicy = OutputPolicy::kStrict;
        list[0].outputPolicyBecause =
            "its text: \"Your program output should be exactly the same as the sample program … Otherwise, it "
            "will be considered as wrong\"";
        list[0].inputClasses = {
            {"1-16", "a line not yet drawn", true, "the game itself"},
            {"0, -3, 17, 99", "a number out of range", true, "\"outside the range 1 to 16 … display a warning message\""},
            {"(a line drawn)", "a line already drawn", true, "\"or the input position was already filled\""},
            {"abc, 3.5, +7", "a token that is not a whole number", false,
             "\"You can assume that the player always enters an integer\" (robustness, 0 points)"},
            {"(end of input)", "the input ends mid-game", false, "the text never says (robustness, 0 points)"}};

        list[1] = list[0];
        list[1].name = "dotstriangles";
        // Its text's "Provided and Required Functions" are four: gameState is the spec's.
        list[1].functionsTheTextOmits = {"gameState"};
        list[1].packed = &dotslab::dotstrianglesGame();
        list[1].functions = mandatedFunctions(PackedGame::Kind::kDotstriangles);
        list[1].noArraysNoLibrary = true;
        list[1].validGame = dotstrianglesGame;
        list[1].malformedInput = dotstrianglesMalformed;
        list[1].robustnessTranscripts = {"dotstriangles-crlf"};
        list[1].movePrompt = "'s turn (1-12): ";
        list[1].outputPolicyBecause =
            "its text: \"Your program output should be exactly the same as the sample program (same text, "
            "symbols, letter case, spacings, etc.)\"";
        list[1].inputClasses = {
            {"1-12", "a line not yet drawn", true, "the game itself"},
            {"0, -3, 13, 99", "a number out of range", true, "\"outside the range 1–12 … display a warning message\""},
            {"(a line drawn)", "a line already drawn", true, "\"or the input position was already filled\""},
            {"abc, 3.5, +7", "a token that is not a whole number", false,
             "\"All user inputs mentioned below are assumed to be always integers\" (robustness, 0 points)"},
            {"(CR LF, end of input)", "lines ended by CR LF, the input ends mid-game", false,
             "the text never says (robustness, 0 points)"}};

        list[2].name = "boxes";
        list[2].compareStandardError = true;
        list[2].textSettlesExitStatus = true;
        list[2].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++", ".c"};
        list[2].validGame = boxesGame;
        list[2].malformedInput = boxesMalformed;
        list[2].rubric = robustRubric;
        list[2].outputPolicyBecause = "its text never says that a run whose output differs anywhere is wrong";
        list[2].inputClasses =
            listed(kBoxesLines, {{"0 1 v", "a move of an edge in range, open or closed, or out of range",
                                  true, "\"If the input describes a valid open edge\""},
                                 {"(end of input)", "the input ends mid-game", true,
                                  "\"End of file while waiting for user "
                                  "input 6 End of user input\""},
                                 {"0 0 h\\r", "lines ended by CR LF", false, "the text never mentions CR"}});

        list[3].name = "dotscomputer";
        list[3].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        list[3].validGame = dotscomputerGame;
        list[3].malformedInput = dotscomputerMalformed;
        list[3].rubric = robustRubric;
        list[3].outputPolicyBecause = "its text never says that a run whose output differs anywhere is wrong";
        // "the sum of the y-coordinates": the text never says which way y grows.
        list[3].otherReadings = {
            {{"--level", "rules-y-up"},
             "the fourth rule's y-coordinates counted upward (row a the highest): the text "
             "never says which way y grows"}};
        list[3].inputClasses =
            listed(kDotscomputerSizes,
                   listed(kDotscomputerMoves,
                          {{"a1 b1", "two dots, adjacent or not, in range", true,
                            "\"if the two dots are only one edge apart\""},
                           {"Q", "quit", true, "\"what remains is the single letter 'Q'\""},
                           {"(end of input)", "the input ends mid-game", true,
                            "\"If an end-of-input signal is reached, the program immediately goes into the "
                            "Post-Game phase\""},
                           {"a1 b1\\r", "lines ended by CR LF", false, "the text never mentions CR"}}));

        list[4].name = "eight";
        list[4].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        // "Type ls to verify that the lab6 directory contains … board.h": the lab's own
        // header; "What To Turn In" names only eight.cc and board.cc.
        list[4].providedFiles = {{"board.h", "eight/board.h"}};
        list[4].validGame = eightGame;
        list[4].malformedInput = eightMalformed;
        list[4].rubric = promisedInputRubric;
        list[4].movePrompt = "Please enter a number:  ";
        list[4].outputPolicyBecause = "its text never says that a run whose output differs anywhere is wrong";
        list[4].inputClasses = {
            {"1, 2, 3", "a number the rules allow", true, "\"Players take turns choosing a number: 1, 2 or 3\""},
            {"(the last number)", "the number the computer just chose", true,
             "its sample game 2: \"That move is not legal, choose another number\""},
            {"0, 4", "a number out of range", true,
             "the main program that reads the numbers is given to the students (\"The main program … written "
             "for you\")"},
            {"x, 2.5", "a token that is not a whole number", false, "the text never says (robustness, 0 points)"}};
        return list;
    }();
    return assignments;
}

}  // namespace

OutputPolicy outputPolicyNamed(const std::string &name) {
    if (name == "strict") return OutputPolicy::kStrict;
    if (name == "per-mistake") return OutputPolicy::kPerMistake;
    throw std::invalid_argument("--output-policy must be strict or per-mistake, not '" + name + "'");
}

std::string nameOf(OutputPolicy policy) { return policy == OutputPolicy::kStrict ? "strict" : "per-mistake"; }

bool Assignment::settlesEndOfInput() const {
    return std::any_of(inputClasses.begin(), inputClasses.end(), [](const InputClass &c) {
        return c.settled && std::string(c.example).find("end of input") != std::string::npos;
    });
}

bool Assignment::isSource(const std::filesystem::path &path) const {
    const std::string extension = path.extension() == ".C" ? ".cpp" : lowered(path.extension().string());
    return std::find(sourceExtensions.begin(), sourceExtensions.end(), extension) != sourceExtensions.end();
}

const Assignment &assignmentNamed(const std::string &name) {
    for (const Assignment &a : all())
        if (a.name == name) return a;
    std::string known;
    for (const std::string &n : assignmentNames()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown assignment '" + name + "' (known: " + known + ")");
}

std::vector<std::string> assignmentNames() {
    std::vector<std::string> names;
    for (const Assignment &a : all()) names.push_back(a.name);
    return names;
}

}  // namespace dotslab::grader
