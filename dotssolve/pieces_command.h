// pieces_command.h — `dotssolve pieces ...`: the command line of solving in pieces (pieces.h).
//
//   dotssolve pieces plan rect H W --depth D          the job list: one piece id a line
//   dotssolve pieces plan --split ID --depth D        ID's pieces D lines deep (to replace ID)
//   dotssolve pieces solve --results DIR ID...        solve pieces not solved yet (or --plan FILE)
//   dotssolve pieces merge --results DIR --plan FILE  the value, or which pieces are missing
#pragma once

namespace dotslab {

// Runs `dotssolve pieces` with argv[0] = "pieces"; returns the exit status: 0 done, 1 an
// error, 2 a bad command line, 3 a merge that lacks pieces.
int runPiecesCommand(int argc, char **argv);

}  // namespace dotslab
