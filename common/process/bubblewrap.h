// bubblewrap.h — the sandbox every untrusted run lives in, as bubblewrap's words: shared by
// the runs that build their own sandbox and by the sandboxes built once (SandboxHolder).
#pragma once

#include <string>
#include <vector>

namespace dotslab {

// Where a run works inside the sandbox, and where its program is.
constexpr const char *kSandboxWork = "/sandbox/work";
constexpr const char *kSandboxProgram = "/sandbox/program";
// Without bubblewrap, a link in the run's scratch folder leads to the program, from the run's
// working folder by this path: as long as kSandboxProgram, so that the program's stack (the
// kernel keeps the path it was started by there) is the same as in bubblewrap.
constexpr const char *kUnsandboxedProgram = "./././../program";
static_assert(std::char_traits<char>::length(kUnsandboxedProgram) ==
              std::char_traits<char>::length(kSandboxProgram));

// Returns the path of bwrap if it is installed and works here, else "".
const std::string &bubblewrap();

// Returns bwrap and its options for a sandbox whose writable places (/tmp, and
// /sandbox/work unless boundWork names a folder of ours to bind there) are tmpfs of
// diskKb each: no network, no other namespace shared, the system read-only, a fixed
// environment. With hostUsers (bwrap run by root) the sandbox keeps the host's user
// namespace, so that runs joining it later can use their own uids there. With repeatable,
// /dev/urandom and /dev/random read zeros (repeatable_run.h).
std::vector<std::string> sandboxWords(long diskKb, const std::string &boundWork = "", bool hostUsers = false,
                                      bool repeatable = false);

}  // namespace dotslab
