#include "assignment.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

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
    {"0 0 h ", "a move followed by a space", false, "the text never says whether trailing whitespace is allowed"},
    {"00 0 h", "a move written with a leading zero", false, "the text never says how numbers are written"},
};

// Returns the example of one of classes that the text settles (or does not).
std::string oddLine(std::mt19937 &rng, const InputClass *classes, std::size_t count, bool settled) {
    std::vector<std::string> lines;
    for (std::size_t k = 0; k < count; ++k) {
        if (classes[k].settled != settled) continue;
        std::string examples = classes[k].example;  // "a, b, (empty line)": each one of them
        for (std::size_t start = 0; start <= examples.size();) {
            std::size_t end = examples.find(", ", start);
            if (end == std::string::npos) end = examples.size();
            const std::string example = examples.substr(start, end - start);
            if (example.rfind("w save", 0) != 0)  // a save has its own share of the lines
                lines.push_back(example == "(empty line)" ? "" : example);
            start = end + 2;
        }
    }
    return pick(rng, lines);
}

template <std::size_t N>
std::string oddLine(std::mt19937 &rng, const InputClass (&classes)[N], bool settled) {
    return oddLine(rng, classes, N, settled);
}

FuzzCase boxesGame(std::mt19937 &rng) {
    int h = between(rng, 2, 4), w = between(rng, 2, 4), players = between(rng, 2, 4);
    std::string input;
    for (int i = between(rng, 0, 3 * (h * (2 * w + 1) + w)); i > 0; --i) {
        int kind = between(rng, 0, 19);
        if (kind == 0)
            input += oddLine(rng, kBoxesLines, true);
        else if (kind == 1)
            input += "w save" + std::to_string(between(rng, 1, 3)) + ".txt";
        else if (between(rng, 0, 1) == 0)
            input += std::to_string(between(rng, 0, h)) + " " + std::to_string(between(rng, 0, w - 1)) + " h";
        else
            input += std::to_string(between(rng, 0, h - 1)) + " " + std::to_string(between(rng, 0, w)) + " v";
        input += "\n";
    }
    return {{std::to_string(h), std::to_string(w), std::to_string(players)}, input};
}

// The odd lines of a dotscomputer game: before the size, and as a move.
const InputClass kDotscomputerSizes[] = {
    {"x", "a size that is not an integer", true,
     "\"any non-integer input, should result in … Sorry, try again.\""},
    {"9", "a size out of range", true, "\"An integer outside that range\""},
    {" 3", "a size after a space", false,
     "the text never says whether blanks may come before the number (boxes' text forbids them; this one is "
     "silent)"},
    {"(empty line)", "an empty line before the size", false,
     "the text never says whether an empty line is an attempt (a line read) or nothing (cin >> n)"},
};
const InputClass kDotscomputerMoves[] = {
    {"zz, (empty line)", "a move that is no two dots", true, "\"If the input is not acceptable … Sorry, try again.\""},
    {"q", "quit in lower case", false, "the text never says whether letters are read in either case"},
    {"A1 A2", "dots in capitals", false, "the text never says whether letters are read in either case"},
};

// Returns the classes as one list, for the audit --explain shows.
template <std::size_t N>
std::vector<InputClass> listed(const InputClass (&classes)[N], std::vector<InputClass> more = {}) {
    std::vector<InputClass> all(classes, classes + N);
    all.insert(all.end(), more.begin(), more.end());
    return all;
}

FuzzCase dotscomputerGame(std::mt19937 &rng) {
    int n = between(rng, 2, 5);
    const int before = between(rng, 0, 3);  // the odd line before the size, if any
    std::string input =
        (before < 2 ? oddLine(rng, kDotscomputerSizes, true) + "\n" : "") + std::to_string(n) + "\n";
    for (int i = between(rng, 0, 4 * n * (n + 1)); i > 0; --i) {
        auto dot = [&] {
            return std::string(1, static_cast<char>('a' + between(rng, 0, n))) +
                   std::to_string(between(rng, 1, n + 1));
        };
        input += between(rng, 0, 15) == 0 ? oddLine(rng, kDotscomputerMoves, true) : dot() + " " + dot();
        input += "\n";
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

// One of a valid game's damaged copies: every line ended by CR LF (which no assignment's
// text mentions: its LF twin is kept, see FuzzCase), a huge line, a few bytes of binary, or
// the input cut off in the middle of a line.
FuzzCase damaged(std::mt19937 &rng, FuzzCase game) {
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
        case 1:
            input.insert(lineStart, std::string(static_cast<std::size_t>(between(rng, 4096, 65536)),
                                                pick(rng, std::vector<char>{'1', 'a', ' '})) +
                                        "\n");
            break;
        case 2: {
            std::string bytes;
            for (int k = between(rng, 1, 16); k > 0; --k) bytes += static_cast<char>(between(rng, 0, 255));
            input.insert(lineStart, bytes + "\n");
            break;
        }
        default:
            input.resize(at);
    }
    return game;
}

// Returns game with a few lines of the classes its text does not settle put in, at line
// starts, the game as it was kept as its settled twin.
FuzzCase withUnsettled(std::mt19937 &rng, FuzzCase game, const std::vector<std::string> &lines) {
    game.settledInput = game.input;
    for (int k = between(rng, 1, 3); k > 0; --k) {
        std::vector<std::size_t> starts = {0};
        for (std::size_t at = game.input.find('\n'); at != std::string::npos; at = game.input.find('\n', at + 1))
            if (at + 1 < game.input.size()) starts.push_back(at + 1);
        game.input.insert(pick(rng, starts), pick(rng, lines) + "\n");
    }
    return game;
}

// Half the time a game with lines its text does not settle, else a damaged game.
FuzzCase boxesMalformed(std::mt19937 &rng) {
    if (between(rng, 0, 1) == 0) return damaged(rng, boxesGame(rng));
    return withUnsettled(rng, boxesGame(rng), {oddLine(rng, kBoxesLines, false), oddLine(rng, kBoxesLines, false)});
}
FuzzCase dotscomputerMalformed(std::mt19937 &rng) {
    if (between(rng, 0, 1) == 0) return damaged(rng, dotscomputerGame(rng));
    return withUnsettled(rng, dotscomputerGame(rng),
                         {oddLine(rng, kDotscomputerSizes, false), oddLine(rng, kDotscomputerMoves, false)});
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
