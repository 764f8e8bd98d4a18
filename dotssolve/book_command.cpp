#include "book_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>

#include "board/rectangle.h"
#include "opening_book.h"
#include "perfect_player.h"

namespace dotslab {
namespace {

using dotscomputer::BookContents;

int makeBook(int size, int depth, const std::string &out, SolverOptions options) {
    const BoardGraph graph = rectangleBoard(size, size);
    Solver solver(graph, ExtraTurnRule::kUnlimited, options);
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const BookContents contents = dotscomputer::generateBook(
        size, size, depth,
        [&](LineSet lines, int atLeast) {
            return dotscomputer::choosePerfectMove(solver, size, lines, atLeast);
        },
        [&](LineSet lines, dotscomputer::ChosenMove chosen, std::size_t done) {
            std::cerr << "book: " << done << " positions, " << seconds() << " s ("
                      << __builtin_popcountll(lines) << " lines filled, line " << chosen.line << ", value "
                      << chosen.value << ")\n";
        });
    std::ofstream file(out, std::ios::binary);
    file << dotscomputer::bookBytes(contents);
    if (!file.flush()) throw std::runtime_error("cannot write " + out);
    std::cout << "book " << out << ": " << size << " x " << size << ", depth " << depth << ", "
              << contents.entries.size() << " positions, " << dotscomputer::bookBytes(contents).size()
              << " bytes, " << seconds() << " s, " << solver.nodes() << " nodes\n";
    return 0;
}

int checkBook(const std::string &path, int verify, SolverOptions options) {
    const BookContents contents = dotscomputer::readBook(path);
    std::cout << "book " << path << ": " << contents.height << " x " << contents.width << ", depth "
              << contents.depth << ", " << contents.entries.size() << " positions, checksum and order good\n";
    if (verify <= 0) return 0;
    if (contents.height != contents.width) throw std::runtime_error("dotscomputer books are square");
    const BoardGraph graph = rectangleBoard(contents.height, contents.width);
    Solver solver(graph, ExtraTurnRule::kUnlimited, options);
    std::vector<std::uint64_t> deepest = contents.entries;
    std::stable_sort(deepest.begin(), deepest.end(), [](std::uint64_t a, std::uint64_t b) {
        return __builtin_popcountll(dotscomputer::entryLines(a)) >
               __builtin_popcountll(dotscomputer::entryLines(b));
    });
    deepest.resize(std::min<std::size_t>(deepest.size(), static_cast<std::size_t>(verify)));
    int wrong = 0;
    for (std::uint64_t entry : deepest) {
        const LineSet lines = dotscomputer::entryLines(entry);
        const dotscomputer::ChosenMove stored = dotscomputer::entryMove(entry);
        const dotscomputer::ChosenMove chosen =
            dotscomputer::choosePerfectMove(solver, contents.height, lines, dotscomputer::kNothingKnown);
        if (chosen.line != stored.line || chosen.value != stored.value) {
            std::cout << "position " << lines << ": the book plays line " << stored.line << " (value "
                      << stored.value << "), perfect play line " << chosen.line << " (value " << chosen.value
                      << ")\n";
            ++wrong;
        }
    }
    std::cout << deepest.size()
              << " entries searched again: " << (wrong ? std::to_string(wrong) + " wrong" : "all agree")
              << "\n";
    return wrong ? 1 : 0;
}

}  // namespace

int runBookCommand(int argc, char **argv) {
    CLI::App app{"dotssolve book: the opening books of dotscomputer --level perfect"};
    app.require_subcommand(1);
    int size = 4, depth = 1, verify = 0, threads = 1, memory = 0;
    std::string out, path;
    CLI::App *make =
        app.add_subcommand("make", "write the book of a SIZE x SIZE board (same bytes every time)");
    make->add_option("size", size, "cells per side")->required()->check(CLI::Range(1, 4));
    make->add_option("--depth", depth, "the most lines filled in a stored position")
        ->required()
        ->check(CLI::Range(0, 56));
    make->add_option("--out", out, "the book file to write")->required();
    CLI::App *check = app.add_subcommand("check", "read a book (checksum, order, legal moves)");
    check->add_option("file", path, "the book file")->required();
    check->add_option("--verify", verify,
                      "search the K deepest entries again: each must be perfect play's choice");
    for (CLI::App *command : {make, check}) {
        command->add_option("--threads", threads, "threads that search together (default 1)")
            ->check(CLI::Range(1, 64));
        command->add_option("--memory", memory, "MB for the table (default: sized to the board)")
            ->check(CLI::Range(1, 1 << 20));
    }
    try {
        app.parse(argc, argv);
        const SolverOptions options = solverOptionsFor(threads, memory);
        return make->parsed() ? makeBook(size, depth, out, options) : checkBook(path, verify, options);
    } catch (const CLI::ParseError &e) {
        return app.exit(e) == 0 ? 0 : 2;
    } catch (const std::exception &e) {
        std::cerr << "dotssolve book: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace dotslab
