// dotssolve — perfect play for every board in the project: who wins from here, by how
// much, and which moves keep that.
//
//   dotssolve dotsboxes GRID [--player P]
//   dotssolve dotstriangles GRID [--player P] [--extra]
//   dotssolve rect H W [--moves "R C h,R C v,..."]
//   dotssolve rect N N ... --hint       (N <= 4: dotscomputer --level perfect's move)
//   ... [--json] [--value-only] [--threads N] [--memory MB]
//   dotssolve book make|check ...   (book_command.h: dotscomputer's opening books)
//   dotssolve pieces plan|solve|merge ...   (a board solved in pieces: pieces_command.h)
//
// GRID is the 18-digit number the programs use. For rect, the moves (in the boxes
// notation) are played from the empty board by players 1 and 2, with extra turns.
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "board/cruciform.h"
#include "board/hexagon.h"
#include "board/rectangle.h"
#include "book_command.h"
#include "command_line.h"
#include "opening_book.h"
#include "packed/packed_digits.h"
#include "packed/packed_games.h"
#include "perfect_player.h"
#include "pieces_command.h"
#include "solver/solver.h"

namespace {

using namespace dotslab;

// A position to solve: the board, the rule, who is to move and the score so far.
struct Problem {
    const BoardGraph *graph = nullptr;
    ExtraTurnRule rule = ExtraTurnRule::kUnlimited;
    SolverPosition position;
    int mover = 1;
    int score[3] = {0, 0, 0};            // [1], [2]
    std::vector<std::string> moveNames;  // per line, as the user writes moves
};

std::vector<std::string> positionNames(int lines) {
    std::vector<std::string> names;
    for (int l = 1; l <= lines; ++l) names.push_back(std::to_string(l));
    return names;
}

Problem packedProblem(const PackedGame &game, long long grid, int player, bool extra) {
    if (!game.isValid(grid))
        throw std::runtime_error("not a valid " + std::string(game.name) + " grid: " + std::to_string(grid));
    Problem p;
    p.graph = &game.board;
    p.rule = game.rule;
    p.position = {game.filledLines(grid), extra};
    p.mover = player;
    p.score[1] = game.playerScore(grid, 1);
    p.score[2] = game.playerScore(grid, 2);
    p.moveNames = positionNames(game.lineCount());
    return p;
}

// Returns the edge named "R C h" / "R C v" on grid, or throws.
int edgeNamed(const RectangleGrid &grid, const std::string &text) {
    std::istringstream in(text);
    int r, c;
    char d;
    std::string rest;
    const int edge = (in >> r >> c >> d) && !(in >> rest) ? grid.edgeAt(r, c, d) : -1;
    if (edge < 0)
        throw std::runtime_error("not an edge of the " + std::to_string(grid.height()) + " x " +
                                 std::to_string(grid.width()) + " grid: '" + text + "'");
    return edge;
}

Problem rectangleProblem(const BoardGraph &graph, int height, int width, const std::string &moves) {
    RectangleGrid grid(height, width);
    Problem p;
    p.graph = &graph;
    for (int e = 0; e < grid.edgeCount(); ++e)
        p.moveNames.push_back(std::to_string(grid.edgeRow(e)) + " " + std::to_string(grid.edgeCol(e)) +
                              (grid.isHorizontal(e) ? " h" : " v"));
    std::istringstream list(moves);
    for (std::string move; std::getline(list, move, ',');) {
        if (move.find_first_not_of(' ') == std::string::npos) continue;
        int e = edgeNamed(grid, move);
        if (p.position.lines & lineBit(e)) throw std::runtime_error("edge played twice: '" + move + "'");
        int closed = graph.cellsClosedBy(p.position.lines, e);
        p.position.lines |= lineBit(e);
        p.score[p.mover] += closed;
        p.mover = turnAfter(ExtraTurnRule::kUnlimited, {p.mover, false}, closed, 2).player;
    }
    return p;
}

// How to search: what the command line says beyond the position.
struct SearchSettings {
    bool json = false;
    bool valueOnly = false;  // no per-move analysis: the cheapest way to solve a big board
    int threads = 1;
    int memoryMegabytes = 0;  // 0: sized to the board
    bool hint = false;        // rect N x N, N <= 4: the move dotscomputer --level perfect plays
};

// The move dotscomputer --level perfect plays in a position, and the position's value.
struct Hint {
    dotscomputer::ChosenMove chosen;
    bool fromBook = false;
};

// Returns perfect play's hint for p on a size x size board: from the opening book at once
// where it holds the position (a missing or damaged book is said, then searched), else
// searched.
Hint perfectHint(const Problem &p, int size, Solver &solver) {
    if (size == dotscomputer::kBookBoard) {
        try {
            const dotscomputer::OpeningBook book(dotscomputer::readBook(dotscomputer::bookPath(size)),
                                                 *p.graph);
            if (std::optional<dotscomputer::ChosenMove> stored = book.move(p.position.lines))
                return {*stored, true};
        } catch (const std::exception &e) {
            std::cerr << "dotssolve: " << e.what() << "; the hint is searched\n";
        }
    }
    return {dotscomputer::choosePerfectMove(solver, size, p.position.lines, dotscomputer::KnownValue{}),
            false};
}

int run(const std::string &board, const std::vector<std::string> &args, int player, bool extra,
        const std::string &moves, const SearchSettings &settings) {
    Problem p;
    BoardGraph rectangle({}, {});
    if (board == "dotsboxes" || board == "dotstriangles") {
        if (args.size() != 1) throw std::runtime_error(board + " takes one GRID");
        std::size_t used = 0;
        long long grid = std::stoll(args[0], &used);
        if (used != args[0].size() || grid < 0)
            throw std::runtime_error("GRID must be digits: '" + args[0] + "'");
        p = packedProblem(board == "dotsboxes" ? dotsboxesGame() : dotstrianglesGame(), grid, player,
                          extra && board == "dotstriangles");
    } else if (board == "rect") {
        if (args.size() != 2) throw std::runtime_error("rect takes H W");
        int h = std::stoi(args[0]), w = std::stoi(args[1]);
        if (h < 1 || w < 1 || (h + 1) * w + h * (w + 1) > BoardGraph::kMaxLines)
            throw std::runtime_error("rect boards must have 1 to 64 edges");
        rectangle = rectangleBoard(h, w);
        p = rectangleProblem(rectangle, h, w, moves);
    } else {
        throw std::runtime_error("unknown board '" + board + "' (dotsboxes, dotstriangles or rect)");
    }
    if (p.position.lines == p.graph->allLines())
        throw std::runtime_error("the game is over: nothing to solve");
    const int size = board == "rect" ? std::stoi(args[0]) : 0;
    const bool square = board == "rect" && std::stoi(args[1]) == size;
    if (settings.hint && (!square || size > dotscomputer::kLargestPerfectBoard))
        throw std::runtime_error(
            "--hint is for the boards of dotscomputer --level perfect: rect N N, N up to " +
            std::to_string(dotscomputer::kLargestPerfectBoard));

    SolverOptions options = solverOptionsFor(settings.threads, settings.memoryMegabytes);
    Solver solver(*p.graph, p.rule, options);
    std::optional<Hint> hint;
    if (settings.hint) hint = perfectHint(p, size, solver);
    const int best = hint ? hint->chosen.value : solver.value(p.position);
    // Returns the names of the moves that keep the value: one search per move, the slow part.
    auto optimalMoves = [&] {
        std::vector<std::string> names;
        for (int line : solver.optimalMoves(p.position)) names.push_back(p.moveNames[line]);
        return names;
    };
    int remaining = 0;
    for (int c = 0; c < p.graph->cellCount(); ++c)
        remaining += (p.graph->linesOfCell(c) & ~p.position.lines) != 0;
    const int other = 3 - p.mover;
    const int moverFinal = p.score[p.mover] + (remaining + best) / 2,
              otherFinal = p.score[other] + (remaining - best) / 2;

    if (settings.json) {
        nlohmann::json out = {{"board", board},
                              {"player_to_move", p.mover},
                              {"value", best},
                              {"final_score",
                               {{"player1", p.mover == 1 ? moverFinal : otherFinal},
                                {"player2", p.mover == 2 ? moverFinal : otherFinal}}}};
        if (hint) {
            out["hint"] = p.moveNames[hint->chosen.line];
            out["hint_from_book"] = hint->fromBook;
        }
        if (!settings.valueOnly) {
            out["optimal_moves"] = optimalMoves();
            out["move_values"] = nlohmann::json::object();
            for (const MoveValue &mv : solver.moveValues(p.position))
                out["move_values"][p.moveNames[mv.line]] = mv.value;
        }
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "Player " << p.mover << " to move; score so far " << p.score[1] << "-" << p.score[2] << "; "
              << remaining << " cells left.\n";
    std::cout << "Value: " << (best > 0 ? "+" : "") << best << " (Player " << p.mover << " takes "
              << (best >= 0 ? best : -best) << (best >= 0 ? " more" : " fewer")
              << " of the remaining cells than Player " << other << ")\n";
    const int final1 = p.mover == 1 ? moverFinal : otherFinal,
              final2 = p.mover == 2 ? moverFinal : otherFinal;
    std::cout << "Perfect play ends " << final1 << "-" << final2 << ": "
              << (final1 == final2  ? "a draw"
                  : final1 > final2 ? "Player 1 wins"
                                    : "Player 2 wins")
              << ".\n";
    if (hint)
        std::cout << "Hint: " << p.moveNames[hint->chosen.line] << " (dotscomputer --level perfect's move, "
                  << (hint->fromBook ? "from its opening book" : "searched") << ")\n";
    if (settings.valueOnly) return 0;
    std::cout << std::flush;  // the value (and hint) now: the moves that keep it may take long
    const std::vector<std::string> optimal = optimalMoves();
    std::cout << "Optimal moves:";
    for (std::size_t i = 0; i < optimal.size(); ++i) std::cout << (i ? ", " : " ") << optimal[i];
    std::cout << "\n";
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc >= 2 && std::string(argv[1]) == "book") return dotslab::runBookCommand(argc - 1, argv + 1);
    if (argc > 1 && std::string(argv[1]) == "pieces") return dotslab::runPiecesCommand(argc - 1, argv + 1);
    CLI::App app{"dotssolve: perfect play for dotsboxes, dotstriangles and rectangular boards"};
    app.set_version_flag("--version", "dotssolve " DOTSLAB_VERSION);
    std::string board, moves;
    std::vector<std::string> args;
    int player = 1;
    bool extra = false;
    SearchSettings settings;
    app.footer(
        "Also:\n"
        "  dotssolve pieces plan|solve|merge ...  a board solved in pieces, resumably (pieces --help)\n"
        "  dotssolve book make|check ...          dotscomputer's opening books (book --help)");
    app.add_option("board", board, "dotsboxes, dotstriangles or rect")->required();
    app.add_option("args", args, "GRID (the 18-digit number), or H W for rect")->required();
    app.add_option("--player", player, "who is to move (default 1)")->check(CLI::Range(1, 2));
    app.add_flag("--extra", extra, "dotstriangles: the mover is already on an extra turn");
    app.add_option("--moves", moves, "rect: moves from the empty board, e.g. \"0 0 h,1 2 v\"");
    app.add_flag("--json", settings.json, "print JSON");
    app.add_flag("--value-only", settings.valueOnly,
                 "the value and final score only, not which moves keep it");
    app.add_flag("--hint", settings.hint,
                 "rect N N (N up to 4): the move dotscomputer --level perfect plays, at once where its "
                 "opening book holds the position (with --value-only, nothing else is searched)");
    app.add_option("--threads", settings.threads, "threads that search together (default 1)")
        ->check(CLI::Range(1, 64));
    app.add_option("--memory", settings.memoryMegabytes, "MB for the table (default: sized to the board)")
        ->check(CLI::Range(1, 1 << 20));
    return dotslab::runCommand(app, argc, argv, "dotssolve",
                               [&] { return run(board, args, player, extra, moves, settings); });
}
