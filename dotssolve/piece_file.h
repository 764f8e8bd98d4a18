// piece_file.h — one solved piece of a board, as a results file holds it: the piece's
// exact value and what solving it cost. One file per piece, written atomically (a file
// that exists is whole), so a run that stops loses only the piece it was solving.
//
// The file, one "key value" per line, in this order (a reader rejects anything else):
//
//   dotssolve-piece 1                 format version
//   id rect-4x4-0000000000000003      the piece (pieces.h: board, size, canonical lines)
//   moves 0 0 h,0 1 h                 its lines in the boxes notation, for people
//   value -2                          exact value for the player to move
//   nodes 123456                      positions the solver visited for this piece
//   cpu_seconds 1.234                 processor time, every thread
//   wall_seconds 0.800
//   end
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dotslab {

struct PieceResult {
    std::string id;
    std::string moves;
    int value = 0;
    std::uint64_t nodes = 0;
    double cpuSeconds = 0;
    double wallSeconds = 0;
};

// Returns the file's text for result.
std::string formatPieceResult(const PieceResult &result);
// Returns true and fills *result if text is one whole, well-formed piece file; otherwise
// returns false and says why in *error.
bool parsePieceResult(const std::string &text, PieceResult *result, std::string *error);
// Returns the name of piece id's file in directory.
std::string pieceFilePath(const std::string &directory, const std::string &id);
// Returns the result of piece id read from directory: nothing if there is no file, or
// (with why in *error) if the file is not a whole piece file for id.
std::optional<PieceResult> readPieceResult(const std::string &directory, const std::string &id,
                                           std::string *error);
// Writes result into directory atomically; returns false if it could not.
bool writePieceResult(const std::string &directory, const PieceResult &result);

}  // namespace dotslab
