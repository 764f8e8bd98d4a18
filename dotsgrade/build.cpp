#include "build.h"

#include <algorithm>
#include <filesystem>

#include "process/process_runner.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

bool hasExtension(const fs::path &path, const std::vector<std::string> &extensions) {
    return std::find(extensions.begin(), extensions.end(), path.extension().string()) != extensions.end();
}

}  // namespace

int runTool(const std::vector<std::string> &command, std::string &output, double seconds) {
    RunRequest request;
    request.program = command.front();
    request.args.assign(command.begin() + 1, command.end());
    request.untrusted = false;
    request.limits.seconds = seconds;
    request.limits.outputKb = 4096;
    RunResult result = runProgram(request);
    output = result.out + result.err;
    return result.exited() ? result.status : -1;
}

std::vector<std::string> submissionSources(const Assignment &assignment, const std::string &submission) {
    std::vector<std::string> sources;
    if (fs::is_regular_file(submission)) {
        sources.push_back(fs::absolute(submission).string());
    } else if (fs::is_directory(submission)) {
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(submission))
            if (entry.is_regular_file() && hasExtension(entry.path(), assignment.sourceExtensions))
                sources.push_back(fs::absolute(entry.path()).string());
        std::sort(sources.begin(), sources.end());
    }
    return sources;
}

BuildResult buildSubmission(const Assignment &assignment, const std::string &submission,
                            const std::string &into) {
    BuildResult build;
    build.sources = submissionSources(assignment, submission);
    if (build.sources.empty()) {
        build.diagnostics = "no source files found in '" + submission + "'";
        return build;
    }
    bool allC = std::all_of(build.sources.begin(), build.sources.end(),
                            [](const std::string &s) { return fs::path(s).extension() == ".c"; });
    // Includes resolve from each source's folder, then from the submission's top folder.
    const std::string root = fs::is_directory(submission) ? fs::absolute(submission).string()
                                                          : fs::absolute(submission).parent_path().string();
    bool ok = true;
    for (std::size_t i = 0; i < build.sources.size(); ++i) {
        const fs::path source = build.sources[i];
        std::string object = (fs::path(into) / ("unit" + std::to_string(i) + ".o")).string();
        bool isC = source.extension() == ".c";
        std::vector<std::string> command = {isC ? "/usr/bin/gcc" : "/usr/bin/g++",
                                            isC ? "-std=c11" : "-std=c++17",
                                            "-Wall",
                                            "-Wextra",
                                            "-pedantic",
                                            "-O1",
                                            "-I",
                                            source.parent_path().string(),
                                            "-I",
                                            root,
                                            "-c",
                                            source.string(),
                                            "-o",
                                            object};
        std::string said;
        if (runTool(command, said) != 0) ok = false;
        build.diagnostics += said;
        build.objects.push_back(object);
    }
    build.warned = !build.diagnostics.empty();
    if (!ok) return build;

    build.program = (fs::path(into) / "program").string();
    std::vector<std::string> link = {allC ? "/usr/bin/gcc" : "/usr/bin/g++", "-o", build.program};
    link.insert(link.end(), build.objects.begin(), build.objects.end());
    if (allC) link.push_back("-lm");
    std::string said;
    if (runTool(link, said) != 0) {
        build.diagnostics += said;
        return build;
    }
    fs::permissions(build.program, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                       fs::perms::others_read | fs::perms::others_exec);
    if (build.objects.size() == 1) {
        // The functions stage links the same object into the harness, with main renamed.
        build.functionsObject = (fs::path(into) / "functions.o").string();
        runTool({"/usr/bin/objcopy", "--redefine-sym", "main=submission_main", build.objects[0],
                 build.functionsObject},
                said);
    }
    build.compiled = true;
    return build;
}

}  // namespace dotslab::grader
