#include "files/transcript_case.h"

#include <algorithm>
#include <cassert>
#include <sstream>

#include "files/files.h"

namespace dotslab {
namespace {

namespace fs = std::filesystem;

// Returns the file's text; throws TranscriptCaseError where it cannot be read (a test file
// of mode 600 in another account's folder read as empty gave a correct program 90).
std::string caseText(const fs::path &path) {
    try {
        return readGivenFile(path);
    } catch (const std::runtime_error &e) {
        throw TranscriptCaseError(e.what());
    }
}

// Returns the file's text if it exists.
std::optional<std::string> optionalText(const fs::path &path) {
    std::error_code error;
    if (!fs::exists(path, error) && !error) return std::nullopt;
    return caseText(path);
}

// Returns the exit status an .rc file holds: one integer 0..255, whitespace around it.
int statusIn(const fs::path &path, const std::string &text) {
    std::istringstream in(text);
    int status = -1;
    std::string rest;
    if (!(in >> status) || (in >> rest) || status < 0 || status > 255)
        throw TranscriptCaseError(path.string() + ": an exit status is one number 0..255, not '" +
                                  text.substr(0, 40) + "'");
    return status;
}

}  // namespace

std::string TranscriptCase::argsLine() const {
    std::string line;
    for (const std::string &arg : args) line += (line.empty() ? "" : " ") + arg;
    return line;
}

TranscriptCase readTranscriptCase(const fs::path &folder, const std::string &name) {
    const fs::path stem = folder / name;
    const auto file = [&](const char *extension) { return fs::path(stem.string() + extension); };
    if (!fs::is_regular_file(file(".in")))
        throw TranscriptCaseError(file(".in").string() + ": no such case (its .in file is missing)");
    TranscriptCase c;
    c.name = name;
    c.input = caseText(file(".in"));
    if (std::optional<std::string> args = optionalText(file(".args"))) {
        std::istringstream words(*args);
        for (std::string word; words >> word;) c.args.push_back(word);
    }
    c.out = optionalText(file(".out"));
    c.err = optionalText(file(".err"));
    if (std::optional<std::string> rc = optionalText(file(".rc"))) c.status = statusIn(file(".rc"), *rc);
    if (std::optional<std::string> saves = optionalText(file(".saves"))) {
        std::istringstream words(*saves);
        for (std::string word; words >> word;) {
            if (word.find('/') != std::string::npos || word == "." || word == "..")
                throw TranscriptCaseError(file(".saves").string() + ": '" + word.substr(0, 40) +
                                          "' is no plain file name (a file in the run's working folder)");
            c.saves.push_back(word);
        }
    }
    c.description = optionalText(file(".desc")).value_or("");
    while (!c.description.empty() && (c.description.back() == '\n' || c.description.back() == '\r'))
        c.description.pop_back();
    return c;
}

std::vector<TranscriptCase> readTranscriptCases(const fs::path &folder, std::string_view prefix) {
    std::vector<std::string> names;
    std::error_code error;  // a folder that is not there holds no cases; one we cannot list is an error
    fs::directory_iterator entries(folder, error);
    if (error && error != std::errc::no_such_file_or_directory)
        throw TranscriptCaseError("cannot list " + folder.string() + ": " + error.message());
    for (const fs::directory_entry &entry : entries) {
        const fs::path &path = entry.path();
        if (path.extension() == ".in" && path.filename().string().rfind(prefix, 0) == 0)
            names.push_back(path.stem().string());
    }
    std::sort(names.begin(), names.end());
    std::vector<TranscriptCase> cases;
    for (const std::string &name : names) cases.push_back(readTranscriptCase(folder, name));
    return cases;
}

void writeTranscriptCase(const fs::path &folder, const TranscriptCase &c) {
    assert(!c.name.empty() && c.name.find('/') == std::string::npos);
    assert(!c.status || (*c.status >= 0 && *c.status <= 255));
    const std::string stem = (folder / c.name).string();
    writeFileText(stem + ".in", c.input);
    if (!c.args.empty()) writeFileText(stem + ".args", c.argsLine() + "\n");
    if (c.out) writeFileText(stem + ".out", *c.out);
    if (c.err) writeFileText(stem + ".err", *c.err);
    if (c.status) writeFileText(stem + ".rc", std::to_string(*c.status) + "\n");
    if (!c.description.empty()) writeFileText(stem + ".desc", c.description + "\n");
    std::string saves;
    for (const std::string &name : c.saves) saves += name + "\n";
    if (!saves.empty()) writeFileText(stem + ".saves", saves);
}

}  // namespace dotslab
