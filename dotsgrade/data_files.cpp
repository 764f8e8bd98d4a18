#include "data_files.h"

#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "assignment.h"
#include "build.h"
#include "files/files.h"
#include "files/transcript_case.h"
#include "process/hidden_from_runs.h"
#include "process/repeatable_run.h"
#include "process/run_starter.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

// Returns where each file is: in the installed tree's lib/dotslab when installed, else
// where the build made it.
std::string archive(const std::string &built, const fs::path &installedLib) {
    return installedLib.empty() ? built : (installedLib / fs::path(built).filename()).string();
}

DataFiles locate() {
    const fs::path programs = fs::read_symlink("/proc/self/exe").parent_path();
    const fs::path prefix = programs.parent_path();
    const bool installed = fs::is_directory(prefix / "share" / "dotslab");
    const fs::path lib = installed ? prefix / "lib" / "dotslab" : fs::path();
    DataFiles files;
    files.programs = programs.string();
    files.specs = installed ? (prefix / "share" / "dotslab" / "specs").string() : DOTSLAB_SPECS_DIR;
    files.transcripts = installed ? (fs::path(files.specs) / "transcripts").string() : DOTSLAB_TRANSCRIPTS;
    files.source = installed ? (prefix / "share" / "dotslab" / "source").string() : DOTSLAB_SOURCE_TREE;
    files.cases = (fs::path(files.source) / "dotsgrade" / "cases").string();
    files.worker[0] = archive(DOTSGRADE_WORKER_DOTSBOXES, lib);
    files.worker[1] = archive(DOTSGRADE_WORKER_DOTSTRIANGLES, lib);
    return files;
}

// Throws unless every file is there: each worker, each reference program, and each
// assignment's transcripts.
void check(const DataFiles &files) {
    const std::string fix =
        " (dotsgrade needs it: rebuild with scripts/build, or install again with "
        "cmake --install BUILD --prefix P; a moved build tree does not work, an installed "
        "tree does)";
    auto need = [&](const std::string &path) {
        if (!fs::is_regular_file(path)) throw std::runtime_error("missing data file " + path + fix);
    };
    for (const std::string &worker : files.worker) need(worker);
    if (readTranscriptCases(files.cases, "boxes-").empty())
        throw std::runtime_error("missing data files: no case boxes-*.in in " + files.cases + fix);
    need((fs::path(files.programs) / kRunStarterName).string());  // every run starts with it
    need((fs::path(files.programs) / kRepeatableRunName).string());  // every run of a program loads it
    for (const std::string &name : assignmentNames()) {
        const std::string program = (fs::path(files.programs) / name).string();
        if (access(program.c_str(), X_OK) != 0)
            throw std::runtime_error("missing reference program " + program + fix);
        if (readTranscriptCases(files.transcripts, name + "-").empty())
            throw std::runtime_error("missing data file: no transcript " + name + "-*.in in " +
                                     files.transcripts + fix);
    }
}

// Keeps every file of ours out of the runs' sight, wherever it is installed (an install
// under /usr put the reference programs among the system's files: hidden_from_runs.h).
void hideOurs(const DataFiles &files) {
    std::vector<std::string> ours = {files.specs, files.transcripts, files.source, files.cases};
    for (const std::string &program : {std::string("dotsgrade"), std::string("dotssolve"),
                                       std::string(kRunStarterName), std::string(kRepeatableRunName)})
        ours.push_back((fs::path(files.programs) / program).string());
    for (const std::string &name : assignmentNames())
        ours.push_back((fs::path(files.programs) / name).string());
    for (const std::string &worker : files.worker) ours.push_back(fs::path(worker).parent_path().string());
    hideFromRuns(ours);
}

// Points each worker of files at a copy in folder, readable by every user: the sandbox's
// uid reads them there, whoever owns the folders of the originals (see data_files.h).
void stage(DataFiles &files, const fs::path &folder) {
    const fs::perms readable =
        fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;
    fs::permissions(folder, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    auto copy = [&](std::string &path) {
        const fs::path staged = folder / fs::path(path).filename();
        fs::copy_file(path, staged);
        fs::permissions(staged, readable);
        path = staged.string();
    };
    for (std::string &worker : files.worker) copy(worker);
}

}  // namespace

const DataFiles &dataFiles() {
    static const DataFiles files = [] {
        DataFiles located = locate();
        check(located);  // before staging: a missing file is named where it should be
        hideOurs(located);
        // Gone with the process (and with dotsgrade's temporary root, on any way out).
        static const TemporaryDirectory staging("dotsgrade-archives");
        stage(located, staging.path());
        return located;
    }();
    return files;
}

}  // namespace dotslab::grader
