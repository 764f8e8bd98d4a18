// book_command.h — dotssolve book: makes and checks the opening books of dotscomputer
// --level perfect (dotscomputer/opening_book.h has the format).
//
//   dotssolve book make SIZE --depth D --out FILE [--progress LOG] [--known BOOK]
//                           [--threads N] [--memory MB]
//   dotssolve book check FILE [--verify K] [--threads N] [--memory MB]
//
// make writes the book of a SIZE x SIZE board (the same bytes every time). With
// --progress it adds each position it solves to LOG as it goes (each line with a check of
// its fields and the board), and reads LOG first: a make that was stopped goes on where
// it was. --known takes a shallower book's positions
// as solved (a position's move and value do not depend on the depth). check reads
// one (magic, checksum, order, legal moves) and with --verify searches the K deepest
// entries again (the cheapest to search), each of which must be the move perfect play
// chooses.
#pragma once

namespace dotslab {

// Runs dotssolve book with its arguments (argv[0] is "book"); returns the exit status.
int runBookCommand(int argc, char **argv);

}  // namespace dotslab
