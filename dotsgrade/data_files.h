// data_files.h — where dotsgrade finds what it needs besides the student's code: the
// spec transcripts, our reference programs, and the prebuilt object a student's object is
// linked with (the function worker, one per packed game).
//
// An installed tree (cmake --install build --prefix P) is found relative to the program,
// so it works wherever it is moved:
//
//   P/bin/dotsgrade, dotssolve, dotsboxes, dotstriangles, boxes, dotscomputer, eight
//   P/lib/dotslab/*.o                    the objects a student's object is linked with
//   P/share/dotslab/specs/…              the specs, with their transcripts
//   P/share/dotslab/source/…             dotslab's source (for the Gradescope kit)
//   P/share/dotslab/book-4x4.bin         dotscomputer --level perfect's opening book (not dotsgrade's)
//
// Run from the build tree, the paths it was built with are used. Either way every file is
// checked before anything is graded: a missing one is an error naming it, never a
// smaller test set or a zero for the student.
//
// These objects are read inside the sandbox, which as root runs as a uid of its own: one
// that cannot traverse an instructor's private (0700) folders, where the tree often is.
// So they are used from copies, readable by every user, in a folder of their own under
// the temporary folder (which dotsgrade keeps open to the sandbox's users), made once per
// process. Everything else is read by the grader itself, and used in place.
#pragma once

#include <string>

#include "packed/packed_games.h"
#include <vector>

namespace dotslab::grader {

struct DataFiles {
    std::string programs;     // the folder of our reference programs (dotsgrade's own)
    std::string transcripts;  // the folder of the spec transcripts
    std::string specs;        // the specs folder (shared/specs), transcripts inside
    std::string source;       // dotslab's source tree (not checked: only the kit needs it)
    std::string cases;        // dotsgrade's own cases beyond the transcripts (dotsgrade/cases)
    // The staged copies of the workers (see above), per packed game (0 dotsboxes, 1 dotstriangles).
    std::string worker[2];
};

// Returns where everything is, the objects staged on the first call; throws
// std::runtime_error naming the first file missing, or why the objects could not be staged.
const DataFiles &dataFiles();

// Returns the index of a packed game's files in DataFiles (0 dotsboxes, 1 dotstriangles).
inline int packedIndex(const PackedGame &game) { return game.kind == PackedGame::Kind::kDotsboxes ? 0 : 1; }

}  // namespace dotslab::grader
