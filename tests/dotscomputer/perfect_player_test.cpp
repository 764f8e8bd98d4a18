// --level perfect: the computer never gives away value (checked by a separate solver)
// in whole 2 x 2 and 3 x 3 games and late 4 x 4 positions, its choice among optimal moves
// leaves the most losing replies, and the opening book: the same bytes from every
// generation, every entry perfect play's choice, found in every orientation, a stopped
// make resumed, damage refused, and the shipped 4 x 4 book sound; dotssolve --hint.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include <unistd.h>

#include "board/computer_player.h"
#include "board/rectangle.h"
#include "opening_book.h"
#include "perfect_player.h"
#include "process/process_runner.h"

using namespace dotslab;
using namespace dotslab::dotscomputer;

namespace {

// Returns the value for the mover of playing line in lines: the cells it closes and what
// follows, by the checking solver.
int moveValue(Solver &checker, LineSet lines, int line) {
    const int closes = checker.graph().cellsClosedBy(lines, line);
    const LineSet after = lines | lineBit(line);
    const int rest = after == checker.graph().allLines() ? 0 : checker.value({after, false});
    return closes > 0 ? closes + rest : -rest;
}

// Plays a whole n x n game, the human first (random moves from seed, or the four rules),
// the computer with book if given; checks that every computer move keeps the position's
// value; returns the computer moves.
int playCheckedGame(int n, bool fourRuleHuman, unsigned seed, const BookContents *book = nullptr) {
    const BoardGraph board = rectangleBoard(n, n);
    Solver checker(board, ExtraTurnRule::kUnlimited);
    PerfectPlayer computer(n, book ? std::make_unique<OpeningBook>(*book, board) : nullptr, SolverOptions{});
    RectangleGame game(n, n, 2);
    std::mt19937 random(seed);
    int computerMoves = 0;
    while (!game.isOver()) {
        const LineSet lines = filledLines(game);
        int edge;
        if (game.currentPlayer() == 2) {
            edge = computer.choose(game);
            BOOST_TEST(moveValue(checker, lines, edge) == checker.value({lines, false}),
                       n << " x " << n << ": line " << edge << " gives value away in " << lines);
            ++computerMoves;
        } else if (fourRuleHuman) {
            edge = chooseEdge(game);
        } else {
            std::vector<int> open;
            for (int e = 0; e < board.lineCount(); ++e)
                if (!(lines & lineBit(e))) open.push_back(e);
            edge = open[random() % open.size()];
        }
        game.play(edge);
    }
    return computerMoves;
}

// Returns the position after random moves that give no cell a third side, from seed.
LineSet quietPosition(const BoardGraph &board, int moves, unsigned seed) {
    std::mt19937 random(seed);
    LineSet lines = 0;
    for (int k = 0; k < moves; ++k) {
        std::vector<int> quiet;
        for (int e = 0; e < board.lineCount(); ++e) {
            if (lines & lineBit(e)) continue;
            bool third = false;
            for (int c = 0; c < board.cellCount(); ++c)
                if ((board.linesOfCell(c) & lineBit(e)) &&
                    __builtin_popcountll(board.linesOfCell(c) & lines) == 2)
                    third = true;
            if (!third) quiet.push_back(e);
        }
        if (quiet.empty()) break;
        lines |= lineBit(quiet[random() % quiet.size()]);
    }
    return lines;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(perfect_player)

BOOST_AUTO_TEST_CASE(whole_games_never_give_value_away) {
    for (int n : {2, 3})
        for (unsigned seed : {1u, 2u, 3u}) BOOST_TEST(playCheckedGame(n, false, seed) > 0);
    BOOST_TEST(playCheckedGame(3, true, 0) > 0);
}

BOOST_AUTO_TEST_CASE(whole_games_after_a_book_never_give_value_away) {
    // After the book the search starts from the value the book's last move kept.
    const BoardGraph board = rectangleBoard(3, 3);
    Solver solver(board, ExtraTurnRule::kUnlimited);
    const BookContents book = generateBook(
        3, 3, 3, [&](LineSet lines, KnownValue known) { return choosePerfectMove(solver, 3, lines, known); });
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) BOOST_TEST(playCheckedGame(3, false, seed, &book) > 0);
    BOOST_TEST(playCheckedGame(3, true, 0, &book) > 0);
}

BOOST_AUTO_TEST_CASE(a_known_bound_gives_the_same_choice) {
    const BoardGraph board = rectangleBoard(3, 3);
    Solver solver(board, ExtraTurnRule::kUnlimited), checker(board, ExtraTurnRule::kUnlimited);
    for (unsigned seed = 1; seed <= 8; ++seed) {
        const LineSet lines = quietPosition(board, 2 + seed % 5, seed);
        const int value = checker.value({lines, false});
        const ChosenMove free = choosePerfectMove(checker, 3, lines, KnownValue{});
        BOOST_TEST(free.value == value);
        for (int atLeast : {value - 3, value - 2, value - 1, value}) {
            const ChosenMove bounded = choosePerfectMove(solver, 3, lines, KnownValue{atLeast, false});
            BOOST_TEST(bounded.value == value, "seed " << seed << ", bound " << atLeast);
            BOOST_TEST(bounded.line == free.line, "seed " << seed << ", bound " << atLeast);
        }
        const ChosenMove exact = choosePerfectMove(solver, 3, lines, KnownValue{value, true});
        BOOST_TEST(exact.value == value);
        BOOST_TEST(exact.line == free.line, "seed " << seed << ", the exact value known");
    }
}

BOOST_AUTO_TEST_CASE(late_4x4_positions_keep_their_value) {
    const BoardGraph board = rectangleBoard(4, 4);
    Solver solver(board, ExtraTurnRule::kUnlimited), checker(board, ExtraTurnRule::kUnlimited);
    for (unsigned seed : {1u, 2u, 3u, 4u}) {
        const LineSet lines = quietPosition(board, 18, seed);
        const int move = choosePerfectMove(solver, 4, lines, KnownValue{}).line;
        BOOST_TEST(moveValue(checker, lines, move) == checker.value({lines, false}), "seed " << seed);
    }
}

BOOST_AUTO_TEST_CASE(the_choice_leaves_the_most_losing_replies) {
    const BoardGraph board = rectangleBoard(3, 3);
    Solver solver(board, ExtraTurnRule::kUnlimited), checker(board, ExtraTurnRule::kUnlimited);
    int decided = 0;  // positions where the counts differ among the optimal moves
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const LineSet lines = quietPosition(board, 4 + seed % 6, seed);
        const int value = checker.value({lines, false});
        const int chosen = choosePerfectMove(solver, 3, lines, KnownValue{}).line;
        // Count each optimal move's losing replies from the replies' exact values.
        int most = -1, chosenCount = -1, least = 1 << 30;
        for (int move : checker.optimalMoves({lines, false})) {
            int losing = 0;
            const LineSet reply = lines | lineBit(move);
            if (board.cellsClosedBy(lines, move) == 0 && reply != board.allLines()) {
                const int best = checker.value({reply, false});
                for (int r = 0; r < board.lineCount(); ++r)
                    if (!(reply & lineBit(r))) losing += moveValue(checker, reply, r) < best;
            }
            BOOST_TEST(losingReplies(solver, lines, value, move) == losing);
            most = std::max(most, losing), least = std::min(least, losing);
            if (move == chosen) chosenCount = losing;
        }
        BOOST_TEST(chosenCount == most, "seed " << seed);
        decided += least < most;
    }
    BOOST_TEST(decided > 0, "some position tells the rule from any other choice");
}

BOOST_AUTO_TEST_CASE(without_counting_the_rules_pick_among_the_optimal_moves) {
    // Where losing replies are not counted, the lines are tried in the rules' order: the
    // same pick as the rules' tie-break among all the optimal moves.
    const BoardGraph board = rectangleBoard(3, 3);
    Solver solver(board, ExtraTurnRule::kUnlimited), checker(board, ExtraTurnRule::kUnlimited);
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const LineSet lines = quietPosition(board, seed % 8, seed);
        std::vector<std::uint8_t> edges(board.lineCount());
        for (int e = 0; e < board.lineCount(); ++e) edges[e] = (lines & lineBit(e)) != 0;
        const RectangleGame game(3, 3, 2, edges, std::vector<std::uint8_t>(9, 0), 1);
        BOOST_TEST(choosePerfectMove(solver, 3, lines, KnownValue{}, 0).line ==
                       breakTies(game, checker.optimalMoves({lines, false})),
                   "seed " << seed);
    }
}

BOOST_AUTO_TEST_CASE(a_generated_book_is_deterministic_and_perfect) {
    const BoardGraph board = rectangleBoard(3, 3);
    Solver solver(board, ExtraTurnRule::kUnlimited), other(board, ExtraTurnRule::kUnlimited);
    auto choose = [&](LineSet lines, KnownValue known) { return choosePerfectMove(solver, 3, lines, known); };
    const BookContents book = generateBook(3, 3, 5, choose);
    const std::string bytes = bookBytes(book);
    BOOST_TEST(bytes == bookBytes(generateBook(3, 3, 5, choose)), "the same bytes again (warm table)");
    BOOST_TEST(parseBook(bytes).entries == book.entries);
    BOOST_TEST(book.entries.size() > 100u);
    // The first computer positions are there: every human first move, up to symmetry.
    const OpeningBook lookup(book, board);
    const BoardSymmetry symmetry(board);
    for (int first = 0; first < board.lineCount(); ++first)
        BOOST_TEST(lookup.move(lineBit(first)).has_value());
    for (std::uint64_t entry : book.entries) {
        const LineSet lines = entryLines(entry);
        const ChosenMove stored = entryMove(entry);
        const ChosenMove again = choosePerfectMove(other, 3, lines, KnownValue{});
        BOOST_TEST(stored.line == again.line, "entry " << lines);
        BOOST_TEST(stored.value == again.value, "entry " << lines);
        BOOST_TEST(stored.value == other.value({lines, false}), "entry " << lines);
        for (int s = 0; s < symmetry.count(); ++s) {  // each image finds an image of the move
            const LineSet image = symmetry.apply(s, lines);
            const ChosenMove found = *lookup.move(image);
            BOOST_TEST(found.value == stored.value);
            BOOST_TEST(symmetry.canonical(image | lineBit(found.line)) ==
                       symmetry.canonical(lines | lineBit(stored.line)));
        }
    }
    BOOST_TEST(!lookup.move(board.allLines() & ~lineBit(0)).has_value(), "a late position is not in it");
}

BOOST_AUTO_TEST_CASE(a_stopped_book_make_goes_on_where_it_was) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("dotslab-book-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto make = [&](const std::vector<std::string> &extra, const std::string &out) {
        std::vector<std::string> args = {"book", "make", "3", "--depth", "5", "--out", (dir / out).string()};
        args.insert(args.end(), extra.begin(), extra.end());
        return runTrusted(DOTSSOLVE_PROGRAM, args, "", 60);
    };
    auto bytesOf = [&](const std::string &name) {
        std::ifstream in(dir / name, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string log = (dir / "progress.log").string();
    BOOST_TEST(make({}, "plain.bin").status == 0);
    BOOST_TEST(make({"--progress", log}, "logged.bin").status == 0);
    BOOST_TEST(bytesOf("logged.bin") == bytesOf("plain.bin"));
    // Stopped in the middle of a line: the whole lines are kept, the cut one solved again.
    const std::string whole = bytesOf("progress.log");
    std::ofstream(log, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() / 2 + 3);
    const RunResult resumed = make({"--progress", log}, "resumed.bin");
    BOOST_TEST(resumed.status == 0, resumed.err);
    BOOST_TEST(bytesOf("resumed.bin") == bytesOf("plain.bin"));
    const RunResult again = make({"--progress", log}, "again.bin");
    BOOST_TEST(again.out.find(" s, 0 nodes") != std::string::npos, "every position known: " << again.out);
    BOOST_TEST(bytesOf("again.bin") == bytesOf("plain.bin"));
    // A shallower book's positions need no search, and change nothing.
    BOOST_TEST(runTrusted(DOTSSOLVE_PROGRAM,
                          {"book", "make", "3", "--depth", "3", "--out", (dir / "shallow.bin").string()}, "", 60)
                   .status == 0);
    const RunResult known = make({"--known", (dir / "shallow.bin").string()}, "known.bin");
    BOOST_TEST(known.out.find("known before") != std::string::npos, known.out);
    BOOST_TEST(bytesOf("known.bin") == bytesOf("plain.bin"));
    // A line that is not a solved position as written (its check) is an error, not a guess:
    // one changed by hand, or one of another board.
    const std::string logged = bytesOf("progress.log");
    std::string changed = logged;
    changed[changed.find(' ', changed.find(' ') + 1) + 1] ^= 1;  // the first line's value
    std::ofstream(log, std::ios::binary | std::ios::trunc) << changed;
    BOOST_TEST(make({"--progress", log}, "bad.bin").status == 1);
    const std::string other = (dir / "other.log").string();
    BOOST_TEST(runTrusted(DOTSSOLVE_PROGRAM,
                          {"book", "make", "2", "--depth", "12", "--out", (dir / "other.bin").string(),
                           "--progress", other},
                          "", 60)
                   .status == 0);
    BOOST_TEST(make({"--progress", other}, "bad.bin").status == 1, "another board's log");
    std::ofstream(log, std::ios::binary | std::ios::trunc) << logged << "1 2 x\n";
    BOOST_TEST(make({"--progress", log}, "bad.bin").status == 1);
    fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(a_damaged_book_is_refused) {
    const BoardGraph board = rectangleBoard(2, 2);  // the solver keeps a reference to it
    Solver solver(board, ExtraTurnRule::kUnlimited);
    const std::string bytes = bookBytes(generateBook(2, 2, 3, [&](LineSet lines, KnownValue known) {
        return choosePerfectMove(solver, 2, lines, known);
    }));
    BOOST_TEST(parseBook(bytes).entries.size() > 0u);
    std::string flipped = bytes;
    flipped[kBookHeaderBytes + 3] ^= 1;
    BOOST_CHECK_THROW(parseBook(flipped), std::runtime_error);                            // checksum
    BOOST_CHECK_THROW(parseBook(bytes.substr(0, bytes.size() - 1)), std::runtime_error);  // size
    std::string magic = bytes;
    magic[0] = 'X';
    BOOST_CHECK_THROW(parseBook(magic), std::runtime_error);
    BOOST_CHECK_THROW(readBook("/nonexistent/book.bin"), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(the_shipped_4x4_book_is_sound) {
    const BookContents book = readBook(DOTSCOMPUTER_BOOK);  // checksum, order and legal moves
    BOOST_TEST(book.height == 4);
    BOOST_TEST(book.width == 4);
    const BoardGraph board = rectangleBoard(4, 4);
    const OpeningBook lookup(book, board);
    for (int first = 0; first < board.lineCount(); ++first)
        BOOST_TEST(lookup.move(lineBit(first)).has_value(), "the answer to every first move");
    const BoardSymmetry symmetry(board);
    for (std::uint64_t entry : book.entries)
        BOOST_TEST(symmetry.canonical(entryLines(entry)) == entryLines(entry));
}

BOOST_AUTO_TEST_CASE(the_program_answers_a_first_4x4_move_from_the_book) {
    // The program finds its book: the first answer on 4 x 4 is at once (a search takes minutes).
    const RunResult got = runTrusted(DOTSCOMPUTER_PROGRAM, {"--level", "perfect"}, "4\na1 a2\nQ\n", 30);
    BOOST_TEST(got.status == 0);
    BOOST_TEST(got.out.find("I choose to connect dots ") != std::string::npos);
    BOOST_TEST(got.err.empty(), got.err);
    const RunResult larger = runTrusted(DOTSCOMPUTER_PROGRAM, {"--level", "perfect"}, "5\nQ\n");
    BOOST_TEST(larger.err.find("only up to 4 x 4") != std::string::npos, larger.err);
}

BOOST_AUTO_TEST_CASE(dotssolve_hints_are_the_computer_s_moves) {
    const RectangleGrid grid3(3, 3), grid4(4, 4);
    auto name = [](const RectangleGrid &grid, int e) {
        return std::to_string(grid.edgeRow(e)) + " " + std::to_string(grid.edgeCol(e)) +
               (grid.isHorizontal(e) ? " h" : " v");
    };
    // 3 x 3 (no book): searched, the same move and value as the computer's.
    const BoardGraph board3 = rectangleBoard(3, 3);
    Solver solver(board3, ExtraTurnRule::kUnlimited);
    const LineSet lines3 = lineBit(grid3.edgeAt(0, 0, 'h')) | lineBit(grid3.edgeAt(1, 1, 'v'));
    const ChosenMove chosen3 = choosePerfectMove(solver, 3, lines3, KnownValue{});
    const RunResult searched = runTrusted(
        DOTSSOLVE_PROGRAM, {"rect", "3", "3", "--moves", "0 0 h,1 1 v", "--hint", "--value-only"}, "");
    BOOST_TEST(searched.status == 0, searched.err);
    BOOST_TEST(searched.out.find("Value: " + std::string(chosen3.value > 0 ? "+" : "") +
                                 std::to_string(chosen3.value) + " ") != std::string::npos,
               searched.out);
    BOOST_TEST(searched.out.find("Hint: " + name(grid3, chosen3.line) +
                                 " (dotscomputer --level perfect's move, "
                                 "searched)\n") != std::string::npos,
               searched.out);
    // 4 x 4 in the book: its move and value, with no search.
    const BoardGraph board4 = rectangleBoard(4, 4);
    const OpeningBook book(readBook(DOTSCOMPUTER_BOOK), board4);
    const LineSet lines4 = lineBit(grid4.edgeAt(2, 1, 'v'));
    const ChosenMove stored = *book.move(lines4);
    const RunResult fromBook =
        runTrusted(DOTSSOLVE_PROGRAM,
                   {"rect", "4", "4", "--moves", "2 1 v", "--hint", "--value-only", "--json"}, "", 30);
    BOOST_TEST(fromBook.status == 0, fromBook.err);
    BOOST_TEST(fromBook.out.find("\"hint\": \"" + name(grid4, stored.line) + "\"") != std::string::npos,
               fromBook.out);
    BOOST_TEST(fromBook.out.find("\"hint_from_book\": true") != std::string::npos, fromBook.out);
    BOOST_TEST(fromBook.out.find("\"value\": " + std::to_string(stored.value)) != std::string::npos,
               fromBook.out);
    // Only the computer's boards.
    BOOST_TEST(runTrusted(DOTSSOLVE_PROGRAM, {"rect", "3", "4", "--hint"}, "").status == 1);
    BOOST_TEST(runTrusted(DOTSSOLVE_PROGRAM, {"rect", "5", "5", "--hint"}, "").status == 1);
    BOOST_TEST(runTrusted(DOTSSOLVE_PROGRAM, {"dotsboxes", "1101011110110110", "--hint"}, "").status == 1);
}

BOOST_AUTO_TEST_SUITE_END()
