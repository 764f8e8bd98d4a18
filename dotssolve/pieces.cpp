#include "pieces.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>

#include "solver/solver.h"

namespace dotslab {
namespace {

constexpr int kHexDigits = 16;  // a LineSet in an id

// Returns the processor time this process has used, every thread, in seconds.
double cpuSecondsSoFar() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

int popcount(LineSet lines) { return __builtin_popcountll(lines); }

}  // namespace

PieceBoard::PieceBoard(int height, int width)
    : grid_(height, width), graph_(rectangleBoard(height, width)), symmetry_(graph_) {}

PieceBoard PieceBoard::ofId(const std::string &id) {
    int h = 0, w = 0, used = 0;
    if (std::sscanf(id.c_str(), "rect-%dx%d-%n", &h, &w, &used) != 2 || used == 0 || h < 1 || w < 1 ||
        (h + 1) * w + h * (w + 1) > BoardGraph::kMaxLines)
        throw std::runtime_error("not a piece id: '" + id + "' (rect-HxW-LINES)");
    return PieceBoard(h, w);
}

std::string PieceBoard::idPrefix() const {
    return "rect-" + std::to_string(height()) + "x" + std::to_string(width()) + "-";
}

std::string PieceBoard::idOf(LineSet lines) const {
    char hex[kHexDigits + 1];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(canonical(lines)));
    return idPrefix() + hex;
}

LineSet PieceBoard::linesOf(const std::string &id) const {
    const std::string prefix = idPrefix();
    const std::string hex = id.rfind(prefix, 0) == 0 ? id.substr(prefix.size()) : "";
    if (hex.size() != kHexDigits || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
        throw std::runtime_error("not a piece id of the " + std::to_string(height()) + " x " +
                                 std::to_string(width()) + " board: '" + id + "'");
    const LineSet lines = std::stoull(hex, nullptr, 16);
    if ((lines & ~graph_.allLines()) != 0 || lines == graph_.allLines() || canonical(lines) != lines)
        throw std::runtime_error("not a piece (lines beyond the board, a full board, or not canonical): '" +
                                 id + "'");
    return lines;
}

std::string PieceBoard::movesOf(LineSet lines) const {
    std::string moves;
    for (int e = 0; e < grid_.edgeCount(); ++e)
        if (lines & lineBit(e))
            moves += (moves.empty() ? "" : ",") + std::to_string(grid_.edgeRow(e)) + " " +
                     std::to_string(grid_.edgeCol(e)) + (grid_.isHorizontal(e) ? " h" : " v");
    return moves;
}

std::vector<std::string> planPieces(const PieceBoard &board, LineSet from, int depth) {
    const BoardGraph &graph = board.graph();
    if (depth < popcount(from) || depth >= graph.lineCount())
        throw std::runtime_error("the depth must be from " + std::to_string(popcount(from)) + " to " +
                                 std::to_string(graph.lineCount() - 1));
    // Every set of depth lines is reached by some order of moves, so the pieces are the
    // classes of the supersets of from with depth lines: added in ascending order.
    std::set<LineSet> pieces;
    std::function<void(LineSet, int)> extend = [&](LineSet lines, int next) {
        if (popcount(lines) == depth) {
            pieces.insert(board.canonical(lines));
            return;
        }
        for (int l = next; l < graph.lineCount(); ++l)
            if (!(lines & lineBit(l))) extend(lines | lineBit(l), l + 1);
    };
    extend(from, 0);
    std::vector<std::string> ids;
    for (LineSet lines : pieces) ids.push_back(board.idOf(lines));
    return ids;
}

SolveReport solvePieces(const std::vector<std::string> &ids, const std::string &directory,
                        const PieceSettings &settings, std::ostream &log) {
    SolveReport report;
    if (ids.empty()) return report;
    struct stat info;
    if (stat(directory.c_str(), &info) != 0 && mkdir(directory.c_str(), 0777) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot make the results directory '" + directory + "'");
    const PieceBoard board = PieceBoard::ofId(ids.front());
    for (const std::string &id : ids) board.linesOf(id);  // every id checked before any work
    std::unique_ptr<Solver> solver;  // made at the first piece to solve: its table is big
    for (const std::string &id : ids) {
        std::string error;
        if (readPieceResult(directory, id, &error)) {
            ++report.skipped;
            log << id << ": solved already\n";
            continue;
        }
        if (!error.empty()) {
            ++report.replaced;
            log << id << ": solving again, the file there is not a whole piece file (" << error << ")\n";
        }
        if (!solver)
            solver =
                std::make_unique<Solver>(board.graph(), ExtraTurnRule::kUnlimited, solverOptionsFor(settings.threads, settings.memoryMegabytes));
        const LineSet lines = board.linesOf(id);
        const std::uint64_t nodesBefore = solver->nodes();
        const double cpuBefore = cpuSecondsSoFar();
        const auto start = std::chrono::steady_clock::now();
        PieceResult result;
        result.id = id;
        result.moves = board.movesOf(lines);
        result.value = solver->value({lines, false});
        result.nodes = solver->nodes() - nodesBefore;
        result.cpuSeconds = cpuSecondsSoFar() - cpuBefore;
        result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!writePieceResult(directory, result))
            throw std::runtime_error("cannot write " + pieceFilePath(directory, id));
        ++report.solved;
        log << id << ": value " << result.value << ", " << result.nodes << " positions, "
            << result.wallSeconds << " s\n";
    }
    return report;
}

MergeReport mergePieces(const std::vector<std::string> &plan, const std::string &directory) {
    MergeReport report;
    if (plan.empty()) throw std::runtime_error("an empty plan");
    const PieceBoard board = PieceBoard::ofId(plan.front());
    const BoardGraph &graph = board.graph();
    std::map<LineSet, std::optional<int>> pieces;  // canonical lines -> the value, if solved
    int deepest = 0;
    for (const std::string &id : plan) {
        const LineSet lines = board.linesOf(id);
        if (pieces.count(lines)) continue;
        deepest = std::max(deepest, popcount(lines));
        std::string error;
        std::optional<PieceResult> result = readPieceResult(directory, id, &error);
        pieces[lines] = std::nullopt;
        if (!error.empty()) report.unreadable.push_back(error);
        if (!result) continue;
        pieces[lines] = result->value;
        ++report.found;
        report.nodes += result->nodes;
        report.cpuSeconds += result->cpuSeconds;
        report.wallSeconds += result->wallSeconds;
        if (result->nodes >= report.largest.nodes) report.largest = *result;
    }
    report.planned = static_cast<int>(pieces.size());

    // Negamax over the tree above the pieces; a position's value is the same under every
    // symmetry, so positions are remembered by their canonical lines.
    std::map<LineSet, std::optional<int>> known;
    std::set<LineSet> missing;
    std::function<std::optional<int>(LineSet)> valueOf = [&](LineSet lines) -> std::optional<int> {
        const LineSet key = board.canonical(lines);
        if (auto piece = pieces.find(key); piece != pieces.end()) {
            if (!piece->second) missing.insert(key);
            return piece->second;
        }
        if (auto seen = known.find(key); seen != known.end()) return seen->second;
        if (popcount(lines) >= deepest)
            throw std::runtime_error("the plan does not cover the position " + board.idOf(lines) +
                                     " (moves " + board.movesOf(lines) + ")");
        std::optional<int> best;
        bool whole = true;
        for (int l = 0; l < graph.lineCount(); ++l) {
            if (lines & lineBit(l)) continue;
            const int closes = graph.cellsClosedBy(lines, l);
            const LineSet after = lines | lineBit(l);
            std::optional<int> child = after == graph.allLines() ? std::optional<int>(0) : valueOf(after);
            if (!child) {
                whole = false;  // the other moves still run: every missing piece is listed
                continue;
            }
            const int v = closes > 0 ? closes + *child : -*child;
            if (!best || v > *best) best = v;
        }
        return known[key] = whole ? best : std::nullopt;
    };
    const std::optional<int> root = valueOf(0);
    for (LineSet lines : missing) report.missing.push_back(board.idOf(lines));
    report.complete = root.has_value();
    if (!report.complete) return report;
    report.value = *root;
    std::set<LineSet> classes;
    for (int l = 0; l < graph.lineCount() && !pieces.count(0); ++l) {  // (a plan of the root alone: none)
        const LineSet after = lineBit(l);
        if (!classes.insert(board.canonical(after)).second) continue;
        const int closes = graph.cellsClosedBy(0, l);
        const std::optional<int> child = after == graph.allLines() ? std::optional<int>(0) : valueOf(after);
        assert(child);
        report.firstMoves.push_back({board.movesOf(after), closes > 0 ? closes + *child : -*child});
    }
    return report;
}

}  // namespace dotslab
