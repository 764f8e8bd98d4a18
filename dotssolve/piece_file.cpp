#include "piece_file.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "files/atomic_file.h"

namespace dotslab {
namespace {

constexpr const char *kKeys[] = {"dotssolve-piece", "id",          "moves",        "value",
                                 "nodes",           "cpu_seconds", "wall_seconds", "end"};
constexpr int kKeyCount = sizeof kKeys / sizeof kKeys[0];

// Returns true if all of text is a number read into *out.
template <typename T>
bool parseNumber(const std::string &text, T *out) {
    std::istringstream in(text);
    in >> *out;
    return !text.empty() && !in.fail() && in.peek() == std::char_traits<char>::eof();
}

}  // namespace

std::string formatPieceResult(const PieceResult &result) {
    std::ostringstream out;
    out.precision(3);
    out << std::fixed << "dotssolve-piece 1\nid " << result.id << "\nmoves " << result.moves << "\nvalue "
        << result.value << "\nnodes " << result.nodes << "\ncpu_seconds " << result.cpuSeconds
        << "\nwall_seconds " << result.wallSeconds << "\nend\n";
    return out.str();
}

bool parsePieceResult(const std::string &text, PieceResult *result, std::string *error) {
    std::vector<std::string> values;
    std::istringstream in(text);
    std::string line;
    for (int k = 0; k < kKeyCount; ++k) {
        const std::string key = kKeys[k];
        if (!std::getline(in, line) || in.eof()) {  // every line, the last included, ends in a newline
            *error = "cut short before '" + key + "'";
            return false;
        }
        if (line.rfind(key, 0) != 0 || (line.size() > key.size() && line[key.size()] != ' ')) {
            *error = "expected '" + key + "', found '" + line + "'";
            return false;
        }
        values.push_back(line.size() > key.size() ? line.substr(key.size() + 1) : "");
    }
    if (in.peek() != std::char_traits<char>::eof()) {
        *error = "text after 'end'";
        return false;
    }
    result->id = values[1];
    result->moves = values[2];
    if (values[0] != "1") {
        *error = "unknown format version '" + values[0] + "'";
        return false;
    }
    if (!parseNumber(values[3], &result->value) || !parseNumber(values[4], &result->nodes) ||
        !parseNumber(values[5], &result->cpuSeconds) || !parseNumber(values[6], &result->wallSeconds) ||
        !values[7].empty()) {
        *error = "a value, count or time that is not a number";
        return false;
    }
    return true;
}

std::string pieceFilePath(const std::string &directory, const std::string &id) {
    return directory + "/" + id + ".piece";
}

std::optional<PieceResult> readPieceResult(const std::string &directory, const std::string &id,
                                           std::string *error) {
    error->clear();
    std::ifstream file(pieceFilePath(directory, id), std::ios::binary);
    if (!file) return std::nullopt;
    std::ostringstream text;
    text << file.rdbuf();
    PieceResult result;
    if (parsePieceResult(text.str(), &result, error) && result.id != id)
        *error = "the file holds piece '" + result.id + "'";
    if (!error->empty()) {
        *error = pieceFilePath(directory, id) + ": " + *error;
        return std::nullopt;
    }
    return result;
}

bool writePieceResult(const std::string &directory, const PieceResult &result) {
    return writeFileAtomically(pieceFilePath(directory, result.id), formatPieceResult(result));
}

}  // namespace dotslab
