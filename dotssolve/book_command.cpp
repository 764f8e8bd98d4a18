#include "book_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "board/rectangle.h"
#include "command_line.h"
#include "opening_book.h"
#include "perfect_player.h"
#include "solver/board_symmetry.h"

namespace dotslab {
namespace {

using dotscomputer::BookContents;

// The positions a make already has answers for, by canonical line set: a book's entries
// and a progress file's lines ("LINES MOVE VALUE CHECK", one solved position each).
using Known = std::map<LineSet, dotscomputer::ChosenMove>;

// Returns the check of a progress line on a size x size board: the book checksum of its
// entry and the size, in hex, so that a line changed by hand, or written for another
// board, is refused instead of making a wrong book.
std::string progressCheck(int size, LineSet lines, dotscomputer::ChosenMove chosen) {
    std::ostringstream hex;
    hex << std::hex
        << dotscomputer::bookChecksum({dotscomputer::bookEntry(lines, chosen), std::uint64_t(size)});
    return hex.str();
}

// Returns the known answers of a progress file of a size x size board (none if it does
// not exist yet). A last line cut short by a stop is ignored and cut off the file, so
// that what is added next starts on a line of its own; any other line that is not this
// board's answer as written (its check) is an error.
Known readProgress(const std::string &path, int size, const BoardGraph &graph) {
    const BoardSymmetry symmetry(graph);
    Known known;
    std::ifstream in(path);
    std::string text;
    int number = 0;
    std::uintmax_t wholeBytes = 0;  // the file up to the end of its last whole line
    while (std::getline(in, text)) {
        ++number;
        const bool whole = !in.eof();  // ended by a newline: written to the end
        if (!whole) break;             // cut short by a stop: solved again
        std::istringstream line(text);
        unsigned long long lines = 0;
        dotscomputer::ChosenMove chosen;
        std::string check, rest;
        if (!(line >> lines >> chosen.line >> chosen.value >> check) || (line >> rest) ||
            symmetry.canonical(lines) != lines || !dotscomputer::isBookAnswer(graph, lines, chosen) ||
            check != progressCheck(size, lines, chosen))
            throw std::runtime_error(path + " line " + std::to_string(number) +
                                     " is not a solved position of the " + std::to_string(size) + " x " +
                                     std::to_string(size) + " board as this program writes one: '" + text +
                                     "'");
        known[lines] = chosen;
        wholeBytes += text.size() + 1;
    }
    std::error_code error;
    if (std::filesystem::exists(path, error) && std::filesystem::file_size(path) > wholeBytes)
        std::filesystem::resize_file(path, wholeBytes);
    return known;
}

int makeBook(int size, int depth, const std::string &out, const std::string &progressPath,
             const std::string &knownBook, SolverOptions options) {
    const BoardGraph graph = rectangleBoard(size, size);
    Known known = progressPath.empty() ? Known{} : readProgress(progressPath, size, graph);
    if (!knownBook.empty()) {
        const BookContents book = dotscomputer::readBook(knownBook);
        if (book.height != size || book.width != size)
            throw std::runtime_error(knownBook + " is another board's");
        for (std::uint64_t entry : book.entries)
            known[dotscomputer::entryLines(entry)] = dotscomputer::entryMove(entry);
    }
    std::ofstream progress;
    if (!progressPath.empty()) {
        progress.open(progressPath, std::ios::app);
        if (!progress) throw std::runtime_error("cannot write " + progressPath);
    }
    Solver solver(graph, ExtraTurnRule::kUnlimited, options);
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    std::size_t reused = 0;
    const BookContents contents = dotscomputer::generateBook(
        size, size, depth,
        [&](LineSet lines, dotscomputer::KnownValue knownValue) {
            if (const auto found = known.find(lines); found != known.end()) {
                ++reused;
                return found->second;
            }
            const dotscomputer::ChosenMove chosen =
                dotscomputer::choosePerfectMove(solver, size, lines, knownValue);
            if (progress.is_open() && !(progress << lines << " " << chosen.line << " " << chosen.value << " "
                                                 << progressCheck(size, lines, chosen) << "\n"
                                                 << std::flush))
                throw std::runtime_error("cannot write " + progressPath);
            return chosen;
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
              << contents.entries.size() << " positions (" << reused << " known before), "
              << dotscomputer::bookBytes(contents).size() << " bytes, " << seconds() << " s, "
              << solver.nodes() << " nodes\n";
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
            dotscomputer::choosePerfectMove(solver, contents.height, lines, dotscomputer::KnownValue{});
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
    std::string out, path, progress, known;
    CLI::App *make =
        app.add_subcommand("make", "write the book of a SIZE x SIZE board (same bytes every time)");
    make->add_option("size", size, "cells per side")->required()->check(CLI::Range(1, 4));
    make->add_option("--depth", depth, "the most lines filled in a stored position")
        ->required()
        ->check(CLI::Range(0, 56));
    make->add_option("--out", out, "the book file to write")->required();
    make->add_option("--progress", progress,
                     "a file each solved position is added to as it is solved; a make stopped and run "
                     "again with it goes on where it was");
    make->add_option("--known", known,
                     "a book of the same board whose positions need no search (a shallower one)")
        ->check(CLI::ExistingFile);
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
    return runCommand(app, argc, argv, "dotssolve book", [&] {
        const SolverOptions options = solverOptionsFor(threads, memory);
        return make->parsed() ? makeBook(size, depth, out, progress, known, options)
                              : checkBook(path, verify, options);
    });
}

}  // namespace dotslab
