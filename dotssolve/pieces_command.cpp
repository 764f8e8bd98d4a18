#include "pieces_command.h"

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "pieces.h"

namespace dotslab {
namespace {

// Returns the ids of a plan file ("-": standard input): one a line, blank lines and
// lines starting with '#' skipped.
std::vector<std::string> readPlan(const std::string &path) {
    std::ifstream file;
    if (path != "-") {
        file.open(path);
        if (!file) throw std::runtime_error("cannot read the plan '" + path + "'");
    }
    std::istream &in = path == "-" ? std::cin : file;
    std::vector<std::string> ids;
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        ids.push_back(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
    }
    return ids;
}

int plan(const std::vector<std::string> &board, const std::string &split, int depth) {
    if (split.empty() == board.empty()) throw std::runtime_error("plan takes either rect H W or --split ID");
    if (!split.empty()) {
        const PieceBoard pieces = PieceBoard::ofId(split);
        for (const std::string &id : planPieces(pieces, pieces.linesOf(split), depth))
            std::cout << id << "\n";
        return 0;
    }
    if (board.size() != 3 || board[0] != "rect") throw std::runtime_error("plan takes rect H W");
    const PieceBoard pieces(std::stoi(board[1]), std::stoi(board[2]));
    for (const std::string &id : planPieces(pieces, 0, depth)) std::cout << id << "\n";
    return 0;
}

int merge(const std::string &planPath, const std::string &results, bool missingOnly, bool json) {
    const MergeReport report = mergePieces(readPlan(planPath), results);
    for (const std::string &why : report.unreadable)
        std::cerr << "dotssolve: not a whole piece file: " << why << "\n";
    if (missingOnly) {
        for (const std::string &id : report.missing) std::cout << id << "\n";
        return 0;
    }
    if (json) {
        nlohmann::json out = {{"planned", report.planned},         {"solved", report.found},
                              {"missing", report.missing},         {"complete", report.complete},
                              {"positions", report.nodes},         {"cpu_seconds", report.cpuSeconds},
                              {"wall_seconds", report.wallSeconds}};
        if (report.complete) {
            out["value"] = report.value;
            out["first_moves"] = nlohmann::json::object();
            for (const auto &move : report.firstMoves) out["first_moves"][move.move] = move.value;
        }
        std::cout << out.dump(2) << "\n";
        return report.complete ? 0 : 3;
    }
    std::cout << "Pieces: " << report.planned << " planned, " << report.found << " solved";
    if (!report.missing.empty()) std::cout << "; " << report.missing.size() << " needed and missing";
    std::cout << ".\n";
    std::cout << "Positions searched: " << report.nodes << " in " << report.cpuSeconds
              << " s of processor time (" << report.wallSeconds
              << " s wall, the pieces one after another).\n";
    if (report.found > 0)
        std::cout << "Largest piece: " << report.largest.id << " (" << report.largest.moves
                  << "): " << report.largest.nodes << " positions, " << report.largest.wallSeconds << " s.\n";
    if (!report.complete) {
        std::cout << "Missing (solve them, then merge again):\n";
        for (const std::string &id : report.missing) std::cout << id << "\n";
        return 3;
    }
    const int v = report.value;
    std::cout << "Value: " << (v > 0 ? "+" : "") << v << " for Player 1, who moves first: "
              << (v == 0  ? "a draw"
                  : v > 0 ? "Player 1 wins"
                          : "Player 2 wins")
              << ".\n";
    if (!report.firstMoves.empty()) {
        std::cout << "First moves (one per class under the symmetries), worth to Player 1:";
        for (std::size_t i = 0; i < report.firstMoves.size(); ++i)
            std::cout << (i ? ", " : " ") << report.firstMoves[i].move << ": " << report.firstMoves[i].value;
        std::cout << "\n";
    }
    return 0;
}

}  // namespace

int runPiecesCommand(int argc, char **argv) {
    CLI::App app{"dotssolve pieces: solve a board in pieces that run apart, then merge them",
                 "dotssolve pieces"};
    app.require_subcommand(1);

    CLI::App *planCommand = app.add_subcommand("plan", "print the job list: one piece id a line");
    std::vector<std::string> board;
    std::string split;
    int depth = 2;
    planCommand->add_option("board", board, "rect H W");
    planCommand->add_option("--depth", depth, "lines in each piece (default 2)")->check(CLI::Range(0, 63));
    planCommand->add_option("--split", split, "the pieces that replace this piece, --depth lines deep");

    CLI::App *solveCommand =
        app.add_subcommand("solve", "solve the pieces not solved yet, one after another");
    std::vector<std::string> ids;
    std::string results, planPath;
    PieceSettings settings;
    solveCommand->add_option("ids", ids, "piece ids");
    solveCommand->add_option("--results", results, "the directory of results files")->required();
    solveCommand->add_option("--plan", planPath,
                             "also solve the pieces of this plan file ('-': standard input)");
    solveCommand->add_option("--threads", settings.threads, "threads that search together (default 1)")
        ->check(CLI::Range(1, 64));
    solveCommand
        ->add_option("--memory", settings.memoryMegabytes, "MB for the table (default: sized to the board)")
        ->check(CLI::Range(1, 1 << 20));

    CLI::App *mergeCommand =
        app.add_subcommand("merge", "the value from the results, or which pieces are missing");
    bool missingOnly = false, json = false;
    mergeCommand->add_option("--results", results, "the directory of results files")->required();
    mergeCommand->add_option("--plan", planPath, "the plan file ('-': standard input)")->required();
    mergeCommand->add_flag("--missing", missingOnly, "print only the missing piece ids: a job list");
    mergeCommand->add_flag("--json", json, "print JSON");
    return runCommand(app, argc, argv, "dotssolve pieces", [&] {
        if (*planCommand) return plan(board, split, depth);
        if (*solveCommand) {
            if (!planPath.empty())
                for (const std::string &id : readPlan(planPath)) ids.push_back(id);
            if (ids.empty()) throw std::runtime_error("no pieces to solve: give ids or --plan");
            solvePieces(ids, results, settings, std::cerr);
            return 0;
        }
        return merge(planPath, results, missingOnly, json);
    });
}

}  // namespace dotslab
