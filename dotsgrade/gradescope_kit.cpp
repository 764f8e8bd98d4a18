#include "gradescope_kit.h"

#include <filesystem>
#include <stdexcept>

#include "data_files.h"
#include "files/files.h"
#include "process/process_runner.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

// Returns word quoted for bash: '…', with each ' written '\''.
std::string quoted(const std::string &word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Returns whether entry is left out of the kit: version control, or a folder named build
// or build-* at any level (a build tree: left out of the installed source the same way, by
// the install rule in dotsgrade/CMakeLists.txt, which leaves the folder there empty).
bool leftOut(const fs::directory_entry &entry) {
    const std::string name = entry.path().filename().string();
    return name == ".git" || (entry.is_directory() && (name == "build" || name.rfind("build-", 0) == 0));
}

// Copies the tree at from into to, but for what is left out.
void copyTree(const fs::path &from, const fs::path &to) {
    fs::create_directories(to);
    for (const fs::directory_entry &entry : fs::directory_iterator(from)) {
        if (leftOut(entry)) continue;
        const fs::path copy = to / entry.path().filename();
        if (entry.is_directory())
            copyTree(entry.path(), copy);
        else
            fs::copy(entry.path(), copy);
    }
}

std::string setupScript() {
    return R"(#!/usr/bin/env bash
# Gradescope runs this once, as root, on its Ubuntu 22.04 base image, when it builds the
# autograder: the packages dotslab needs, then dotsgrade built from the source in this kit
# and installed into /autograder/dotslab (the student's code is never involved here).
# DOTSGRADE_AUTOGRADER_NO_APT=1: the packages are there already, only build and install.
set -euo pipefail
root=${DOTSGRADE_AUTOGRADER_ROOT:-/autograder}
if [ -z "${DOTSGRADE_AUTOGRADER_NO_APT:-}" ]; then
  "$root/source/dotslab/scripts/setup" --grader  # the packages scripts/packages marks "grader"
fi
cmake -S "$root/source/dotslab" -B "$root/dotslab-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDOTSLAB_BENCHMARKS=OFF -DDOTSLAB_SPECS_DIR="$root/source/shared/specs"
cmake --build "$root/dotslab-build" --target dotsgrade dotssolve
cmake --install "$root/dotslab-build" --prefix "$root/dotslab"
)";
}

std::string runScript(const KitRequest &request) {
    std::string command = "\"$root/dotslab/bin/dotsgrade\" " + quoted(request.assignment) +
                          " \"$root/submission\" --json \"$root/results/results.json\"";
    if (!request.rubricPath.empty()) command += " --rubric \"$root/source/rubric.json\"";
    if (!request.testsDir.empty()) command += " --tests \"$root/source/tests\"";
    for (const std::string &file : request.providedFiles)
        command += " --provided \"$root/source/provided/\"" + quoted(fs::path(file).filename().string());
    for (const std::string &option : request.options) command += " " + quoted(option);
    return "#!/usr/bin/env bash\n"
           "# Gradescope runs this for every submission: dotsgrade grades /autograder/submission\n"
           "# and writes /autograder/results/results.json. Where the grading itself fails, it\n"
           "# writes none and says why here: Gradescope then shows that the autograder failed\n"
           "# and records no score. Made by dotsgrade gradescope.\n"
           "set -u\n"
           "root=${DOTSGRADE_AUTOGRADER_ROOT:-/autograder}\n"
           "mkdir -p \"$root/results\"\n"
           "exec " +
           command + "\n";
}

}  // namespace

void writeGradescopeKit(const KitRequest &request) {
    const DataFiles &files = dataFiles();
    if (!fs::is_regular_file(fs::path(files.source) / "CMakeLists.txt"))
        throw std::runtime_error("the kit is built from dotslab's source, which is not at " + files.source +
                                 " (install again with cmake --install)");
    const TemporaryDirectory stage("dotsgrade-kit");
    const fs::path &root = stage.path();
    copyTree(files.source, root / "dotslab");
    copyTree(files.specs, root / "shared" / "specs");
    if (!request.rubricPath.empty()) fs::copy_file(request.rubricPath, root / "rubric.json");
    if (!request.testsDir.empty()) copyTree(request.testsDir, root / "tests");
    for (const std::string &file : request.providedFiles) {
        fs::create_directories(root / "provided");
        fs::copy_file(file, root / "provided" / fs::path(file).filename());
    }
    writeFileText((root / "setup.sh").string(), setupScript());
    writeFileText((root / "run_autograder").string(), runScript(request));
    for (const char *script : {"setup.sh", "run_autograder"})
        fs::permissions(root / script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                           fs::perms::others_read | fs::perms::others_exec);
    // zip from inside the stage, so that setup.sh and run_autograder are at the zip's root.
    const std::string zip = fs::absolute(request.output).string();
    std::error_code ignored;
    fs::remove(zip, ignored);
    const RunResult zipped = runTrusted(
        "/bin/sh", {"-c", "cd \"$1\" && zip -q -r -X \"$2\" .", "sh", root.string(), zip}, "", 120);
    if (zipped.status != 0 || !fs::is_regular_file(zip))
        throw std::runtime_error("could not write " + zip + " with zip: " + zipped.err + zipped.ending());
}

}  // namespace dotslab::grader
