#include "assignment.h"

#include <algorithm>
#include <cctype>

#include <stdexcept>

namespace dotslab::grader {
namespace {

std::string pick(std::mt19937 &rng, const std::vector<std::string> &from) {
    return from[rng() % from.size()];
}

int between(std::mt19937 &rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// Whitespace-separated tokens: mostly moves in range, some out of range or malformed,
// sometimes cut short before the game ends (end of input).
std::string tokenGame(std::mt19937 &rng, int lines) {
    const std::vector<std::string> junk = {"abc", "3.5", "99999999999", "+7", "-0",
                                           "x1",  "0",   "-3",          "+",  "1e1"};
    const std::vector<std::string> gaps = {" ", "\n", "\r\n", "\t", "\n\n"};
    std::string input;
    int tokens = between(rng, 3, 4 * lines);
    for (int i = 0; i < tokens; ++i) {
        input += between(rng, 0, 9) < 8 ? std::to_string(between(rng, 1, lines)) : pick(rng, junk);
        input += pick(rng, gaps);
    }
    return input;
}

FuzzCase dotsboxesCase(std::mt19937 &rng) { return {{}, tokenGame(rng, 16)}; }
FuzzCase dotstrianglesCase(std::mt19937 &rng) { return {{}, tokenGame(rng, 12)}; }

FuzzCase eightCase(std::mt19937 &rng) {
    std::string input;
    for (int i = between(rng, 0, 8); i > 0; --i)
        input += pick(rng, {"1", "2", "3", "1", "2", "3", "4", "0", "x", "2.5"}) + "\n";
    return {{}, input};
}

FuzzCase boxesCase(std::mt19937 &rng) {
    int h = between(rng, 2, 4), w = between(rng, 2, 4), players = between(rng, 2, 4);
    std::string input;
    for (int i = between(rng, 0, 3 * (h * (2 * w + 1) + w)); i > 0; --i) {
        int kind = between(rng, 0, 19);
        if (kind == 0)
            input += pick(rng, {"", " 0 0 h", "0 0 h ", "00 0 h", "0 0 x", "w", "hello"});
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

FuzzCase dotscomputerCase(std::mt19937 &rng) {
    int n = between(rng, 2, 5);
    std::string input = pick(rng, {"", "x\n", "9\n", " "}) + std::to_string(n) + "\n";
    for (int i = between(rng, 0, 4 * n * (n + 1)); i > 0; --i) {
        auto dot = [&] {
            return std::string(1, static_cast<char>('a' + between(rng, 0, n))) +
                   std::to_string(between(rng, 1, n + 1));
        };
        input += between(rng, 0, 15) == 0 ? pick(rng, {"q", "A1 A2", "", "zz"}) : dot() + " " + dot();
        input += "\n";
    }
    if (between(rng, 0, 3) == 0) input += "Q\n";
    return {{}, input};
}

const std::vector<Assignment> &all() {
    static const std::vector<Assignment> assignments = [] {
        const std::map<std::string, double> packedRubric = {
            {"build", 10},       {"warnings", 5}, {"rules", 15}, {"functions", 30},
            {"transcripts", 15}, {"tests", 5},    {"fuzz", 20}};
        const std::map<std::string, double> programRubric = {
            {"build", 10}, {"warnings", 5}, {"transcripts", 35}, {"tests", 10}, {"fuzz", 40}};
        std::vector<Assignment> list(5);
        list[0].name = "dotsboxes";
        list[0].functions = mandatedFunctions(PackedGame::Kind::kDotsboxes);
        list[0].packedEncoding = true;
        list[0].noGlobals = true;
        list[0].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        list[0].cxxFlags = "-std=c++11 -Wall -Wextra -pedantic";  // as dotsboxes.md and dotstriangles.md say
        list[0].randomCase = dotsboxesCase;
        list[0].rubric = packedRubric;

        list[1] = list[0];
        list[1].name = "dotstriangles";
        list[1].functions = mandatedFunctions(PackedGame::Kind::kDotstriangles);
        list[1].noArraysNoLibrary = true;
        list[1].randomCase = dotstrianglesCase;

        list[2].name = "boxes";
        list[2].compareStandardError = true;
        list[2].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++", ".c"};
        list[2].randomCase = boxesCase;
        list[2].rubric = programRubric;

        list[3].name = "dotscomputer";
        list[3].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        list[3].randomCase = dotscomputerCase;
        list[3].rubric = programRubric;

        list[4].name = "eight";
        list[4].sourceExtensions = {".cpp", ".cc", ".cxx", ".c++"};
        list[4].randomCase = eightCase;
        list[4].rubric = programRubric;
        return list;
    }();
    return assignments;
}

}  // namespace

bool Assignment::isSource(const std::filesystem::path &path) const {
    std::string extension = path.extension().string();
    if (extension == ".C") extension = ".cpp";
    for (char &c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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
