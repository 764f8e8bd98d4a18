// Solving in pieces (dotssolve/pieces.h) against the whole-board search: piece ids, the
// results file, plans that cover the tree, the merge's value and first moves on small
// boards, a run stopped and resumed (with a cut-short and a foreign results file), a
// split piece, and the whole path as programs under GNU parallel.
#define BOOST_TEST_MODULE pieces
#include <algorithm>
#include <array>
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <map>
#include <sstream>

#include "files/files.h"
#include "pieces.h"
#include "process/process_runner.h"
#include "solver/solver.h"

using namespace dotslab;

namespace {

// Returns the first player's value of each first move of the empty board, keyed like
// MergeReport::firstMoves, from the whole-board search.
std::map<std::string, int> firstMoveValues(const PieceBoard &board) {
    Solver solver(board.graph(), ExtraTurnRule::kUnlimited);
    std::map<std::string, int> values;
    for (const MoveValue &mv : solver.moveValues({0, false}))
        values[board.movesOf(lineBit(mv.line))] = mv.value;
    return values;
}

// Checks a complete merge against the whole-board search.
void checkMerge(const PieceBoard &board, const MergeReport &report) {
    BOOST_TEST_REQUIRE(report.complete);
    BOOST_TEST(report.missing.empty());
    Solver solver(board.graph(), ExtraTurnRule::kUnlimited);
    BOOST_TEST(report.value == solver.value({0, false}));
    const std::map<std::string, int> want = firstMoveValues(board);
    BOOST_TEST(!report.firstMoves.empty());
    for (const auto &move : report.firstMoves) BOOST_TEST(move.value == want.at(move.move), move.move);
}

std::ostringstream quiet;

}  // namespace

BOOST_AUTO_TEST_CASE(piece_ids_name_canonical_positions) {
    const PieceBoard board(2, 3);
    const LineSet corner = lineBit(0);  // 0 0 h
    BOOST_TEST(board.idOf(corner) == "rect-2x3-0000000000000001");
    BOOST_TEST(board.linesOf(board.idOf(corner)) == corner);
    // The mirror image of a line is the same piece.
    LineSet mirrored = 0;
    for (int l = 0; l < board.graph().lineCount(); ++l)
        if (board.movesOf(lineBit(l)) == "0 2 h") mirrored = lineBit(l);
    BOOST_TEST(board.idOf(mirrored) == board.idOf(corner));
    BOOST_TEST(board.movesOf(corner | lineBit(3)) == "0 0 h,0 0 v");
    BOOST_TEST(PieceBoard::ofId("rect-2x3-0000000000000001").width() == 3);
    BOOST_CHECK_THROW(board.linesOf(board.idPrefix() + "0000000000000004"),
                      std::runtime_error);  // 0 2 h: not canonical
    BOOST_CHECK_THROW(board.linesOf("rect-3x2-0000000000000001"), std::runtime_error);  // another board
    BOOST_CHECK_THROW(board.linesOf("rect-2x3-1"), std::runtime_error);
    BOOST_CHECK_THROW(board.linesOf("rect-2x3-00000000000000FF"), std::runtime_error);  // lower-case hex only
    BOOST_CHECK_THROW(board.linesOf(board.idOf(board.graph().allLines())), std::runtime_error);
    BOOST_CHECK_THROW(PieceBoard::ofId("square-2x3-0000000000000001"), std::runtime_error);
    BOOST_CHECK_THROW(PieceBoard::ofId("rect-9x9-0000000000000001"), std::runtime_error);  // over 64 lines
}

BOOST_AUTO_TEST_CASE(piece_files_are_whole_or_rejected) {
    PieceResult result;
    result.id = "rect-2x3-0000000000000001";
    result.moves = "0 0 h";
    result.value = -2;
    result.nodes = 1234;
    result.cpuSeconds = 0.5;
    result.wallSeconds = 0.25;
    const std::string text = formatPieceResult(result);
    PieceResult back;
    std::string error;
    BOOST_TEST_REQUIRE(parsePieceResult(text, &back, &error), error);
    BOOST_TEST(back.id == result.id);
    BOOST_TEST(back.moves == result.moves);
    BOOST_TEST(back.value == -2);
    BOOST_TEST(back.nodes == 1234u);
    BOOST_TEST(back.cpuSeconds == 0.5);
    // Every cut of the file is rejected, so a half-written file never counts.
    for (std::size_t n = 0; n < text.size(); ++n)
        BOOST_TEST(!parsePieceResult(text.substr(0, n), &back, &error), n);
    BOOST_TEST(!parsePieceResult(text + "more\n", &back, &error));
    std::string badValue = text;
    badValue.replace(badValue.find("value -2"), 8, "value x2");
    BOOST_TEST(!parsePieceResult(badValue, &back, &error));
    BOOST_TEST(error.find("not a number") != std::string::npos, error);

    TemporaryDirectory directory("pieces_test");
    BOOST_TEST_REQUIRE(writePieceResult(directory.path(), result));
    std::optional<PieceResult> read = readPieceResult(directory.path(), result.id, &error);
    BOOST_TEST_REQUIRE(read.has_value(), error);
    BOOST_TEST(read->value == -2);
    BOOST_TEST(!readPieceResult(directory.path(), "rect-2x3-0000000000000002", &error));
    BOOST_TEST(error.empty(), "no file is not an error");
    writeFileText(pieceFilePath(directory.path(), "rect-2x3-0000000000000002"),
                  text);  // another piece's result
    BOOST_TEST(!readPieceResult(directory.path(), "rect-2x3-0000000000000002", &error));
    BOOST_TEST(error.find("holds piece 'rect-2x3-0000000000000001'") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(plans_hold_one_piece_per_class) {
    const PieceBoard board(2, 3);  // 17 lines, 4 symmetries
    BOOST_TEST(planPieces(board, 0, 0) == std::vector<std::string>{"rect-2x3-0000000000000000"});
    // Lines of 2 x 3 by symmetry class: the corners' horizontal sides (4) and vertical sides
    // (4), the long sides' middles (2), the inner verticals (4), the centre line's ends (2)
    // and middle (1).
    BOOST_TEST(planPieces(board, 0, 1).size() == 6u);
    const std::vector<std::string> two = planPieces(board, 0, 2);
    BOOST_TEST(std::is_sorted(two.begin(), two.end()));
    BOOST_TEST(two.size() >= 136u / 4);  // C(17, 2) pairs, at most 4 in a class
    BOOST_TEST(two.size() < 136u);
    BOOST_CHECK_THROW(planPieces(board, 0, 17), std::runtime_error);  // the full board: no piece
    BOOST_CHECK_THROW(planPieces(board, lineBit(0) | lineBit(1), 1), std::runtime_error);
    // A split piece's pieces contain it (under some symmetry) and are one line deeper.
    const LineSet piece = board.linesOf(two.front());
    for (const std::string &id : planPieces(board, piece, 3))
        BOOST_TEST(__builtin_popcountll(board.linesOf(id)) == 3);
}

BOOST_AUTO_TEST_CASE(merged_pieces_give_the_whole_board_value) {
    for (auto [height, width, depth] : {std::array{1, 2, 1},
                                        {2, 2, 1},
                                        {2, 2, 3},
                                        {2, 3, 1},
                                        {2, 3, 2},
                                        {3, 3, 1},
                                        {2, 4, 2},
                                        {1, 3, 4},
                                        {1, 2, 5},
                                        {1, 2, 6},
                                        {2, 2, 6}}) {
        BOOST_TEST_CONTEXT(height << " x " << width << " to depth " << depth) {
            const PieceBoard board(height, width);
            TemporaryDirectory directory("pieces_test");
            const std::vector<std::string> plan = planPieces(board, 0, depth);
            const SolveReport solved = solvePieces(plan, directory.path(), {}, quiet);
            BOOST_TEST(solved.solved == static_cast<int>(plan.size()));
            const MergeReport report = mergePieces(plan, directory.path());
            BOOST_TEST(report.planned == static_cast<int>(plan.size()));
            BOOST_TEST(report.found == report.planned);
            BOOST_TEST(report.nodes > 0u);
            checkMerge(board, report);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_stopped_run_resumes_without_losing_pieces) {
    const PieceBoard board(2, 3);
    TemporaryDirectory directory("pieces_test");
    const std::vector<std::string> plan = planPieces(board, 0, 2);
    const std::size_t half = plan.size() / 2;
    const std::vector<std::string> first(plan.begin(), plan.begin() + half),
        rest(plan.begin() + half, plan.end());
    BOOST_TEST(solvePieces(first, directory.path(), {}, quiet).solved == static_cast<int>(half));

    // Stopped there: the merge names exactly the pieces not run.
    MergeReport partial = mergePieces(plan, directory.path());
    BOOST_TEST(!partial.complete);
    BOOST_TEST(partial.found == static_cast<int>(half));
    BOOST_TEST(partial.missing == rest);
    BOOST_TEST(partial.unreadable.empty());

    // A file cut short (a copy interrupted) and an empty one do not count, and say why.
    const std::string cut = formatPieceResult({rest[0], "", 0, 1, 0, 0});
    writeFileText(pieceFilePath(directory.path(), rest[0]), cut.substr(0, cut.size() / 2));
    writeFileText(pieceFilePath(directory.path(), rest[1]), "");
    partial = mergePieces(plan, directory.path());
    BOOST_TEST(partial.missing == rest);
    BOOST_TEST(partial.unreadable.size() == 2u);
    BOOST_TEST(partial.unreadable[0].find(rest[0] + ".piece: cut short") != std::string::npos,
               partial.unreadable[0]);

    // Resumed: the finished pieces are skipped, the broken files solved again.
    std::ostringstream log;
    const SolveReport resumed = solvePieces(plan, directory.path(), {}, log);
    BOOST_TEST(resumed.skipped == static_cast<int>(half));
    BOOST_TEST(resumed.replaced == 2);
    BOOST_TEST(resumed.solved == static_cast<int>(rest.size()));
    BOOST_TEST(log.str().find(first[0] + ": solved already") != std::string::npos, log.str());
    checkMerge(board, mergePieces(plan, directory.path()));
    // Run again, nothing is solved.
    BOOST_TEST(solvePieces(plan, directory.path(), {}, quiet).solved == 0);
}

BOOST_AUTO_TEST_CASE(a_split_piece_is_replaced_by_deeper_pieces) {
    const PieceBoard board(2, 3);
    TemporaryDirectory directory("pieces_test");
    std::vector<std::string> plan = planPieces(board, 0, 1);
    const std::string big = plan.back();
    plan.pop_back();
    for (const std::string &id : planPieces(board, board.linesOf(big), 3)) plan.push_back(id);
    solvePieces(plan, directory.path(), {}, quiet);
    const MergeReport report = mergePieces(plan, directory.path());
    checkMerge(board, report);
    // The plan without the split piece's pieces leaves part of the tree uncovered.
    std::vector<std::string> hole = planPieces(board, 0, 1);
    hole.pop_back();
    BOOST_CHECK_THROW(mergePieces(hole, directory.path()), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(programs_under_gnu_parallel) {
    TemporaryDirectory directory("pieces_test");
    const std::string results = (directory.path() / "results").string(),
                      plan = (directory.path() / "jobs").string();
    const std::string program = DOTSSOLVE_PROGRAM;
    // GNU parallel where it is installed (scripts/packages); xargs, one process a piece, where not.
    const bool haveParallel = std::system("command -v parallel > /dev/null 2>&1") == 0;
    BOOST_TEST_MESSAGE("running the pieces with " << (haveParallel ? "GNU parallel" : "xargs"));
    const std::string runner = haveParallel ? "parallel --will-cite -j2 --halt now,fail=1" : "xargs -n1";
    auto shell = [](const std::string &command) { return runTrusted("/bin/sh", {"-c", command}, "", 60); };

    RunResult planned = shell(program + " pieces plan rect 2 4 --depth 2 > " + plan);
    BOOST_TEST_REQUIRE(planned.status == 0, planned.err);
    const std::string merge = program + " pieces merge --results " + results + " --plan " + plan;
    RunResult none = shell(merge);
    BOOST_TEST(none.status == 3, "nothing solved yet: " << none.ending());
    BOOST_TEST(none.out.find("Missing (solve them, then merge again):\nrect-2x4-") != std::string::npos,
               none.out);

    // Half the job list, then (resumed) the missing pieces as the merge lists them.
    RunResult firstHalf = shell("head -n 10 " + plan + " | " + runner + " " + program +
                                " pieces solve --results " + results + (haveParallel ? " {}" : ""));
    BOOST_TEST_REQUIRE(firstHalf.status == 0, firstHalf.err);
    RunResult missing = shell(merge + " --missing | wc -l");
    const int total = static_cast<int>(planPieces(PieceBoard(2, 4), 0, 2).size());
    BOOST_TEST(std::stoi(missing.out) == total - 10);
    RunResult rest = shell(merge + " --missing | " + runner + " " + program + " pieces solve --results " +
                           results + (haveParallel ? " {}" : ""));
    BOOST_TEST_REQUIRE(rest.status == 0, rest.err);
    RunResult merged = shell(merge);
    BOOST_TEST(merged.status == 0, merged.err);
    BOOST_TEST(merged.out.find("Pieces: " + std::to_string(total) + " planned, " + std::to_string(total) +
                               " solved.\n") == 0,
               merged.out);
    BOOST_TEST(
        merged.out.find("Value: +2 for Player 1, who moves first: Player 1 wins.\n") != std::string::npos,
        merged.out);
    RunResult json = shell(merge + " --json");
    BOOST_TEST(json.out.find("\"value\": 2") != std::string::npos, json.out);

    BOOST_TEST(
        shell(program + " pieces solve --results " + results + " rect-2x4-0000000000000008").status == 1,
        "not canonical");
    BOOST_TEST(shell(program + " pieces solve rect-2x4-0000000000000001").status == 2, "no --results");
    BOOST_TEST(shell(program + " pieces plan rect 2 4 --split rect-2x4-0000000000000001").status == 1,
               "a board and a split");
}
