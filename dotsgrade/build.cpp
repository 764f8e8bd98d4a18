#include "build.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cxxabi.h>
#include <elf.h>
#include <iconv.h>
#include <openssl/evp.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>

#include "data_files.h"
#include "files/files.h"
#include "not_graded.h"
#include "process/process_runner.h"
#include "source_rules.h"
#include "text/characters.h"

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// What a submission may hold besides its sources: headers. Nothing else is copied.
const std::vector<std::string> kHeaderExtensions = {".h", ".hh", ".hpp", ".hxx"};
constexpr std::uintmax_t kMaxFileBytes = 1 << 20;  // a source or header larger than this is left out
constexpr std::size_t kMaxFiles = 200;             // files copied at most
constexpr double kBuildSeconds = 60;               // the whole build of one submission
constexpr double kStepSeconds = 30;                // one compiler, linker or nm run
constexpr double kLinkReserveSeconds = 15;  // of kBuildSeconds, kept for the link from a unit of tests on
constexpr long kStepMemoryMb = 2048;               // each process of a step
constexpr long kBuildFilesKb = 64 * 1024;          // any file a step writes, and its /tmp
constexpr const char *kMakefiles[] = {"GNUmakefile", "makefile", "Makefile"};  // in make's order
constexpr const char *kGccPlugin = "/usr/lib/bfd-plugins/liblto_plugin.so";

bool hasExtension(const fs::path &path, const std::vector<std::string> &extensions) {
    return std::find(extensions.begin(), extensions.end(), path.extension().string()) != extensions.end();
}

// Returns true for a plain file (not a link) of at most kMaxFileBytes.
bool isPlainSmallFile(const fs::path &path) {
    std::error_code error;
    const fs::file_status status = fs::symlink_status(path, error);
    return !error && fs::is_regular_file(status) && fs::file_size(path, error) <= kMaxFileBytes && !error;
}

// Returns the file to read for path, a file of the submission under root: path itself where
// it is a plain file, or the plain file a link leads to where that is inside root too (a git
// repository or a tarball keeps a student's links: sources handed in as links to .txt files
// beside them were "not graded", adversary round 25 H10); "" for anything else. A link that
// leaves the submission is never followed: it could lead to any file of this machine.
fs::path submissionFile(const fs::path &root, const fs::path &path) {
    if (isPlainSmallFile(path)) return path;
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(path, error))) return {};
    const fs::path target = fs::canonical(path, error);
    if (error) return {};
    const fs::path top = fs::canonical(root, error);
    if (error) return {};
    const fs::path inside = target.lexically_relative(top);
    if (inside.empty() || *inside.begin() == "..") return {};
    return isPlainSmallFile(target) ? target : fs::path();
}

}  // namespace

std::uintmax_t bytesUnder(const fs::path &folder) {
    std::uintmax_t total = 0;
    std::error_code error;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(folder, error))
        if (entry.is_regular_file(error)) total += entry.file_size(error);
    return total;
}

bool buildsWithMake(const Assignment &assignment, const std::string &submission) {
    if (assignment.singleFile || !fs::is_directory(submission)) return false;
    const fs::path root = fs::absolute(submission);
    return std::any_of(std::begin(kMakefiles), std::end(kMakefiles),
                       [&](const char *makefile) { return !submissionFile(root, root / makefile).empty(); });
}

Limits buildStepLimits() {
    Limits limits;
    limits.seconds = kStepSeconds;
    limits.memoryMb = kStepMemoryMb;
    limits.fileSizeKb = kBuildFilesKb;
    limits.outputKb = 8 << 10;  // a program may warn thousands of times and still build
    limits.processes = 64;
    return limits;
}

int runBuildTool(const std::string &folder, const std::vector<std::string> &command, std::string &output,
                 double seconds, const std::vector<std::string> &readOnly, const std::string &toolsFolder,
                 double *spent) {
    RunRequest request;
    request.program = command.front();
    request.args.assign(command.begin() + 1, command.end());
    request.untrusted = true;    // it reads the student's bytes
    request.repeatable = false;  // make compares file times with the real clock
    request.folder = folder;
    request.readOnly = readOnly;
    request.toolsFolder = toolsFolder;
    request.limits = buildStepLimits();
    request.limits.seconds = std::max(0.1, seconds);
    RunResult result = withWorkingSandbox(runProgram(request), [&] { return runProgram(request); });
    if (spent != nullptr) *spent += result.cpuSeconds;
    if (!result.exited() || result.status != 0) {  // the grader's fault or the student's?
        if (access(request.program.c_str(), X_OK) != 0)
            throw NotGraded("the grader's tool " + request.program + " is not installed (scripts/setup installs it)");
        requireWorkingSandbox(result);
    }
    output = result.out + result.err;
    if (result.timedOut || result.cpuLimited)
        output += "(stopped: the compiler ran out of its time; the whole build has 60 s)\n";
    if (result.outputLimited) output += "(stopped: the compiler printed more than 8 MB)\n";
    if (result.signal != 0)
        output += "(the build tool was " + result.ending() + ": out of its 2 GB of memory?)\n";
    return result.exited() ? result.status : -1;
}

// Returns a compiler's messages without the warnings that are not about the code: those
// about its command line ("cc1: warning: command-line option '-std=c++17' is valid for
// C++ but not for C": the course's flags made them, and boxes takes C and C++ under one
// setting of flags), and those that ignore a pragma of Visual Studio's (its folding markers
// `#pragma region` and `endregion`, which GCC 13 and clang pass silently; `#pragma
// warning(disable : 4996)`, which Visual Studio asks for wherever scanf is used, 95 for a
// correct dotsboxes, adversary round 26: the dotsboxes text names Visual Studio, and a
// pragma for another compiler says nothing of the code), each with the source lines shown
// under it.
// Visual Studio's own pragmas, which GCC does not know (see withoutWarningsBesideTheCode).
const char *const kVisualStudioPragmas[] = {"#pragma region",
                                            "#pragma endregion",
                                            "#pragma warning",
                                            "#pragma comment",
                                            "#pragma component",
                                            "#pragma managed",
                                            "#pragma unmanaged",
                                            "#pragma init_seg",
                                            "#pragma auto_inline",
                                            "#pragma inline_depth",
                                            "#pragma inline_recursion",
                                            "#pragma check_stack",
                                            "#pragma loop",
                                            "#pragma optimize",
                                            "#pragma conform",
                                            "#pragma execution_character_set",
                                            "#pragma detect_mismatch",
                                            "#pragma fenv_access",
                                            "#pragma float_control",
                                            "#pragma code_seg",
                                            "#pragma data_seg",
                                            "#pragma const_seg",
                                            "#pragma bss_seg",
                                            "#pragma section",
                                            "#pragma intrinsic",
                                            "#pragma function",
                                            "#pragma strict_gs_check",
                                            "#pragma vtordisp"};

std::string withoutWarningsBesideTheCode(const std::string &said) {
    std::string kept;
    std::istringstream lines(said);
    bool dropping = false;  // within a dropped warning: its quoted source lines go too
    for (std::string line; std::getline(lines, line);) {
        const bool quoted =
            line.find('|') != std::string::npos && line.find_first_not_of(" 0123456789") == line.find('|');
        if (dropping && quoted) continue;
        const std::size_t ignoring = line.find("warning: ignoring ");  // then a quote, ASCII or not
        auto ignores = [&](const std::string &pragma) {  // this is a warning that ignores pragma
            const std::size_t at = line.find(pragma, ignoring);
            const std::size_t end = at + pragma.size();
            return ignoring != std::string::npos && at != std::string::npos && at <= ignoring + 22 &&
                   end < line.size() && !isLetter(line[end]) && !isDigit(line[end]) && line[end] != '_' &&
                   line.find("[-Wunknown-pragmas]") != std::string::npos;
        };
        dropping = line.rfind("cc1: warning: ", 0) == 0 || line.rfind("cc1plus: warning: ", 0) == 0 ||
                   std::any_of(std::begin(kVisualStudioPragmas), std::end(kVisualStudioPragmas), ignores);
        if (!dropping) kept += line + "\n";
    }
    return kept;
}

std::vector<std::string> splitWords(const std::string &text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

// Adds the compiler's words naming a source's language to command: every extension a submission's
// source may have, in any case (.CC, .Cpp, .C++), is compiled as its language, where the
// compiler would take some for files to link.
static void addLanguageOf(std::vector<std::string> &command, const std::string &source) {
    command.insert(command.end(), {"-x", Assignment::isCSource(source) ? "c" : "c++"});
}

// Every zip a Mac makes holds them: a correct eight scored 0, "stray '\5' in program"
// (adversary round 19).
bool madeByTheSystem(const fs::path &relative) {
    for (const fs::path &part : relative) {
        const std::string name = part.string();
        if (name == "__MACOSX" || (name.size() > 1 && name[0] == '.' && name != "..")) return true;
    }
    return false;
}

// Returns true if code (a source's code alone, blanks out) defines a function main.
bool definesMain(const std::string &code) {
    static const std::regex main(R"((^|[^\w.>:])main\s*\()");
    return std::regex_search(code, main);
}

// Returns true if relative (a path in the submission) lies in a folder of tests (tests/,
// test/, testing/, unittests/): test programs, no part of the program graded.
bool inATestFolder(const fs::path &relative) {
    for (const fs::path &folder : relative.parent_path()) {
        const std::string name = lowered(folder.string());
        if (name == "test" || name == "tests" || name == "testing" || name == "unittests" ||
            name == "unit_tests")
            return true;
    }
    return false;
}

// Returns true if a file or folder's name (its last part) is a leftover's by the names
// students, their file managers and editors give them: a copy ("board - Copy.cc",
// "board copy.cc", "board (1).cc", "Copy of board.cc"), an old or backup version
// (board_old.cc, board.bak.cc, backup/, Old/, archive/). Such a file loses every tie to
// one named plainly (adversary round 24b: a Windows copy linked instead of board.cc, 26.7;
// backup/dotsboxes.cpp graded instead of the top one, 60).
bool looksLikeALeftover(const fs::path &name) {
    static const std::regex leftover(
        R"((^|[^a-z])(copy|copies|backups?|bak|old|orig|original|archive|previous)($|[^a-z])|\(\d+\)|~$)");
    return std::regex_search(lowered(name.string()), leftover);
}

// Returns true if relative (a path under root) lies in a build tree a tool made: CMake's
// (a folder holding CMakeCache.txt, CMakeFiles, CLion's cmake-build-debug), whose
// compiler-identification sources have mains of their own (adversary round 23b: 0 for a
// CLion project handed in with its build folder).
static bool madeByABuild(const fs::path &root, const fs::path &relative) {
    fs::path folder = root;
    std::error_code error;
    for (auto part = relative.begin(); part != relative.end() && std::next(part) != relative.end(); ++part) {
        folder /= *part;
        const std::string name = part->string();
        if (name == "CMakeFiles" || name.rfind("cmake-build-", 0) == 0 ||
            fs::exists(folder / "CMakeCache.txt", error))
            return true;
    }
    return false;
}

std::vector<std::string> submissionSources(const Assignment &assignment, const std::string &submission,
                                           bool headersToo) {
    std::vector<std::string> sources;
    std::error_code error;
    if (fs::is_regular_file(fs::symlink_status(submission, error))) {
        sources.push_back(fs::absolute(submission).string());
    } else if (fs::is_directory(submission)) {
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(submission, error))
            if (!madeByTheSystem(fs::relative(entry.path(), submission)) &&
                !madeByABuild(submission, fs::relative(entry.path(), submission)) &&
                (assignment.isSource(entry.path()) ||
                 (headersToo && hasExtension(entry.path(), kHeaderExtensions))))
                if (const fs::path file = submissionFile(submission, entry.path()); !file.empty())
                    sources.push_back(fs::absolute(file).string());
        std::sort(sources.begin(), sources.end());
    }
    return sources;
}

// Returns copy, dated 2025-01-01 00:00 UTC (the compiler's __TIMESTAMP__ is its file's
// time, which a copy would take from the moment of the grading).
static const fs::path &dated(const fs::path &copy) {
    const struct timespec times[2] = {{1735689600, 0}, {1735689600, 0}};
    utimensat(AT_FDCWD, copy.c_str(), times, AT_SYMLINK_NOFOLLOW);
    return copy;
}

namespace {

// One file of the submission a build sees: where it is, and its path in the build folder.
struct StagedFile {
    fs::path from, to;
    bool source;  // a source (else a Makefile or a header)
};

// Returns text in UTF-8 (without a byte-order mark) where bytes are UTF-16 or UTF-32 with
// one (Visual Studio's "Unicode - Codepage 1200": a correct dotsboxes with its author's
// name in Chinese scored 0, "stray '\377' in program", adversary round 23); nothing where
// they are not, or do not convert.
std::optional<std::string> asUtf8(const std::string &bytes) {
    const char *encoding = bytes.rfind(std::string("\xFF\xFE\0\0", 4), 0) == 0   ? "UTF-32LE"
                           : bytes.rfind(std::string("\0\0\xFE\xFF", 4), 0) == 0 ? "UTF-32BE"
                           : bytes.rfind("\xFF\xFE", 0) == 0                     ? "UTF-16LE"
                           : bytes.rfind("\xFE\xFF", 0) == 0                     ? "UTF-16BE"
                                                                                 : nullptr;
    if (encoding == nullptr) return std::nullopt;
    const std::size_t mark = std::string(encoding).rfind("32") != std::string::npos ? 4 : 2;
    iconv_t converter = iconv_open("UTF-8", encoding);
    if (converter == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    std::string in = bytes.substr(mark), out(in.size() * 2 + 16, '\0');
    char *from = in.data(), *to = out.data();
    std::size_t left = in.size(), room = out.size();
    const bool whole =
        iconv(converter, &from, &left, &to, &room) != static_cast<std::size_t>(-1) && left == 0;
    iconv_close(converter);
    if (!whole) return std::nullopt;
    out.resize(out.size() - room);
    return out;
}

// Returns the files stageSubmission copies, sorted by their paths in the build folder.
// Gives our user read permission (and search, for a folder) on each file and folder of the
// submission that it owns and may not read: their modes came with the hand-in (unzip keeps
// a zip's stored modes), and root, which reads them anyway, graded what we could not (a
// file or folder of mode 000 made a grading "not graded": adversary round 24b). What
// another user owns and keeps from us is the set-up's fault, and stays not graded.
void openedToUs(const fs::path &path, std::size_t &budget) {
    struct stat about {};
    if (budget == 0 || lstat(path.c_str(), &about) != 0 || about.st_uid != geteuid() || geteuid() == 0)
        return;
    --budget;
    const mode_t wanted = S_ISDIR(about.st_mode) ? S_IRUSR | S_IXUSR : S_ISREG(about.st_mode) ? S_IRUSR : 0;
    if ((about.st_mode & wanted) != wanted) chmod(path.c_str(), (about.st_mode & 07777) | wanted);
    if (!S_ISDIR(about.st_mode)) return;
    std::error_code error;
    for (fs::directory_iterator entry(path, error), end; !error && entry != end; entry.increment(error))
        openedToUs(entry->path(), budget);
}

std::vector<StagedFile> filesToStage(const Assignment &assignment, const std::string &submission) {
    std::vector<StagedFile> files;
    std::size_t budget = 100 * kMaxFiles;  // entries looked at: more than any hand-in holds
    openedToUs(submission, budget);
    if (!fs::is_directory(submission)) {
        if (isPlainSmallFile(submission))
            files.push_back({submission, fs::path(submission).filename(), true});
        return files;
    }
    const fs::path root = fs::absolute(submission);
    for (const char *makefile : kMakefiles)  // the student's own build, at the top only
        if (const fs::path file = submissionFile(root, root / makefile); !file.empty())
            files.push_back({file, makefile, false});
    // Every candidate first (up to a bound no hand-in nears), then the first kMaxFiles in a
    // fixed order (sources before headers, each by path): what is built never hangs on the
    // order the file system lists them in (260 headers beside eight's sources lost board.cc
    // on one disk and not on another: adversary round 22b).
    std::vector<StagedFile> found;
    std::error_code error;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(root, error)) {
        const fs::path &path = entry.path();
        const bool source = assignment.isSource(path);
        if (!(source || hasExtension(path, kHeaderExtensions)) || madeByTheSystem(fs::relative(path, root)) ||
            madeByABuild(root, fs::relative(path, root)))
            continue;
        const fs::path file = submissionFile(root, path);
        if (file.empty()) continue;
        if (found.size() >= 50 * kMaxFiles) break;
        found.push_back({file, fs::relative(path, root), source});
    }
    std::sort(found.begin(), found.end(), [](const StagedFile &a, const StagedFile &b) {
        return a.source != b.source ? a.source : a.to < b.to;
    });
    if (found.size() > kMaxFiles) found.resize(kMaxFiles);
    files.insert(files.end(), found.begin(), found.end());
    std::sort(files.begin(), files.end(),
              [](const StagedFile &a, const StagedFile &b) { return a.to < b.to; });
    return files;
}

}  // namespace

std::vector<std::string> stageSubmission(const Assignment &assignment, const std::string &submission,
                                         const fs::path &src, std::vector<std::string> *converted) {
    std::vector<std::string> staged;
    fs::create_directories(src);
    for (const StagedFile &file : filesToStage(assignment, submission)) {
        const fs::path copy = src / file.to;
        fs::create_directories(copy.parent_path());
        const std::string bytes = readGivenFile(file.from);
        const std::optional<std::string> utf8 = asUtf8(bytes);
        writeFileText(copy, utf8.value_or(bytes));
        if (utf8 && converted != nullptr) converted->push_back(file.to.string());
        // Readable by the build's uid whatever the original's mode (a file of mode 000,
        // which root reads, was "Permission denied" to the compiler: adversary round 22).
        fs::permissions(copy, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                  fs::perms::others_read);
        dated(copy);
        if (file.source) staged.push_back(copy.string());
    }
    std::sort(staged.begin(), staged.end());
    return staged;
}

std::string submissionDigest(const Assignment &assignment, const std::string &submission) {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    bool fine = context != nullptr && EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) == 1;
    auto add = [&](const std::string &bytes) {
        const std::string length = std::to_string(bytes.size()) + ":";  // no two file lists read alike
        fine = fine && EVP_DigestUpdate(context.get(), length.data(), length.size()) == 1 &&
               EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) == 1;
    };
    // Only the code of the program counts: comments, blanks outside literals, a byte-order
    // mark and the files' names and order do not, so that a student cannot draw other
    // cases by touching a comment or a name, only by changing what the program does
    // (adversary round 22b: 98.4, 100, 100 and 99.4 for one program with four trailing
    // comments). Nor do the files a build leaves out or never reads (adversary rounds 23 and
    // 23b: 58.4 to 65.6 for one eight beside a test program, a Makefile, board.cc renamed;
    // 92.5 to 98.5 for one dotsboxes beside a header nothing includes): a test
    // program with a main of its own, a test folder, a one-file assignment's sources not
    // named as it, a copy in a subfolder of a file of the same name above it (backup/board.h:
    // round 23c), and every header no source kept includes.
    struct Code {
        fs::path path;                   // in the submission
        std::string text;                // its code alone
        std::set<std::string> includes;  // the file names it includes in quotes
        bool source, main, named, tested;
    };
    std::vector<Code> files;
    std::string makefile;  // the one make reads at the top, its comments and blanks gone
    for (const StagedFile &file : filesToStage(assignment, submission)) {
        if (!assignment.singleFile && !file.to.has_parent_path() && makefile.empty() &&
            std::find(std::begin(kMakefiles), std::end(kMakefiles), file.to.string()) !=
                std::end(kMakefiles)) {
            // Its flags and recipes make the program too: -DANSWERS="..." in it kept the
            // seed while it changed the program (adversary round 25).
            std::istringstream lines(readGivenFile(file.from));
            for (std::string line; std::getline(lines, line);)
                for (char c : line.substr(0, line.find('#')))
                    if (!isWhitespace(c)) makefile += c;
            continue;
        }
        if (!file.source && !hasExtension(file.from, kHeaderExtensions)) continue;
        const std::string bytes = readGivenFile(file.from);
        std::string text = asUtf8(bytes).value_or(bytes);
        if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
        // The texts of literals count: a table of the right outputs kept in one string
        // literal left the seed as it was, so the same games came again, now answered from
        // the table (adversary round 25: 85.5 to 100, and 15 to 100 for an eight with no game).
        Code code{file.to, codeOnly(text, true), {}, file.source, false, false, false};
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);)
            if (const std::string included = quotedInclude(line); !included.empty())
                code.includes.insert(fs::path(included).filename().string());
        // Told before the blanks go: "int main(" without them is "intmain(", no main at all
        // (the rule below never left a test program's main out, found in round 24c).
        code.main = file.source && definesMain(codeOnly(text));
        code.text.erase(
            std::remove_if(code.text.begin(), code.text.end(), [](char c) { return isWhitespace(c); }),
            code.text.end());
        code.named = lowered(file.to.stem().string()) == lowered(assignment.name);
        code.tested = inATestFolder(file.to);
        files.push_back(std::move(code));
    }
    const bool namedMain =
        std::any_of(files.begin(), files.end(), [](const Code &c) { return c.source && c.main && c.named; });
    const bool namedSource =
        std::any_of(files.begin(), files.end(), [](const Code &c) { return c.source && c.named; });
    auto depth = [](const fs::path &path) { return std::distance(path.begin(), path.end()); };
    auto copyAbove = [&](const Code &code) {  // a file of the same name in a folder above
        return std::any_of(files.begin(), files.end(), [&](const Code &other) {
            return other.path.filename() == code.path.filename() && depth(other.path) < depth(code.path);
        });
    };
    // Where every source lies in a folder of tests, they are the program (the build links
    // them): the digest of nothing gave every such hand-in one public set of cases, which
    // a program could replay (adversary round 24c).
    const bool allTested =
        std::none_of(files.begin(), files.end(), [](const Code &c) { return c.source && !c.tested; });
    std::vector<const Code *> kept;
    for (const Code &code : files) {
        if (!code.source || (code.tested && !allTested) || copyAbove(code)) continue;
        if (assignment.singleFile && namedSource && !code.named) continue;
        if (code.main && namedMain && !code.named) continue;
        kept.push_back(&code);
    }
    std::set<std::string> included;  // the headers' names the kept files include, and theirs
    for (std::size_t k = 0; k < kept.size(); ++k)
        for (const std::string &name : kept[k]->includes)
            if (included.insert(name).second)
                for (const Code &header : files)
                    if (!header.source && (!header.tested || allTested) && header.path.filename() == name &&
                        !copyAbove(header))
                        kept.push_back(&header);
    std::vector<std::string> texts;
    for (const Code *code : kept) texts.push_back(code->text);
    std::sort(texts.begin(), texts.end());
    for (const std::string &code : texts) add(code);
    if (!makefile.empty()) add("make:" + makefile);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    fine = fine && EVP_DigestFinal_ex(context.get(), digest, &size) == 1;
    if (!fine) throw std::runtime_error("OpenSSL could not make a SHA-256 digest");
    static const char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int k = 0; k < size; ++k) hex += {kHex[digest[k] >> 4], kHex[digest[k] & 15]};
    return hex;
}

namespace {

// A one-file assignment handed in as a folder of several sources: keeps the file named
// as the assignment (any case: DotsBoxes.CPP), noting what is left out; returns false with
// the reason in build.diagnostics if none is so named.
// Returns true if source is Visual Studio's precompiled-header source (pch.cpp,
// stdafx.cpp, any case) holding nothing but preprocessor lines, as its template makes it.
bool isPrecompiledHeaderSource(const std::string &source) {
    const std::string stem = lowered(fs::path(source).stem().string());
    if (stem != "pch" && stem != "stdafx") return false;
    std::istringstream lines(codeOnly(readFileText(source)));
    for (std::string line; std::getline(lines, line);) {
        const std::size_t first = line.find_first_not_of(" \t\r\f\v");
        if (first != std::string::npos && line[first] != '#') return false;
    }
    return true;
}

bool chooseTheOneFile(const Assignment &assignment, const fs::path &src, BuildResult &build) {
    // Visual Studio's precompiled-header source is no file of the program: Source.cpp
    // beside the template's pch.cpp scored 0, alone 100 (adversary round 26).
    std::vector<std::string> program;
    std::copy_if(build.sources.begin(), build.sources.end(), std::back_inserter(program),
                 [](const std::string &source) { return !isPrecompiledHeaderSource(source); });
    if (program.size() == 1) {
        for (const std::string &source : build.sources)
            if (source != program.front())
                build.notes += "left out " + fs::relative(source, src).string() +
                               ", Visual Studio's precompiled-header source, which holds no code\n";
        build.sources = program;
        return true;
    }
    auto named = [&](const std::string &source) {
        return lowered(fs::path(source).stem().string()) == assignment.name;
    };
    std::string others;
    for (const std::string &source : build.sources)
        if (!named(source)) others += (others.empty() ? "" : ", ") + fs::relative(source, src).string();
    // The one nearest the top, and of those one in no leftover's folder: backup/ sorts
    // before dotsboxes.cpp (adversary round 24b: an old copy graded, 60; one that did not
    // compile, 0). The digest keeps the same one (copyAbove).
    const auto depth = [&](const std::string &source) {
        const fs::path relative = fs::relative(source, src);
        std::size_t parts = 0, leftovers = 0;
        for (const fs::path &part : relative.parent_path())
            ++parts, leftovers += looksLikeALeftover(part) ? 1 : 0;
        return std::make_pair(parts, leftovers);
    };
    auto chosen = build.sources.end();
    for (auto source = build.sources.begin(); source != build.sources.end(); ++source)
        if (named(*source) && (chosen == build.sources.end() || depth(*source) < depth(*chosen)))
            chosen = source;
    if (chosen == build.sources.end()) {
        build.diagnostics = "the assignment is one file, " + assignment.name + ".cpp, and none of the " +
                            std::to_string(build.sources.size()) + " source files is called that: " + others +
                            "\n";
        return false;
    }
    build.notes += "graded " + fs::relative(*chosen, src).string() +
                   " alone (the assignment is one file); left out: " + others + "\n";
    build.sources = {*chosen};
    return true;
}

// Returns the command that links the build's objects into its program.
std::vector<std::string> linkCommand(const BuildResult &build, bool allC) {
    std::vector<std::string> link = {allC ? "/usr/bin/gcc" : "/usr/bin/g++", "-o", "program"};
    link.insert(link.end(), build.objects.begin(), build.objects.end());
    if (allC) link.push_back("-lm");
    return link;
}

// Returns the unit number of an object named in linker output at `at` ("unit7.o" -> 7),
// or -1 if there is none there.
long unitAt(const std::string &text, std::size_t at) {
    if (text.compare(at, 4, "unit") != 0) return -1;
    std::size_t end = at + 4;
    long unit = 0;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) && unit < 100000)
        unit = unit * 10 + (text[end++] - '0');
    return end > at + 4 && text.compare(end, 2, ".o") == 0 ? unit : -1;
}

// Returns where build.objects holds the object of unit number ("unit7.o" for 7; a unit left
// out has none), or -1.
long objectIndex(const BuildResult &build, long number) {
    if (number < 0) return -1;
    const auto at =
        std::find(build.objects.begin(), build.objects.end(), "unit" + std::to_string(number) + ".o");
    return at == build.objects.end() ? -1 : static_cast<long>(at - build.objects.begin());
}

// Returns the top of the program's sources: the deepest folder under src that holds every
// one. A submission handed in as its folder (lab6/, in a zip or a batch) has its files one
// level down, and a test program or an old copy there is what it is at src (adversary
// round 25: 100 at the top, 0 in lab6/).
fs::path sourcesTop(const BuildResult &build, const fs::path &src) {
    if (build.sources.empty()) return src;
    fs::path top = fs::path(build.sources.front()).parent_path();
    for (const std::string &source : build.sources)
        while (
            top != src && top.has_relative_path() &&
            std::mismatch(top.begin(), top.end(), fs::path(source).begin(), fs::path(source).end()).first !=
                top.end())
            top = top.parent_path();
    return top;
}

// Returns the units of build the program needs, ascending: the one that defines main (the
// only one, else the one at the top), and every unit that defines a symbol a needed one
// uses, the definer in the user's own folder first, then one at the top. Empty where nm
// cannot tell or no single main is found. A test program linked with its framework's
// main (GoogleTest's), or a second copy of the lab's files in a subfolder, is no part of
// it (adversary round 23: 0 for a correct eight beside tests/board_test.cc).
std::vector<std::size_t> neededUnits(const BuildResult &build, const fs::path &src) {
    const std::vector<std::string> objects = objectPaths(build);
    std::vector<std::string> nm = {"/usr/bin/nm", "-A", "-P"};
    nm.insert(nm.end(), objects.begin(), objects.end());
    std::string listed;
    if (runBuildTool("", nm, listed, kStepSeconds, objects) != 0) return {};
    std::vector<std::set<std::string>> defines(objects.size()), uses(objects.size());
    std::istringstream lines(listed);
    for (std::string line; std::getline(lines, line);) {
        // "/path/unit3.o: _Z3fooi T 0000000000000000 0000000000000010"
        const std::size_t colon = line.find(": ");
        if (colon == std::string::npos) continue;
        const long unit = objectIndex(build, unitAt(fs::path(line.substr(0, colon)).filename().string(), 0));
        std::istringstream words(line.substr(colon + 2));
        std::string name, type;
        if (unit < 0 || static_cast<std::size_t>(unit) >= objects.size() || !(words >> name >> type))
            continue;
        if (type == "U")
            uses[static_cast<std::size_t>(unit)].insert(name);
        else if (std::isupper(static_cast<unsigned char>(type[0])) || type == "u" || type == "v" ||
                 type == "w")
            defines[static_cast<std::size_t>(unit)].insert(name);
    }
    const fs::path top = sourcesTop(build, src);
    auto atTop = [&](std::size_t unit) { return fs::path(build.sources[unit]).parent_path() == top; };
    std::vector<std::size_t> mains;
    for (std::size_t unit = 0; unit < objects.size(); ++unit)
        if (defines[unit].count("main")) mains.push_back(unit);
    if (mains.size() > 1)
        mains.erase(
            std::remove_if(mains.begin(), mains.end(), [&](std::size_t unit) { return !atTop(unit); }),
            mains.end());
    if (mains.size() != 1) return {};
    std::set<std::size_t> needed = {mains.front()};
    for (std::vector<std::size_t> todo = mains; !todo.empty();) {
        const std::size_t unit = todo.back();
        todo.pop_back();
        for (const std::string &symbol : uses[unit]) {
            std::vector<std::size_t> definers;
            for (std::size_t other = 0; other < objects.size(); ++other)
                if (defines[other].count(symbol)) definers.push_back(other);
            if (definers.empty() || std::any_of(definers.begin(), definers.end(),
                                                [&](std::size_t d) { return needed.count(d) != 0; }))
                continue;
            const auto rank = [&](std::size_t d) {
                const int where =
                    fs::path(build.sources[d]).parent_path() == fs::path(build.sources[unit]).parent_path()
                        ? 0
                    : atTop(d) ? 1
                               : 2;
                return 2 * where + (looksLikeALeftover(fs::path(build.sources[d]).stem()) ? 1 : 0);
            };
            const std::size_t chosen =
                *std::min_element(definers.begin(), definers.end(),
                                  [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
            needed.insert(chosen);
            todo.push_back(chosen);
        }
    }
    return {needed.begin(), needed.end()};
}

// Leaves out of build every unit not in kept (ascending), said in build.notes with why.
void leaveOut(BuildResult &build, const fs::path &src, const std::vector<std::size_t> &kept,
              const std::string &why) {
    std::string dropped;
    for (std::size_t unit = build.sources.size(); unit-- > 0;) {
        if (std::binary_search(kept.begin(), kept.end(), unit)) continue;
        dropped = fs::relative(build.sources[unit], src).string() + (dropped.empty() ? "" : ", ") + dropped;
        build.sources.erase(build.sources.begin() + static_cast<long>(unit));
        build.objects.erase(build.objects.begin() + static_cast<long>(unit));
    }
    if (!dropped.empty()) build.notes += "left out " + dropped + ": " + why + "\n";
}

// After a failed link that said `linkerSaid`: returns, in plain words, which files define
// the same function or variable ("" if that is not why). A file in a subfolder with a main
// of its own, beside one main in the top folder, is a leftover, and so is a test program
// beside the file named as the assignment: each is dropped from build (said in build.notes)
// so that the link can be tried again.
std::string explainedClash(const Assignment &assignment, BuildResult &build, const fs::path &src,
                           const std::string &linkerSaid) {
    // ld: "/usr/bin/ld: unit11.o: in function `main':" then
    //     "test_main.cpp:(.text+0x0): multiple definition of `main'; unit7.o:main.cpp:(...): first defined
    //     here"
    std::map<std::string, std::set<std::size_t>> definers;
    long current = -1;
    std::istringstream in(linkerSaid);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("/usr/bin/ld: ", 0) == 0) current = unitAt(line, 13);
        const std::size_t at = line.find("multiple definition of `");
        if (at == std::string::npos) continue;
        const std::size_t start = at + 24, end = line.find("'; ", start);
        if (end == std::string::npos) continue;
        const long first = unitAt(line, end + 3);
        std::set<std::size_t> &units = definers[line.substr(start, end - start)];
        for (long unit : {objectIndex(build, first), objectIndex(build, current)})
            if (unit >= 0) units.insert(static_cast<std::size_t>(unit));
    }
    auto shown = [&](std::size_t unit) { return fs::relative(build.sources[unit], src).string(); };
    const fs::path top = sourcesTop(build, src);
    std::vector<std::size_t> topMains, leftovers;
    for (std::size_t unit : definers["main"])
        (fs::path(build.sources[unit]).parent_path() == top ? topMains : leftovers).push_back(unit);
    // Several mains at the top, one in the file named as the assignment (eight.cc) or
    // main.cpp: the others are test programs, which the lab's text suggests writing.
    std::vector<std::size_t> named;
    for (std::size_t unit : topMains) {
        const std::string stem = lowered(fs::path(build.sources[unit]).stem().string());
        if (stem == lowered(assignment.name) || stem == "main") named.push_back(unit);
    }
    const bool testPrograms = topMains.size() > 1 && named.size() == 1;
    if (testPrograms) {
        for (std::size_t unit : topMains)
            if (unit != named.front()) leftovers.push_back(unit);
        topMains = named;
        std::sort(leftovers.begin(), leftovers.end());
    }
    if (topMains.size() == 1 && !leftovers.empty()) {
        std::string dropped;
        for (std::size_t unit : leftovers) dropped += (dropped.empty() ? "" : ", ") + shown(unit);
        build.notes += "left out " + dropped +
                       (testPrograms ? ": a main of its own (a test program?); graded "
                                     : ": a main of its own in a subfolder (a leftover?); graded ") +
                       shown(topMains.front()) + "'s main\n";
        std::sort(leftovers.rbegin(), leftovers.rend());
        for (std::size_t unit : leftovers) {
            build.sources.erase(build.sources.begin() + static_cast<long>(unit));
            build.objects.erase(build.objects.begin() + static_cast<long>(unit));
        }
        return "";
    }
    std::string text;
    for (const auto &[symbol, units] : definers) {
        if (units.size() < 2) continue;
        std::string files;
        std::size_t k = 0;
        for (std::size_t unit : units)
            files += (k == 0 ? "" : ++k == units.size() ? " and " : ", ") + shown(unit), k += k == 0;
        text += symbol == "main"
                    ? std::to_string(units.size()) + " files define main: " + files +
                          ". A program has one main: keep one, remove or rename the others.\n"
                    : symbol + " is defined in both " + files + ": define it in one file only.\n";
    }
    return text;
}

// Returns the program the build left at `left`, copied (bytes, never through a link: a
// link to anything else, our reference say, is no program) into a folder of the grader's
// own beside the build folder, where no student process can change it; "" with why in
// `why` if it is not a plain file of at most kBuildFolderBytes. Every process of the build
// is gone by now, so nothing changes the folder while it is read.
std::string claimedProgram(const fs::path &buildFolder, const fs::path &left, std::string &why) {
    // Each folder on the way, from the build folder down, must be a folder, not a link.
    for (fs::path at = left.parent_path(); at != buildFolder && at.string().size() > buildFolder.string().size();
         at = at.parent_path())
        if (!fs::is_directory(fs::symlink_status(at))) {
            why = at.filename().string() + " is not a folder but a link: the program must be a file the build made";
            return "";
        }
    const int from = open(left.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    struct stat info;
    if (from < 0 || fstat(from, &info) != 0 || !S_ISREG(info.st_mode) ||
        static_cast<std::uintmax_t>(info.st_size) > kBuildFolderBytes) {
        if (from >= 0) close(from);
        why = left.filename().string() + " is not a plain file (a link?): the program must be a file the build made";
        return "";
    }
    const fs::path folder = buildFolder.parent_path() / "program";
    fs::create_directories(folder);
    fs::permissions(folder, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    const fs::path copy = folder / left.filename();
    const int to = open(copy.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0755);
    bool copied = to >= 0;
    char buffer[65536];
    for (ssize_t n; copied && (n = read(from, buffer, sizeof buffer)) != 0;)
        copied = n > 0 && write(to, buffer, static_cast<std::size_t>(n)) == n;
    close(from);
    if (to >= 0 && close(to) != 0) copied = false;
    if (!copied) throw std::runtime_error("cannot copy the built program into " + copy.string());
    fchmodat(AT_FDCWD, copy.c_str(), 0755, 0);  // whatever the umask
    return copy.string();
}

// Returns the words of a shell command line, quotes and backslashes taken away.
std::vector<std::string> shellWords(const std::string &line) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (std::size_t k = 0; k < line.size(); ++k) {
        const char c = line[k];
        if (quote == 0 && (c == ' ' || c == '\t')) {
            if (inWord) words.push_back(word);
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == '\\' && quote != '\'' && k + 1 < line.size())
            word += line[++k];
        else if ((c == '"' || c == '\'') && (quote == 0 || quote == c))
            quote = quote == 0 ? c : 0;
        else
            word += c;
    }
    if (inWord) words.push_back(word);
    return words;
}

// Returns, per source file name, the flags of make's compile command for it that select
// what code is compiled (-D, -U, -O, -std, -include, -ansi): `make -n -B` in the sandbox
// prints every command the Makefile runs. A Makefile that compiled code under #ifdef
// __OPTIMIZE__ (its -O2), a -D of its own, or #if __cplusplus >= 201703L (its -std) hid it
// from the course's command, and its warnings with it (adversary round 19: 100 where the
// same code, plain, got 95).
std::map<std::string, std::vector<std::string>> makeCommandFlags(const Assignment &assignment,
                                                                 const BuildResult &build,
                                                                 const fs::path &src,
                                                                 std::vector<std::string> &compiledHeaders) {
    std::map<std::string, std::vector<std::string>> flags;
    std::string printed;
    if (runBuildTool(build.folder, {"/usr/bin/make", "-n", "-B", "-s", "-C", "src"}, printed, kStepSeconds) !=
        0)
        return flags;
    std::set<std::string> sources;
    for (const std::string &source : build.sources) sources.insert(fs::path(source).filename().string());
    std::istringstream lines(printed);
    for (std::string line; std::getline(lines, line);) {
        const std::vector<std::string> words = shellWords(line);
        if (words.empty()) continue;
        const std::string tool = fs::path(words.front()).filename().string();
        if (tool.find("g++") == std::string::npos && tool.find("gcc") == std::string::npos && tool != "cc" &&
            tool != "c++" && tool.find("clang") == std::string::npos)
            continue;
        std::vector<std::string> selecting;
        std::vector<std::string> compiled;
        bool asCode = false;  // after -x c++ (or c): what follows is compiled as code, a header too
        for (std::size_t k = 1; k < words.size(); ++k) {
            const std::string &w = words[k];
            if (w == "-x" || w.rfind("-x", 0) == 0) {
                const std::string language = w == "-x" && k + 1 < words.size() ? words[++k] : w.substr(2);
                asCode = language == "c++" || language == "c";
                continue;
            }
            if (w.rfind("-D", 0) == 0 || w.rfind("-U", 0) == 0 || w.rfind("-O", 0) == 0 ||
                w.rfind("-std=", 0) == 0 || w == "-ansi") {
                selecting.push_back(w);
                if ((w == "-D" || w == "-U") && k + 1 < words.size()) selecting.push_back(words[++k]);
            } else if (w == "-include" && k + 1 < words.size()) {
                const fs::path file = words[++k];
                selecting.insert(selecting.end(),
                                 {"-include", (file.is_absolute() ? file : src / file).string()});
            } else if (sources.count(fs::path(w).filename().string()) != 0 && assignment.isSource(w)) {
                compiled.push_back(fs::path(w).filename().string());
            } else if (asCode && hasExtension(w, kHeaderExtensions) && words[k - 1] != "-o" &&
                       words[k - 1] != "-MF") {
                // A header the command compiles as code (-x c++ eight_main.hpp): its warnings
                // count as a source's (adversary round 21: 100 against 95).
                const fs::path file = (fs::path(w).is_absolute() ? fs::path(w) : src / w).lexically_normal();
                const std::string relative = file.lexically_relative(src).string();
                if (!relative.empty() && relative.rfind("..", 0) != 0 && isPlainSmallFile(file) &&
                    std::find(compiledHeaders.begin(), compiledHeaders.end(), file.string()) ==
                        compiledHeaders.end())
                    compiledHeaders.push_back(file.string());
            }
        }
        for (const std::string &source : compiled) flags[source] = selecting;
    }
    return flags;
}

// A Makefile's compilers: every compiler /usr/bin has (cc, c++, gcc, g++, clang, clang++,
// a version's or a target's), each a wrapper in kCompilerWrappers that leaves sanitizer
// flags and -static out. A sanitized program cannot run within a grading's limits (ASan's
// shadow memory needs far more address space than a run has, and its runtime must load
// before the repeatable-run library): a correct boxes whose Makefile said
// -fsanitize=address, as many courses ask, scored 15 (adversary round 21). A static one
// never loads that library, so its clock and random numbers would be the machine's (and
// its argv[0] the sandbox's path: adversary round 23b). The wrapper writes what it left
// out in kLeftOutFlags.
constexpr const char *kCompilerWrappers = "compilers";
constexpr const char *kLeftOutFlags = "left-out";
const std::regex kCompilerName(R"(([a-z0-9_]+-linux-gnu-)?(cc|c\+\+|gcc|g\+\+|clang|clang\+\+)(-[0-9.]+)?)");

void writeCompilerWrappers(const fs::path &folder) {
    const std::string script =
        "#!/bin/sh\n"
        "# dotsgrade: a sanitized or static program cannot be graded as it is.\n"
        "for word do\n"
        "  shift\n"
        "  case $word in\n"
        "    -fsanitize=*|-static-libasan|-static-libubsan|-static-libtsan|-static-liblsan|"
        "-shared-libasan|-static|--static|-static-pie)\n"
        "      printf '%s\\n' \"$word\" >> \"${0%/*}/" +
        std::string(kLeftOutFlags) +
        "\" ;;\n"
        "    *) set -- \"$@\" \"$word\" ;;\n"
        "  esac\n"
        "done\n"
        "exec /usr/bin/\"${0##*/}\" \"$@\"\n";
    const fs::path wrappers = folder / kCompilerWrappers;
    fs::create_directories(wrappers);
    std::error_code error;
    for (const fs::directory_entry &entry : fs::directory_iterator("/usr/bin", error)) {
        const std::string name = entry.path().filename().string();
        if (!std::regex_match(name, kCompilerName) || access(entry.path().c_str(), X_OK) != 0) continue;
        writeFileText(wrappers / name, script);
        fs::permissions(wrappers / name, fs::perms::owner_all | fs::perms::group_read |
                                             fs::perms::group_exec | fs::perms::others_read |
                                             fs::perms::others_exec);
    }
}

// Returns the sanitizer flags the compiler wrappers left out (one each, as written), "" for none.
std::string leftOutFlags(const fs::path &folder) {
    const fs::path said = folder / kCompilerWrappers / kLeftOutFlags;
    if (!isPlainSmallFile(said)) return "";  // the student's build may have put anything there
    std::set<std::string> flags;
    std::istringstream lines(readFileText(said));
    for (std::string line; std::getline(lines, line) && flags.size() < 8;)
        if (line.size() <= 80 &&
            (line.rfind("-fsanitize=", 0) == 0 || line.rfind("-static-lib", 0) == 0 ||
             line == "-shared-libasan" || line == "-static" || line == "--static" || line == "-static-pie"))
            flags.insert(line);
    std::string words;
    for (const std::string &flag : flags) words += (words.empty() ? "" : " ") + flag;
    return words;
}

// Returns why a program a Makefile made cannot be graded as it is ("" where it can): linked
// statically (no interpreter: the repeatable-run library never loads, so its clock and
// random numbers would be the machine's), or built with a sanitizer (see the wrappers).
std::string unfitToGrade(const std::string &program) {
    const std::string bytes = readFileText(program);
    Elf64_Ehdr header;
    if (bytes.size() < sizeof header || bytes.compare(0, SELFMAG, ELFMAG) != 0) return "";
    std::memcpy(&header, bytes.data(), sizeof header);
    if (header.e_ident[EI_CLASS] != ELFCLASS64) return "";
    bool interpreter = false;
    for (std::size_t k = 0; k < header.e_phnum; ++k) {
        const std::size_t at = header.e_phoff + k * header.e_phentsize;
        Elf64_Phdr segment;
        if (header.e_phentsize < sizeof segment || at + sizeof segment > bytes.size()) break;
        std::memcpy(&segment, bytes.data() + at, sizeof segment);
        interpreter = interpreter || segment.p_type == PT_INTERP;
    }
    if (!interpreter) return "linked statically";
    for (const char *runtime :
         {"__asan_init", "__ubsan_handle_", "__tsan_init", "__msan_init", "__lsan_init"})
        if (bytes.find(runtime) != std::string::npos) return "built with a sanitizer";
    return "";
}

// Builds with the student's own Makefile: `make -s` in the sandbox, in the staged copy,
// within the whole build's time. The program is the executable it makes named as the
// assignment (at the top, else the one in a folder: build/eight), or a.out, or the only
// new one. Warnings are what the compiler said.
BuildResult builtWithMake(const Assignment &assignment, BuildResult &build, const fs::path &src,
                          const char *makefile) {
    auto executables = [&] {  // plain files only, in every folder: a link is never a program
        std::set<fs::path> found;
        if (!fs::is_directory(fs::symlink_status(src))) return found;
        std::error_code error;
        for (fs::recursive_directory_iterator it(src, error), end; !error && it != end; it.increment(error)) {
            const fs::file_status status = it->symlink_status(error);
            if (fs::is_regular_file(status) && (status.permissions() & fs::perms::owner_exec) != fs::perms::none)
                found.insert(it->path());
        }
        return found;
    };
    const std::set<fs::path> before = executables();
    const std::string earlierNotes = build.notes;  // what staging said
    build.byMakefile = true;
    writeCompilerWrappers(build.folder);
    std::string said;
    const int status = runBuildTool(build.folder, {"/usr/bin/make", "-s", "-C", "src"}, said, kBuildSeconds,
                                    {}, kCompilerWrappers);
    build.diagnostics = said;
    // Warnings are the course's command's (courseWarnings), not what the Makefile's own
    // flags (-Wextra, -O2) add: the same code without a Makefile warned of nothing.
    build.warned = false;
    build.notes = earlierNotes + "built with your " + std::string(makefile) + " (make -s)\n";
    std::string leftOut;
    if (const std::string flags = leftOutFlags(build.folder); !flags.empty()) {
        const bool sanitizer = flags.find("san") != std::string::npos;
        const bool isStatic = (" " + flags + " ").find(" -static ") != std::string::npos ||
                              flags.find("--static") != std::string::npos ||
                              flags.find("-static-pie") != std::string::npos;
        leftOut = "left out your " + std::string(makefile) + "'s " + flags + ": " +
                  (sanitizer ? "a sanitized program cannot run within a grading's memory limits" : "") +
                  (sanitizer && isStatic ? ", and " : "") +
                  (isStatic ? std::string(sanitizer ? "a static one" : "a static program") +
                                  " cannot be given the same clock and random numbers on every run"
                            : "") +
                  ", so the program graded is built without them\n";
    }
    build.notes += leftOut;
    if (status != 0) {
        build.diagnostics += "your " + std::string(makefile) + " failed (make " +
                             (status < 0 ? "was stopped" : "exited with status " + std::to_string(status)) +
                             ")\n";
        return build;
    }
    if (bytesUnder(build.folder) > kBuildFolderBytes) {
        build.diagnostics += "the build wrote more than its 64 MB of files in all\n";
        return build;
    }
    std::vector<fs::path> made;
    for (const fs::path &path : executables())
        if (!before.count(path)) made.push_back(path);
    fs::path program;
    for (const std::string &name : {assignment.name, std::string("a.out")}) {
        if (!program.empty()) break;
        if (std::find(made.begin(), made.end(), src / name) != made.end()) {
            program = src / name;
            continue;
        }
        std::vector<fs::path> named;
        std::copy_if(made.begin(), made.end(), std::back_inserter(named),
                     [&](const fs::path &p) { return p.filename() == name; });
        if (named.size() == 1) program = named.front();
    }
    if (program.empty() && made.size() == 1) program = made.front();
    if (program.empty()) {
        build.diagnostics += "your " + std::string(makefile) + " made " +
                             (made.empty() ? "no program" : std::to_string(made.size()) + " programs") +
                             ": make it build one, called " + assignment.name + "\n";
        return build;
    }
    std::string why;
    build.program = claimedProgram(build.folder, program, why);
    if (build.program.empty()) {
        build.diagnostics += "your " + std::string(makefile) + " left " + why + "\n";
        return build;
    }
    // A Makefile that names its compiler by its path (CXX = /usr/bin/g++) passes the
    // wrappers by (adversary round 23b: 15): made again with the compilers by name, which
    // the command line sets over the Makefile's own CXX and CC.
    if (const std::string unfit = unfitToGrade(build.program); !unfit.empty()) {
        std::string again;
        fs::remove(build.program);
        const int remade =
            runBuildTool(build.folder, {"/usr/bin/make", "-B", "-s", "-C", "src", "CXX=g++", "CC=gcc"}, again,
                         kBuildSeconds, {}, kCompilerWrappers);
        build.program = remade == 0 ? claimedProgram(build.folder, program, why) : "";
        if (build.program.empty()) {
            build.diagnostics += again + "your " + std::string(makefile) +
                                 " failed when made again with CXX=g++ CC=gcc (its program was " + unfit +
                                 ")\n";
            return build;
        }
        leftOut += "made again with CXX=g++ CC=gcc: the compiler your " + std::string(makefile) +
                   " names made a program " + unfit + "\n";
        if (const std::string flags = leftOutFlags(build.folder); !flags.empty())
            leftOut += "left out " + flags + "\n";
        if (const std::string still = unfitToGrade(build.program); !still.empty())
            leftOut += "your program is still " + still +
                       " (do your Makefile's rules name /usr/bin/g++?): its runs may fail here\n";
    }
    build.notes = earlierNotes + "built with your " + std::string(makefile) + " (make -s), which made " +
                  fs::relative(program, src).string() + "\n" + leftOut;
    build.compiled = true;
    build.makeFlags = makeCommandFlags(assignment, build, src, build.compiledHeaders);
    return build;
}

}  // namespace

namespace {
std::vector<std::string> ownFiles(const Assignment &assignment, const BuildResult &build);
std::vector<std::string> headerFoldersOf(const std::vector<std::string> &files);
}  // namespace

// What Visual Studio's console template takes from Windows' tchar.h that a program uses:
// _tmain and _TCHAR, with which the template's main is written.
const char *const kTcharStandIn =
    "#ifndef _TCHAR_DEFINED\n#define _TCHAR_DEFINED\ntypedef char _TCHAR;\ntypedef char TCHAR;\n"
    "#define _tmain main\n#define _T(x) x\n#define _TEXT(x) x\n#endif\n";

// Supplies, beside each staged file that includes one this compiler lacks, a stand-in for
// the headers of Windows that Visual Studio's console template includes from its own
// stdafx.h (targetver.h, SDKDDKVer.h, tchar.h): a project handed in as Visual Studio made
// it scored 0, the same file alone 100 (adversary round 26). Each is said in build.notes.
static void supplyWindowsHeaders(BuildResult &build, const fs::path &src) {
    const std::map<std::string, std::string> standIns = {
        {"targetver.h", "#pragma once\n"},
        {"sdkddkver.h", "#pragma once\n"},
        {"tchar.h", std::string("#pragma once\n") + kTcharStandIn}};
    std::vector<fs::path> staged;
    std::error_code error;
    for (fs::recursive_directory_iterator entry(src, error), end; !error && entry != end;
         entry.increment(error))
        if (entry->is_regular_file(error)) staged.push_back(entry->path());
    for (const fs::path &file : staged) {
        std::istringstream lines(readFileText(file));
        for (std::string line; std::getline(lines, line);) {
            const std::string_view included = includedHeader(line);
            if (included.size() < 3) continue;
            const std::string header(included.substr(1, included.size() - 2));
            const auto standIn = standIns.find(lowered(header));
            const fs::path beside = file.parent_path() / header;
            if (standIn == standIns.end() || header.find('/') != std::string::npos || fs::exists(beside) ||
                fs::exists(src / header))
                continue;
            writeFileText(beside, standIn->second);
            build.notes += "supplied " + header +
                           ", a header of Windows that Visual Studio's console template includes, which this "
                           "compiler does not have\n";
        }
    }
}

// Supplies each header a source includes in quotes that the submission lacks where the
// course hands it out: an empty stdafx.h or pch.h (Visual Studio's precompiled header,
// any case: the dotsboxes text names Visual Studio, whose console projects begin with it),
// or the assignment's provided file (eight's board.h, which the lab hands out and its
// text never asks to turn in: the course's copy, else ours). Each is said in build.notes.
static void supplyProvidedHeaders(const Assignment &assignment, BuildResult &build, const fs::path &src) {
    // A header of that name anywhere in the submission is the student's own, found on the
    // include path (include/board.h: the supplied copy at the top hid it, 0 for a correct
    // eight, adversary round 24b).
    // One in a folder of leftovers or tests is not (old/board.h, last week's; tests/board.h,
    // a stand-in: a correct eight scored 0 and 15, adversary round 24c).
    std::set<std::string> handedIn;
    std::error_code error;
    for (fs::recursive_directory_iterator entry(src, error), end; !error && entry != end;
         entry.increment(error)) {
        const fs::path relative = fs::relative(entry->path(), src);
        bool aside = inATestFolder(relative);
        for (const fs::path &folder : relative.parent_path()) aside = aside || looksLikeALeftover(folder);
        if (!aside) handedIn.insert(entry->path().filename().string());
    }
    for (const std::string &source : build.sources) {
        std::istringstream lines(readFileText(source));
        for (std::string line; std::getline(lines, line);) {
            const std::string header = quotedInclude(line);
            if (header.empty() || fs::exists(fs::path(source).parent_path() / header) ||
                fs::exists(src / header) || handedIn.count(fs::path(header).filename().string()) != 0)
                continue;
            if (const std::string name = lowered(header); name == "stdafx.h" || name == "pch.h") {
                // What Visual Studio's console template puts in it that a program uses:
                // stdio.h, and tchar.h's _tmain and _TCHAR, with which the template's main is
                // written (adversary round 25: int _tmain(int argc, _TCHAR* argv[]) scored 0).
                writeFileText(src / header,
                              std::string("#pragma once\n#include <stdio.h>\n") + kTcharStandIn);
                build.notes += "supplied " + header +
                               " as Visual Studio's console template has it (stdio.h, and tchar.h's _tmain "
                               "and _TCHAR), without its precompiling, which this compiler does not need\n";
                continue;
            }
            for (const auto &[name, copy] : assignment.providedFiles) {
                if (header != name) continue;
                const bool coursesOwn = fs::path(copy).is_absolute();
                fs::copy_file(coursesOwn ? fs::path(copy) : fs::path(dataFiles().source) / copy,
                              src / header);
                fs::permissions(src / header, fs::perms::owner_read | fs::perms::owner_write |
                                                  fs::perms::group_read | fs::perms::others_read);
                if (!coursesOwn) build.suppliedOurCopies.push_back(header);
                build.notes +=
                    "supplied the course's " + header + ", which the " + assignment.name +
                    " text hands out (your submission has none)" +
                    (coursesOwn ? std::string(": your course's copy\n")
                                : ": dotslab's copy, which may differ from your lab's (a build that fails "
                                  "with it is not graded: the course's copy, --provided, settles it)\n");
            }
        }
    }
}

BuildResult buildSubmission(const Assignment &assignment, const std::string &submission,
                            const std::string &into, const std::string &flags,
                            const std::function<void(const BuildResult &)> &compiled) {
    // Step 1: a fresh folder holding only a copy of the submission's sources and headers.
    BuildResult build;
    build.folder = (fs::path(into) / "build").string();
    const fs::path src = fs::path(build.folder) / "src";
    std::vector<std::string> converted;
    build.sources = stageSubmission(assignment, submission, src, &converted);
    for (const std::string &file : converted)
        build.notes += "read " + file +
                       " as Unicode (UTF-16 or UTF-32, as its byte-order mark says) and compiled it "
                       "as UTF-8, which GCC reads\n";
    // Links that leave the submission are never followed (a student's could lead to any file
    // of this machine). Where every source is one to a file of its own name elsewhere, the
    // folder is an instructor's copy (cp -rs), not a student's empty submission; a student's
    // links are the student's (adversary round 25 H10: "not graded" for a low score).
    if (build.sources.empty()) {
        build.diagnostics = "no source files found in '" + fs::path(submission).filename().string() + "'";
        if (!fs::is_directory(submission)) return build;
        std::error_code error;
        int links = 0, copies = 0;
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(submission, error)) {
            if (!entry.is_symlink(error) || !assignment.isSource(entry.path())) continue;
            ++links;
            const fs::path target = fs::canonical(entry.path(), error);
            if (!error && target.filename() == entry.path().filename() && isPlainSmallFile(target)) ++copies;
        }
        if (links > 0 && copies == links)
            throw NotGraded("the sources in '" + fs::path(submission).filename().string() +
                            "' are symbolic links to files outside it, which the grader never follows: copy "
                            "the files themselves (cp -r, not cp -rs)");
        if (links > 0)
            build.diagnostics +=
                ": its sources are symbolic links to files outside it, which are never read "
                "(hand in the files themselves)";
        return build;
    }
    if (assignment.singleFile && build.sources.size() > 1 && !chooseTheOneFile(assignment, src, build))
        return build;
    supplyProvidedHeaders(assignment, build, src);
    supplyWindowsHeaders(build, src);
    if (!assignment.singleFile)
        for (const char *makefile : kMakefiles)
            if (fs::exists(src / makefile)) {
                // A Makefile that makes no program here (a compiler this machine lacks,
                // /opt/homebrew/bin/g++-13; a rule naming a file not handed in) is no
                // reason to grade nothing: no text asks for one, and the course's command
                // builds the sources (adversary round 23c: 0 for a correct boxes).
                BuildResult staged = build;
                BuildResult made = builtWithMake(assignment, build, src, makefile);
                if (made.compiled) return made;
                std::string said = made.diagnostics.substr(0, 600);
                if (made.diagnostics.size() > said.size()) said += "...\n";
                // What make left (a disk it filled, sources it changed) is no part of the
                // course's build: its folder goes, the sources are staged again into a new
                // one (adversary round 25 H9: a Makefile that filled the disk made its grading
                // "not graded"). Only into a folder this grader made: make could have left
                // links where the sources go, and a write would follow them. Where its folder
                // will not go, its failure stands.
                const fs::path left = fs::path(build.folder) / "left-by-make";
                std::error_code error;
                fs::remove_all(left, error);  // a link or folder make put there goes, never followed
                fs::rename(src, left, error);
                if (error) return made;
                fs::remove_all(left, error);  // the disk it filled is free again
                build = staged;
                if (!fs::create_directory(src, error)) return made;
                stageSubmission(assignment, submission, src, nullptr);
                supplyProvidedHeaders(assignment, build, src);
                supplyWindowsHeaders(build, src);
                build.notes += "your " + std::string(makefile) +
                               " made no program here, so the course's command "
                               "built your sources instead; what make said:\n" +
                               said;
                break;
            }
    // The build's 60 s are of processor time, as each step's are: on the clock, a correct
    // boxes of 20 units scored 0 beside three busy processes and 100 alone (adversary
    // round 25). Each step's own limit still stops one that waits (four times as long).
    double spent = 0;
    auto remaining = [&] { return std::min(kStepSeconds, kBuildSeconds - spent); };
    auto inside = [&](const std::string &path) { return fs::relative(path, build.folder).string(); };

    // Step 2: each source compiled in the sandbox; includes resolve from its own folder,
    // then from the submission's top folder, then from every folder that holds a header
    // (src/ and include/, as a CMake project lays them out: adversary round 23, 0).
    std::vector<std::string> headerFolders;
    for (const std::string &folder : headerFoldersOf(ownFiles(assignment, build)))
        if (fs::path(folder) != src) headerFolders.insert(headerFolders.end(), {"-I", inside(folder)});
    const bool allC = std::all_of(build.sources.begin(), build.sources.end(),
                                  [](const std::string &s) { return Assignment::isCSource(s); });
    bool ok = true;
    // A unit that does not compile beside others (a test program whose framework is not
    // installed here, an old test_board.cc the lab text invited and the code outgrew)
    // waits: the program may need nothing of it (Step 3c). Only if it does is the build
    // failed, with what the compiler said of it (adversary round 24: 0 for a correct eight).
    std::vector<std::size_t> notCompiled;
    std::string notCompiledSaid;
    std::vector<std::string> unitSaid;  // per unit (unitN.o): what compiling it said
    // The units in folders of tests last, and only while time is left for the link: nine
    // Boost.Test programs in tests/ took the build's 60 s and a correct eight scored 0
    // (adversary round 24b; six did so only under load).
    std::vector<std::size_t> order(build.sources.size());
    std::iota(order.begin(), order.end(), 0);
    const auto tested = [&](std::size_t unit) {
        return inATestFolder(fs::relative(build.sources[unit], src));
    };
    std::stable_partition(order.begin(), order.end(), [&](std::size_t unit) { return !tested(unit); });
    std::vector<std::string> objects(build.sources.size());
    unitSaid.resize(build.sources.size());
    for (std::size_t i : order) {
        if (!ok) break;
        const fs::path source = build.sources[i];
        const std::string object = "unit" + std::to_string(i) + ".o";
        const bool isC = Assignment::isCSource(source);
        std::vector<std::string> command = {isC ? "/usr/bin/gcc" : "/usr/bin/g++"};
        for (const std::string &flag :
             splitWords(flags.empty() ? (isC ? assignment.cFlags : assignment.cxxFlags) : flags))
            command.push_back(flag);
        // -fno-lto after the course's flags: the grader reads the object's machine code and
        // symbols, which a -flto object only holds as the compiler's intermediate form.
        command.insert(command.end(), {"-fno-lto", "-I", inside(source.parent_path()), "-I", "src"});
        command.insert(command.end(), headerFolders.begin(), headerFolders.end());
        command.push_back("-c");
        addLanguageOf(command, source);
        command.insert(command.end(), {inside(source), "-o", object});
        std::string said;
        objects[i] = object;
        if (tested(i) && build.sources.size() > 1 && remaining() < kLinkReserveSeconds) {
            notCompiled.push_back(i);  // no time left for it: it waits, as one that does not compile
            continue;
        }
        bool compiledHere =
            remaining() > 0 && runBuildTool(build.folder, command, said, remaining(), {}, "", &spent) == 0;
        // No assignment's text names a standard, and today's compilers build C++17 (C17) by
        // default: code the course's older standard refuses is built with the compiler's
        // own, said in a note, never charged (adversary round 25: 0 for a correct
        // dotscomputer that returned a std::optional). An instructor's --compiler-flags stand.
        if (!compiledHere && flags.empty() && remaining() > 0) {
            const std::string standard = isC ? "-std=gnu17" : "-std=gnu++17";
            std::vector<std::string> newer = command;
            newer.insert(
                newer.begin() + 1 +
                    static_cast<long>(splitWords(isC ? assignment.cFlags : assignment.cxxFlags).size()),
                standard);  // after the course's own -std: the last one counts
            std::string newerSaid;
            if (runBuildTool(build.folder, newer, newerSaid, remaining(), {}, "", &spent) == 0) {
                compiledHere = true;
                said = newerSaid;
                const std::string note = "built with the compiler's own standard (" + standard +
                                         "): the course's command does not compile it, and your "
                                         "assignment's text names no standard\n";
                if (build.notes.find(note) == std::string::npos) build.notes += note;
            }
        }
        unitSaid[i] = withoutWarningsBesideTheCode(said);
        if (!compiledHere && remaining() > 0 && build.sources.size() > 1) {
            notCompiled.push_back(i);
            notCompiledSaid += withoutWarningsBesideTheCode(said);
            continue;
        }
        ok = compiledHere;
        build.diagnostics += withoutWarningsBesideTheCode(said);
        if (bytesUnder(build.folder) > kBuildFolderBytes) {
            build.diagnostics += "the build wrote more than its 64 MB of files in all\n";
            ok = false;
        }
    }
    build.objects = objects;  // one per unit, whether it compiled or waits
    std::sort(notCompiled.begin(), notCompiled.end());
    build.warned = !build.diagnostics.empty();
    if (!notCompiled.empty() && notCompiled.size() == build.sources.size()) ok = false;  // nothing to link
    if (!ok) {
        build.diagnostics += notCompiledSaid;
        if (remaining() <= 0)
            build.diagnostics += "the build took more than its 60 s of processor time in all\n";
        return build;
    }
    // The units that did not compile wait outside the build; if the link needs them, what
    // their compiler said is why the build failed.
    const std::vector<std::string> notCompiledFiles = [&] {
        std::vector<std::string> files;
        for (std::size_t unit : notCompiled) files.push_back(fs::relative(build.sources[unit], src).string());
        return files;
    }();
    if (!notCompiled.empty()) {
        std::vector<std::size_t> compiledUnits;
        for (std::size_t unit = 0; unit < build.sources.size(); ++unit)
            if (!std::binary_search(notCompiled.begin(), notCompiled.end(), unit))
                compiledUnits.push_back(unit);
        const std::string notes = build.notes;
        leaveOut(build, src, compiledUnits, "");
        build.notes = notes;
    }

    if (compiled) compiled(build);

    // Step 3: the program linked, in the sandbox too.
    const std::vector<std::string> link = linkCommand(build, allC);
    std::string said;
    if (runBuildTool(build.folder, link, said, remaining(), {}, "", &spent) != 0) {
        // Step 3b: a leftover file with a main of its own (old/eight_v1.cc) in a subfolder is
        // left out and the link tried again; any other clash is said in a plain sentence.
        const std::size_t objects = build.objects.size();
        const std::string clash = explainedClash(assignment, build, src, said);
        if (build.objects.size() == objects ||
            runBuildTool(build.folder, linkCommand(build, allC), said, remaining(), {}, "", &spent) != 0) {
            // Step 3c: only the units the program needs (from main on): a test program of a
            // framework's, a second copy of the lab's files in a subfolder, are none of them.
            BuildResult needed = build;
            const std::vector<std::size_t> kept = neededUnits(build, src);
            const bool fewer = !kept.empty() && kept.size() < build.sources.size();
            if (fewer)
                leaveOut(
                    needed, src, kept,
                    "the program needs none of their functions (test programs, or copies of your files?)");
            std::string neededSaid;
            if (!fewer || runBuildTool(build.folder, linkCommand(needed, allC), neededSaid, remaining(), {},
                                       "", &spent) != 0) {
                // A unit the program needs did not compile: what the compiler said of it is
                // the reason, not the link's undefined references that follow from it.
                build.diagnostics += notCompiledSaid.empty() ? clash + said : notCompiledSaid;
                return build;
            }
            build = needed;
        }
    }
    // A main of a leftover, a test or a subfolder never stands in for a plainly named one
    // at the top that does not compile (a broken eight.cc beside a working old/eight.cc or
    // "eight - Copy.cc" scored 100, not 0: adversary round 24c): that is the program, and
    // what its compiler said is why the build failed.
    const auto plainAtTheTop = [&](const fs::path &source) {
        return source.parent_path() == src && !looksLikeALeftover(source.stem());
    };
    const auto mainOf = [&](const std::string &source) {
        return definesMain(codeOnly(readFileText(source)));
    };
    const bool brokenMainAtTheTop = std::any_of(
        notCompiledFiles.begin(), notCompiledFiles.end(),
        [&](const std::string &file) { return plainAtTheTop(src / file) && mainOf((src / file).string()); });
    if (brokenMainAtTheTop &&
        std::none_of(build.sources.begin(), build.sources.end(),
                     [&](const std::string &source) { return plainAtTheTop(source) && mainOf(source); })) {
        build.diagnostics += notCompiledSaid;
        return build;
    }
    if (!notCompiledFiles.empty()) {
        std::string files;
        for (const std::string &file : notCompiledFiles) files += (files.empty() ? "" : ", ") + file;
        build.notes += "left out " + files +
                       ": it does not compile here, or no time was left for it (a test program, or an old "
                       "copy?), and the program needs none of its functions\n";
    }
    // The warnings are those of the units the program is made of: a test program or an old
    // copy left out above warns about nothing the student hands in as the program.
    build.diagnostics.clear();
    for (const std::string &object : build.objects)
        build.diagnostics += unitSaid.at(std::stoul(object.substr(std::string("unit").size())));
    build.warned = !build.diagnostics.empty();
    std::string why;
    build.program = claimedProgram(build.folder, fs::path(build.folder) / "program", why);
    build.diagnostics += why.empty() ? "" : why + "\n";
    build.compiled = !build.program.empty();
    return build;
}

namespace {

// Calls visit(line) for each line of preprocessed text outside the system's own headers
// (GCC's line markers, which it skips, flag those with 3), and madeSystem(file) where a
// file first seen as the student's is flagged so (#pragma GCC system_header): its lines
// stay the student's.
template <typename Visit, typename MadeSystem = void (*)(const std::string &)>
void forEachOwnLine(
    const std::string &preprocessed, Visit visit, MadeSystem madeSystem = [](const std::string &) {}) {
    // Returns the file a line marker names and whether it flags it the system's ("" for a line).
    auto marker = [](const std::string &line) -> std::pair<std::string, bool> {
        if (line.size() <= 2 || line[0] != '#' || line[1] != ' ' ||
            !std::isdigit(static_cast<unsigned char>(line[2])))
            return {"", false};
        const std::size_t quoteEnd = line.rfind('"'), quoteStart = line.find('"');
        if (quoteEnd == std::string::npos || quoteStart == quoteEnd) return {"", false};
        return {line.substr(quoteStart + 1, quoteEnd - quoteStart - 1),
                line.find(" 3", quoteEnd) != std::string::npos};
    };
    // A file first seen as the student's and flagged the system's for good (its last mark)
    // holds #pragma GCC system_header; one flagged only for a while holds a system macro's
    // expansion (assert), which is the system's.
    std::map<std::string, bool> lastFlag;  // per file seen as the student's: its last mark
    {
        std::istringstream lines(preprocessed);
        for (std::string line; std::getline(lines, line);) {
            const auto [file, system] = marker(line);
            if (file.empty()) continue;
            if (!system)
                lastFlag[file] = false;
            else if (lastFlag.count(file) != 0)
                lastFlag[file] = true;
        }
    }
    for (const auto &[file, system] : lastFlag)
        if (system) madeSystem(file);
    bool system = false;
    std::istringstream lines(preprocessed);
    for (std::string line; std::getline(lines, line);) {
        const auto [file, flagged] = marker(line);
        if (!file.empty()) {
            const auto own = lastFlag.find(file);
            system = flagged && !(own != lastFlag.end() && own->second);
            continue;
        }
        if (line.size() > 2 && line[0] == '#' && line[1] == ' ' &&
            std::isdigit(static_cast<unsigned char>(line[2])))
            continue;  // a marker with no file
        if (!system) visit(line);
    }
}

// Returns the pragmas in preprocessed text that silence warnings outside the system's own
// headers: #pragma GCC/clang diagnostic ignored, and #pragma GCC system_header (everything
// after it in its file is the system's).
std::string silencingPragmas(const std::string &preprocessed) {
    std::string found;
    forEachOwnLine(
        preprocessed,
        [&](const std::string &line) {
            if (line.rfind("#pragma", 0) != 0) return;
            std::string words;  // the pragma's words, single-spaced
            std::istringstream split(line);
            for (std::string word; split >> word;) words += (words.empty() ? "" : " ") + word;
            const bool silences = (words.find("diagnostic ignored") != std::string::npos) ||
                                  words.find("system_header") != std::string::npos;
            if (silences && found.size() < 2000) found += "  " + words + "\n";
        },
        // The preprocessor keeps no trace of #pragma GCC system_header but its mark.
        [&](const std::string &file) {
            const std::string said =
                "  #pragma GCC system_header (in " + fs::path(file).filename().string() + ")\n";
            if (found.size() < 2000 && found.find(said) == std::string::npos) found += said;
        });
    return found;
}

// Returns the student's own lines of preprocessed text that use __extension__, which
// silences -pedantic's warnings on what follows it (a variable-length array, a case
// range). assert() is the C library's own use: its __extension__ __PRETTY_FUNCTION__
// silences nothing of the student's.
std::string silencingKeywords(const std::string &preprocessed) {
    static const std::regex keyword(
        R"((^|[^A-Za-z0-9_])__extension__(?!\s*__PRETTY_FUNCTION__)([^A-Za-z0-9_]|$))");
    std::string found;
    forEachOwnLine(preprocessed, [&](const std::string &line) {
        if (found.size() < 2000 && std::regex_search(line, keyword))
            found += "  " + line.substr(0, 120) + "\n";
    });
    return found;
}

// Returns the lines of preprocessed text that come from the student's own files, without
// the markers and the empty lines.
std::string ownLines(const std::string &preprocessed) {
    std::string own;
    forEachOwnLine(preprocessed, [&](const std::string &line) {
        if (line.find_first_not_of(" \t") != std::string::npos) own += line + "\n";
    });
    return own;
}

// Returns the GNU line markers (`# 1 "file" 3`: the rest is a system header's, its warnings
// silenced) written in the student's own files. Directives never come from macros, so the
// text shows them all: a line whose directive (after # or %:, spaces and comments) starts
// with a digit.
std::string lineMarkers(const std::vector<std::string> &files) {
    std::string found;
    for (const std::string &file : files) {
        std::string text = readFileText(file);
        for (std::size_t at; (at = text.find("\\\n")) != std::string::npos;) text.erase(at, 2);  // continued lines
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            std::size_t at = line.find_first_not_of(" \t");
            if (at == std::string::npos) continue;
            if (line.compare(at, 1, "#") == 0)
                at += 1;
            else if (line.compare(at, 2, "%:") == 0)
                at += 2;
            else
                continue;
            for (;;) {  // spaces and /* comments */ between
                at = line.find_first_not_of(" \t", at);
                if (at == std::string::npos || line.compare(at, 2, "/*") != 0) break;
                const std::size_t end = line.find("*/", at + 2);
                at = end == std::string::npos ? std::string::npos : end + 2;
                if (at == std::string::npos) break;
            }
            if (at != std::string::npos && std::isdigit(static_cast<unsigned char>(line[at])) && found.size() < 2000)
                found += "  " + fs::path(file).filename().string() + ": " + line.substr(0, 120) + "\n";
        }
    }
    return found;
}

}  // namespace

std::string preprocessedOwnCode(const Assignment &assignment, const std::string &source) {
    const bool isC = Assignment::isCSource(source);
    std::vector<std::string> command = {isC ? "/usr/bin/gcc" : "/usr/bin/g++"};
    for (const std::string &flag : splitWords(isC ? assignment.cFlags : assignment.cxxFlags)) command.push_back(flag);
    addLanguageOf(command, source);
    command.insert(command.end(), {"-E", source});
    std::string preprocessed;
    return runBuildTool("", command, preprocessed, kStepSeconds, {source}) == 0 ? ownLines(preprocessed) : "";
}

namespace {

// Returns the student's own files of a build: its sources and headers.
std::vector<std::string> ownFiles(const Assignment &assignment, const BuildResult &build) {
    std::vector<std::string> files;
    std::error_code error;
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(fs::path(build.folder) / "src", error))
        if (isPlainSmallFile(entry.path()) && (assignment.isSource(entry.path()) ||
                                              hasExtension(entry.path(), kHeaderExtensions)))
            files.push_back(entry.path().string());
    return files;
}

// Returns the course's compile command for one source of a build, without what it is asked
// to do: the course's flags (or flags), and every folder of the build with headers on its
// include path (headerFolders: a Makefile's -Iinclude, whatever it is called).
std::vector<std::string> courseCommand(const Assignment &assignment, const BuildResult &build,
                                       const std::string &flags, const std::string &source,
                                       const std::vector<std::string> &headerFolders) {
    const std::string src = (fs::path(build.folder) / "src").string();
    const bool isC = Assignment::isCSource(source);
    std::vector<std::string> command = {isC ? "/usr/bin/gcc" : "/usr/bin/g++"};
    for (const std::string &flag :
         splitWords(flags.empty() ? (isC ? assignment.cFlags : assignment.cxxFlags) : flags))
        command.push_back(flag);
    command.insert(command.end(), {"-fno-lto", "-I", fs::path(source).parent_path().string(), "-I", src});
    for (const std::string &folder : headerFolders) command.insert(command.end(), {"-I", folder});
    addLanguageOf(command, source);
    return command;
}

// Returns the folders of files (the student's own) that hold headers.
std::vector<std::string> headerFoldersOf(const std::vector<std::string> &files) {
    std::set<std::string> found;
    for (const std::string &file : files)
        if (hasExtension(file, kHeaderExtensions)) found.insert(fs::path(file).parent_path().string());
    // A folder of leftovers (backup/, Old/) last: its stale names.h came before include/'s
    // and a correct CMake project scored 0 (adversary round 24b).
    std::vector<std::string> folders(found.begin(), found.end());
    std::stable_partition(folders.begin(), folders.end(), [](const std::string &folder) {
        return !looksLikeALeftover(fs::path(folder).filename());
    });
    return folders;
}

}  // namespace

std::string compilerTrees(const Assignment &assignment, const BuildResult &build, const std::string &flags) {
    std::string trees;
    const std::vector<std::string> headerFolders = headerFoldersOf(ownFiles(assignment, build));
    for (const std::string &source : build.sources) {
        std::vector<std::string> command = courseCommand(assignment, build, flags, source, headerFolders);
        command.insert(command.end(), {"-w", "-fsyntax-only", "-fdump-tree-original=stdout", source});
        std::string dumped;
        if (runBuildTool("", command, dumped, kStepSeconds, {(fs::path(build.folder) / "src").string()}) != 0)
            return "";
        trees += dumped;
    }
    return trees;
}

bool compilesWithout(const Assignment &assignment, const BuildResult &build, const std::string &flags,
                     const std::map<std::string, std::set<int>> &blanked) {
    // A copy of the build's folder of sources, beside it, with the lines blanked (each
    // file keeps its line count, so the compiler's lines stay the student's).
    BuildResult copy = build;
    copy.folder = (fs::path(build.folder) / "blanked").string();
    const fs::path src = fs::path(build.folder) / "src", copySrc = fs::path(copy.folder) / "src";
    std::error_code error;
    fs::remove_all(copy.folder, error);
    fs::create_directories(copySrc);
    fs::copy(src, copySrc, fs::copy_options::recursive | fs::copy_options::skip_symlinks, error);
    if (error) return false;
    auto inCopy = [&](const std::string &path) {
        return (copySrc / fs::path(path).lexically_relative(src)).string();
    };
    for (const auto &[source, lines] : blanked) {
        std::istringstream text(readFileText(source));
        std::string kept;
        int number = 0;
        for (std::string line; std::getline(text, line);)
            kept += (lines.count(++number) != 0 ? "" : line) + "\n";
        std::ofstream(inCopy(source), std::ios::binary | std::ios::trunc) << kept;
    }
    for (std::string &source : copy.sources) source = inCopy(source);
    // Returns true if every source of b compiles with the course's command.
    auto compiles = [&](const BuildResult &b) {
        const std::vector<std::string> headerFolders = headerFoldersOf(ownFiles(assignment, b));
        const std::string readable = (fs::path(b.folder) / "src").string();
        for (const std::string &source : b.sources) {
            std::vector<std::string> command = courseCommand(assignment, b, flags, source, headerFolders);
            command.insert(command.end(), {"-w", "-fsyntax-only", source});
            std::string said;
            if (runBuildTool("", command, said, kStepSeconds, {readable}) != 0) return false;
        }
        return true;
    };
    // Code the course's command cannot compile as it is (a Makefile's flags) tells nothing
    // of the lines: as if none were needed.
    const bool needsNone = compiles(copy) || !compiles(build);
    fs::remove_all(copy.folder, error);
    return needsNone;
}

CourseWarnings courseWarnings(const Assignment &assignment, const BuildResult &build,
                              const std::string &flags, bool byMakefile) {
    CourseWarnings warnings;
    const std::string src = (fs::path(build.folder) / "src").string();
    const std::vector<std::string> files = ownFiles(assignment, build);
    warnings.silencers = lineMarkers(files);
    const std::vector<std::string> headerFolders = headerFoldersOf(files);
    std::vector<std::string> compiled = build.sources;
    compiled.insert(compiled.end(), build.compiledHeaders.begin(), build.compiledHeaders.end());
    for (const std::string &source : compiled) {
        const bool isC = Assignment::isCSource(source);
        std::vector<std::string> command = courseCommand(assignment, build, flags, source, headerFolders);
        auto preprocessedBy = [&](std::vector<std::string> preprocess) {
            preprocess.insert(preprocess.end(), {"-E", source});
            std::string preprocessed;
            return runBuildTool("", preprocess, preprocessed, kStepSeconds, {src}) == 0 ? preprocessed : "";
        };
        std::string preprocessed = preprocessedBy(command);
        // Where what make's command selects (-D, -O, -std: makeCommandFlags) makes the
        // student's own code another, the course's command keeps it (its -std after the
        // course's wins): every check sees the code make compiled. Elsewhere it stays the
        // course's own (-O2 alone would tell warnings the course's command never gives).
        std::string selectedWords;
        const auto selected = build.makeFlags.find(fs::path(source).filename().string());
        if (selected != build.makeFlags.end() && !selected->second.empty()) {
            std::vector<std::string> selecting = command;
            selecting.insert(selecting.end(), selected->second.begin(), selected->second.end());
            const std::string byMake = preprocessedBy(selecting);
            if (!byMake.empty() && ownLines(byMake) != ownLines(preprocessed)) {
                command = selecting;
                preprocessed = byMake;
                for (const std::string &word : selected->second) selectedWords += " " + word;
            }
        }
        if (!preprocessed.empty()) {
            warnings.silencers += silencingPragmas(preprocessed) + silencingKeywords(preprocessed);
            warnings.ownCode += ownLines(preprocessed);
        }
        if (!byMakefile) continue;
        command.insert(command.end(), {"-fsyntax-only", source});
        // A Makefile may build with a newer standard than the course's (its build, not
        // this, decides whether it builds): the course's command with each newer standard
        // in turn, the first that compiles the file telling its warnings. A file none
        // compiles cannot have its warnings told, and is charged so (else a Makefile's -w,
        // with one line the course's standard refuses, would hide every warning).
        std::string said;
        int status = runBuildTool("", command, said, kStepSeconds, {src});
        for (const char *standard : isC ? std::vector<const char *>{"-std=gnu11", "-std=gnu17", "-std=gnu2x"}
                                        : std::vector<const char *>{"-std=c++14", "-std=c++17", "-std=c++20"}) {
            if (status == 0) break;
            std::vector<std::string> newer = command;
            newer.insert(newer.end() - 2, standard);  // after the course's own -std: the last one counts
            said.clear();
            status = runBuildTool("", newer, said, kStepSeconds, {src});
            if (status == 0 && said.find("warning:") != std::string::npos)
                said = "(with " + std::string(standard) + ": the course's standard does not compile " +
                       fs::path(source).filename().string() + ")\n" + said;
        }
        if (status != 0)
            said = fs::path(source).filename().string() +
                   ": the course's compile command does not compile it, whatever the standard, so its "
                   "warnings cannot be told (your Makefile's flags do not count here)\n";
        if (said.find("warning:") == std::string::npos && status == 0) continue;
        if (!selectedWords.empty() && status == 0)
            said = "(with what your Makefile's command selects of your code:" + selectedWords + ")\n" + said;
        for (std::size_t at; (at = said.find(build.folder + "/")) != std::string::npos;)
            said.erase(at, build.folder.size() + 1);  // src/eight.cc, as the build's own messages say
        said = withoutWarningsBesideTheCode(said);
        if (said.find("warning:") == std::string::npos && status == 0) continue;
        warnings.said += said;
    }
    return warnings;
}

std::vector<std::string> objectPaths(const BuildResult &build) {
    std::vector<std::string> paths;
    for (const std::string &object : build.objects)
        paths.push_back((fs::path(build.folder) / object).string());
    return paths;
}

std::string listSymbols(const BuildResult &build) {
    // The objects are seen read-only at their own paths; nothing is written.
    const std::vector<std::string> objects = objectPaths(build);
    std::vector<std::string> nm = {"/usr/bin/nm"};
    // GCC's own plugin named, so that nm reads GCC's objects (LTO ones too) without
    // loading every plugin installed (LLVM's alone is a noticeable part of a run).
    if (access(kGccPlugin, R_OK) == 0) nm.insert(nm.end(), {"--plugin", kGccPlugin});
    // System V's format names each symbol's section: no_globals tells a constant kept
    // read-only after relocation (.data.rel.ro) from writable data by it.
    nm.push_back("--format=sysv");
    nm.insert(nm.end(), objects.begin(), objects.end());
    std::string symbols;
    runBuildTool("", nm, symbols, kStepSeconds, objects);
    return symbols;
}

std::string disassembly(const BuildResult &build) {
    const std::vector<std::string> objects = objectPaths(build);
    std::vector<std::string> objdump = {"/usr/bin/objdump", "-d", "--no-show-raw-insn"};
    objdump.insert(objdump.end(), objects.begin(), objects.end());
    std::string shown;
    runBuildTool("", objdump, shown, kStepSeconds, objects);
    return shown;
}

std::map<std::string, std::set<std::string>> callGraph(const BuildResult &build) {
    const std::vector<std::string> objects = objectPaths(build);
    std::vector<std::string> objdump = {"/usr/bin/objdump", "-dr", "--no-show-raw-insn"};
    objdump.insert(objdump.end(), objects.begin(), objects.end());
    std::string shown;
    std::map<std::string, std::set<std::string>> graph;
    if (runBuildTool("", objdump, shown, kStepSeconds, objects) != 0) return graph;
    // Each function: "0000000000000040 <_Z8isFilledxi>:"; in its body, a relocation
    // "   4a: R_X86_64_PLT32 _Z7digitAtxi-0x4" names what it refers to (a section and an
    // offset, ".text+0x2c", the function there), and "call 2d <_ZL6helperi>" a call the
    // assembler resolved (one to itself plus an offset is a placeholder for a relocation).
    std::map<std::string, std::map<unsigned long, std::string>> functionsAt;  // section -> offset -> name
    std::vector<std::pair<std::string, std::string>> sectionRefs;             // (caller, ".text+0x2c")
    std::string section, current;
    std::istringstream in(shown);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("Disassembly of section ", 0) == 0) {
            section = line.substr(23, line.size() - 24);
            continue;
        }
        const std::size_t open = line.find(" <"), close = line.rfind(">:");
        if (open != std::string::npos && close != std::string::npos && close > open && line[0] != ' ') {
            current = line.substr(open + 2, close - open - 2);
            functionsAt[section][std::stoul(line.substr(0, open), nullptr, 16)] = current;
            graph[current];
            continue;
        }
        if (current.empty()) continue;
        std::istringstream words(line);
        std::string at, first, second;
        words >> at >> first >> second;
        if (first.rfind("R_X86_64_", 0) == 0 && !second.empty()) {
            std::size_t cut = second.find_first_of("+-", 1);
            const std::string target = second.substr(0, cut);
            if (target[0] == '.') {
                sectionRefs.push_back({current, second});
            } else {
                graph[current].insert(target);
            }
            continue;
        }
        if (first == "call" || first == "jmp") {
            const std::size_t from = line.find('<'), to = line.find('>', from == std::string::npos ? 0 : from);
            if (from == std::string::npos || to == std::string::npos) continue;
            const std::string target = line.substr(from + 1, to - from - 1);
            if (target.find('+') == std::string::npos && target != current) graph[current].insert(target);
        }
    }
    for (const auto &[caller, ref] : sectionRefs) {  // ".text+0x2c": the function at 0x2c + 4 (a call's addend)
        const std::size_t plus = ref.find_first_of("+-", 1);
        const std::string name = ref.substr(0, plus);
        long offset = plus == std::string::npos ? 0 : std::stol(ref.substr(plus + 1), nullptr, 16);
        if (plus != std::string::npos && ref[plus] == '-') offset = -offset;
        const auto found = functionsAt.find(name);
        if (found == functionsAt.end()) continue;
        for (const long at : {offset + 4, offset}) {
            if (at < 0) continue;
            auto function = found->second.upper_bound(static_cast<unsigned long>(at));
            if (function == found->second.begin()) continue;
            graph[caller].insert(std::prev(function)->second);
        }
    }
    return graph;
}

}  // namespace dotslab::grader
