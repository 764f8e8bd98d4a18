#include "output_differences.h"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <unordered_map>

#include "text/characters.h"
#include "text/text_diff.h"

namespace dotslab::grader {
namespace {

// A run whose lines differ by more than this (counted as lines of one that the other
// lacks) is compared line by line only where the diff stays cheap (its work grows with the
// lines times the lines that differ, kMostDiffWork at most); else it is its own failure. A
// long game whose every board row has one slip differs on a thousand lines, cheaply.
constexpr std::size_t kMostDifferingLines = 400;
constexpr std::size_t kMostDiffWork = 40'000'000;
constexpr std::size_t kShapeContext = 16;  // characters before a change kept in its shape
constexpr std::size_t kShownLine = 100;    // characters of a line shown in a difference's text

enum class Stream { kOut, kErr, kStatus };

// One hunk of one run's diff: expected lines [from, from + expected.size()) became actual.
struct Edit {
    std::size_t run = 0;
    Stream stream = Stream::kOut;
    std::size_t from = 0;
    std::vector<std::string> expected, actual;
    std::string before, after;  // the expected lines around it ("" at either end)
    std::string shape;          // edits of the same shape are one difference
    bool consistent = false;
};

// Returns text with each word that holds a digit written '#' ("a1 and b2." → "# and #.").
std::string shapeOf(const std::string &text) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        if (!isLetter(text[at]) && !isDigit(text[at])) {
            out += text[at++];
            continue;
        }
        std::size_t end = at;
        bool digit = false;
        for (; end < text.size() && (isLetter(text[end]) || isDigit(text[end])); ++end)
            if (isDigit(text[end])) digit = true;
        out += digit ? std::string("#") : text.substr(at, end - at);
        at = end;
    }
    return out;
}

// Returns true if e changes only numbers: as many lines as it replaces, each of the same
// shape (see shapeOf).
bool numbersOnly(const Edit &e) {
    if (e.expected.size() != e.actual.size() || e.expected.empty()) return false;
    for (std::size_t k = 0; k < e.expected.size(); ++k)
        if (shapeOf(e.expected[k]) != shapeOf(e.actual[k])) return false;
    return true;
}

// Returns the lines of text: split at each newline, a last line without one kept (so a
// missing final newline is one line's difference).
std::vector<std::string> linesOf(const std::string &text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            if (start < text.size()) lines.push_back(text.substr(start) + "\u27e8no newline at the end\u27e9");
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string> &lines) {
    std::string text;
    for (std::size_t k = 0; k < lines.size(); ++k) text += (k == 0 ? "" : "\n") + lines[k];
    return text;
}

// Returns a line as a difference shows it: quoted, whitespace visible, at most kShownLine.
std::string shown(const std::string &line) {
    const std::string text = line.size() > kShownLine ? line.substr(0, kShownLine) + "\u2026" : line;
    return "\"" + visibleWhitespace(text) + "\"";
}

std::string shownLines(const std::vector<std::string> &lines) {
    if (lines.size() == 1) return "the line " + shown(lines[0]);
    std::string text = std::to_string(lines.size()) + " lines ";
    for (std::size_t k = 0; k < lines.size() && k < 3; ++k) text += (k == 0 ? "" : " ") + shown(lines[k]);
    return text + (lines.size() > 3 ? " \u2026" : "");
}

// The characters one text changes of another: want[prefix, prefix + wantMiddle.size())
// became gotMiddle. Text only added or only left out is slid as far left as it can go
// (one space added to a run of spaces is added at its start), so that the same change
// reads the same wherever it is.
struct Change {
    std::size_t prefix = 0;
    std::string wantMiddle, gotMiddle;
};

Change changeOf(const std::string &want, const std::string &got) {
    Change c;
    while (c.prefix < want.size() && c.prefix < got.size() && want[c.prefix] == got[c.prefix]) ++c.prefix;
    std::size_t suffix = 0;
    while (suffix < want.size() - c.prefix && suffix < got.size() - c.prefix &&
           want[want.size() - 1 - suffix] == got[got.size() - 1 - suffix])
        ++suffix;
    c.wantMiddle = want.substr(c.prefix, want.size() - c.prefix - suffix);
    c.gotMiddle = got.substr(c.prefix, got.size() - c.prefix - suffix);
    std::string *moved = c.wantMiddle.empty() ? &c.gotMiddle : c.gotMiddle.empty() ? &c.wantMiddle : nullptr;
    while (moved != nullptr && !moved->empty() && c.prefix > 0 && want[c.prefix - 1] == moved->back()) {
        moved->insert(moved->begin(), moved->back());
        moved->pop_back();
        --c.prefix;
    }
    return c;
}

// Returns the blanks a change only adds or only leaves out at the end of a line (nothing but
// blanks after it on that line), or "": the same slip on every line (a space after each
// board row) is one mistake, whatever the line holds.
std::string trailingBlanks(const std::string &want, const Change &c) {
    if (c.wantMiddle.empty() == c.gotMiddle.empty()) return "";
    const std::string &middle = c.wantMiddle.empty() ? c.gotMiddle : c.wantMiddle;
    auto blank = [](char ch) { return ch == ' ' || ch == '\t'; };
    if (!std::all_of(middle.begin(), middle.end(), blank)) return "";
    for (std::size_t at = c.prefix + c.wantMiddle.size(); at < want.size() && want[at] != '\n'; ++at)
        if (!blank(want[at])) return "";
    return middle;
}

// Returns the kind of the character blanks that changed follow: a letter, a digit, a
// line's edge, or the symbol itself.
std::string kindAround(char c) {
    if (isLetter(c)) return "a";
    if (isDigit(c)) return "0";
    if (c == '\n') return "^";
    return std::string(1, c);
}

// Returns the shape of an edit (see the header): its kind, what changed and just before.
std::string shapeOfEdit(const Edit &e) {
    const std::string stream = e.stream == Stream::kErr ? "err" : "out";
    // Lines added or left out are one difference wherever they are ("moved" after each
    // player's move), but empty ones are placed by the kind of line before them: its shape
    // with each run of symbols and blanks one '~', so that an empty line after every grid
    // is one slip whatever the grid's last row holds ("+-+ +" and "+ + +" alike).
    auto kindOf = [](const std::string &line) {
        std::string kind;
        for (char c : shapeOf(line))
            if (isLetter(c) || isDigit(c) || c == '#')
                kind += c;
            else if (kind.empty() || kind.back() != '~')
                kind += '~';
        return kind;
    };
    auto placed = [&](const std::vector<std::string> &lines) {
        const std::string text = joined(lines);
        return text.find_first_not_of(" \t\n") == std::string::npos ? kindOf(e.before) + "|" + text
                                                                    : shapeOf(text);
    };
    if (e.expected.empty()) return stream + "|added|" + placed(e.actual);
    if (e.actual.empty()) return stream + "|left out|" + placed(e.expected);
    const std::string want = joined(e.expected), got = joined(e.actual);
    Change c = changeOf(want, got);
    // Text only added or only left out inside lines is placed as whole lines are.
    auto trimmedNewlines = [](std::string text) {
        while (!text.empty() && text.back() == '\n') text.pop_back();
        while (!text.empty() && text.front() == '\n') text.erase(text.begin());
        return text;
    };
    // However many: rows trimmed of their padding lose more blanks where they hold less.
    if (const std::string blanks = trailingBlanks(want, c); !blanks.empty())
        return stream + (c.wantMiddle.empty() ? "|added|" : "|left out|") + "|end of a line|" +
               (blanks.find('\t') == std::string::npos ? "spaces" : "tabs");
    if (c.wantMiddle.empty() != c.gotMiddle.empty()) {
        const std::string middle = trimmedNewlines(c.wantMiddle.empty() ? c.gotMiddle : c.wantMiddle);
        if (middle.find_first_not_of(" \t\n") != std::string::npos)
            return stream + (c.wantMiddle.empty() ? "|added|" : "|left out|") + shapeOf(middle);
    }
    // Blanks added or left out inside a line, at one place or several ("B> B> +" printed
    // "B>B>+"), are placed by the kinds of the characters they follow, not by the words
    // before: two spaces after every row letter, or none after every player's prompt ("A>",
    // "B>", "A>A>"), is one slip (adversary round 22: 10 and 38 differences).
    auto blank = [](char x) { return x == ' ' || x == '\t'; };
    auto unblanked = [&](std::string text) {
        text.erase(std::remove_if(text.begin(), text.end(), blank), text.end());
        return text;
    };
    if (c.wantMiddle.find('\n') == std::string::npos && c.gotMiddle.find('\n') == std::string::npos &&
        c.wantMiddle.size() != c.gotMiddle.size() && unblanked(c.wantMiddle) == unblanked(c.gotMiddle)) {
        const bool leftOut = c.wantMiddle.size() > c.gotMiddle.size();
        const std::string &longer = leftOut ? c.wantMiddle : c.gotMiddle;
        // Returns the first character before longer[k] that is no blank ('\n': none).
        auto nonBlankBefore = [&](std::size_t k) {
            for (; k > 0; --k)
                if (!blank(longer[k - 1])) return longer[k - 1];
            for (std::size_t at = c.prefix; at > 0; --at)
                if (!blank(want[at - 1])) return want[at - 1];
            return '\n';
        };
        std::set<std::string> after;  // the kinds of the characters the blanks follow
        for (std::size_t k = 0; k < longer.size(); ++k)
            if (blank(longer[k]) && (k == 0 || !blank(longer[k - 1])))
                after.insert(kindAround(nonBlankBefore(k)));
        std::string kinds;
        for (const std::string &kind : after) kinds += kind;
        return stream + "|blanks " + (leftOut ? "left out" : "added") + " after|" + kinds + "|" +
               (longer.find('\t') == std::string::npos ? "spaces" : "tabs");
    }
    // Back to the start of the words cut, so that a number changed is one word changed.
    while (!c.wantMiddle.empty() && !c.gotMiddle.empty() && c.prefix > 0 &&
           (isLetter(want[c.prefix - 1]) || isDigit(want[c.prefix - 1]))) {
        --c.prefix;
        c.wantMiddle.insert(c.wantMiddle.begin(), want[c.prefix]);
        c.gotMiddle.insert(c.gotMiddle.begin(), want[c.prefix]);
    }
    const std::size_t prefix = c.prefix;
    const std::size_t lineStart = want.rfind('\n', prefix == 0 ? 0 : prefix - 1);
    std::size_t contextStart = prefix > kShapeContext ? prefix - kShapeContext : 0;
    if (lineStart != std::string::npos && lineStart + 1 > contextStart && lineStart < prefix) contextStart = lineStart + 1;
    return stream + "|replaced|" + shapeOf(want.substr(contextStart, prefix - contextStart)) + "|" +
           shapeOf(c.wantMiddle) + "|" + shapeOf(c.gotMiddle);
}

// Returns what an edit's difference is, in the student's words.
std::string whatOf(const Edit &e) {
    const std::string where = e.stream == Stream::kErr ? "on standard error, " : "";
    if (e.expected.empty())
        return where + "adds " + shownLines(e.actual) + (e.before.empty() ? " at the start" : " after " + shown(e.before));
    if (e.actual.empty()) {
        const bool blank = e.expected.size() == 1 && e.expected[0].empty();
        return where + "leaves out " + (blank ? std::string("the empty line") : shownLines(e.expected)) +
               (e.before.empty() ? " at the start" : " after " + shown(e.before));
    }
    {  // text only left out or only added (a line break, a space): say which, and after what
        const std::string want = joined(e.expected), got = joined(e.actual);
        const Change c = changeOf(want, got);
        const std::size_t prefix = c.prefix;
        const std::string &wantMiddle = c.wantMiddle, &gotMiddle = c.gotMiddle;
        const std::size_t lineStart = want.rfind('\n', prefix == 0 ? 0 : prefix - 1);
        const std::string before =
            want.substr(lineStart == std::string::npos || lineStart >= prefix ? 0 : lineStart + 1,
                        prefix - (lineStart == std::string::npos || lineStart >= prefix ? 0 : lineStart + 1));
        const std::string after = !trailingBlanks(want, c).empty()
                                      ? "at the end of lines (first after " + shown(before) + ")"
                                  : before.empty() ? "at the start of a line"
                                                   : "after " + shown(before);
        if (gotMiddle.empty() && !wantMiddle.empty())
            return where + "leaves out " + (wantMiddle == "\n" ? "a line break" : shown(wantMiddle)) + " " + after;
        if (wantMiddle.empty() && !gotMiddle.empty())
            return where + "adds " + (gotMiddle == "\n" ? "a line break" : shown(gotMiddle)) + " " + after;
    }
    if (e.expected.size() == 1 && e.actual.size() == 1) {
        // The words that differ, whole: "(2..9)" where the sample prints "(2..8)".
        const std::string &want = e.expected[0], &got = e.actual[0];
        const Change c = changeOf(want, got);  // both sides changed: nothing slid
        std::size_t prefix = c.prefix, suffix = want.size() - c.prefix - c.wantMiddle.size();
        while (prefix > 0 && !isWhitespace(want[prefix - 1])) --prefix;
        while (suffix > 0 && !isWhitespace(want[want.size() - suffix])) --suffix;
        const std::string wantWords = want.substr(prefix, want.size() - prefix - suffix),
                          gotWords = got.substr(prefix, got.size() - prefix - suffix);
        if (wantWords.empty() || gotWords.empty() || wantWords.size() + gotWords.size() > 2 * kShownLine / 3)
            return where + "prints " + shown(got) + " where the sample prints " + shown(want);
        return where + "prints " + shown(gotWords) + " where the sample prints " + shown(wantWords);
    }
    return where + "prints " + shownLines(e.actual) + " where the sample prints " + shownLines(e.expected);
}

// Returns an edit as an example shows it: the line before, then at most kExampleLines of
// each side.
constexpr std::size_t kExampleLines = 6;
std::string exampleOf(const Edit &e) {
    std::string text;
    if (!e.before.empty()) text += "  (same)    " + shown(e.before) + "\n";
    auto side = [&](const char *label, const std::vector<std::string> &lines) {
        for (std::size_t k = 0; k < lines.size() && k < kExampleLines; ++k)
            text += label + shown(lines[k]) + "\n";
        if (lines.size() > kExampleLines)
            text += std::string(label) + "\u2026 and " + std::to_string(lines.size() - kExampleLines) +
                    " more lines\n";
    };
    side("  expected: ", e.expected);
    side("  yours:    ", e.actual);
    if (e.expected.empty()) text += "  expected: nothing here\n";
    if (e.actual.empty()) text += "  yours:    nothing here\n";
    return text;
}

// One stream of one run, diffed: its edits, and which expected lines were printed right
// (and where in the actual output).
struct StreamDiff {
    std::vector<std::string> expected;
    std::vector<long> rightAt;  // per expected line: its line in the actual output, or -1
    std::vector<Edit> edits;
    bool comparable = true;  // false: the two differ too much to diff
};

// Returns how alike two lines are: the share of the longer one that their common start
// and end cover (1: equal or but for blanks at their ends, 0: nothing in common at either end).
double alike(std::string x, std::string y) {
    // Blanks at the ends of lines do not count: a row trimmed of its padding is that row.
    for (std::string *line : {&x, &y})
        while (!line->empty() && (line->back() == ' ' || line->back() == '\t')) line->pop_back();
    if (x.empty() && y.empty()) return 1;
    std::size_t start = 0, end = 0;
    while (start < x.size() && start < y.size() && x[start] == y[start]) ++start;
    while (end < x.size() - start && end < y.size() - start && x[x.size() - 1 - end] == y[y.size() - 1 - end]) ++end;
    return static_cast<double>(start + end) / static_cast<double>(std::max(x.size(), y.size()));
}

// Returns the lines of a hunk paired as replacements, in order: (expected, actual) index
// pairs chosen to be as alike as can be (each at least half alike), the rest left out or
// added. A hunk of as many lines each side as kMostPairedLines pairs them in order.
constexpr std::size_t kMostPairedLines = 40;
std::vector<std::pair<std::size_t, std::size_t>> pairedLines(const std::vector<std::string> &want,
                                                              const std::vector<std::string> &got) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    const std::size_t n = want.size(), m = got.size();
    if (n == 0 || m == 0) return pairs;
    if (n > kMostPairedLines || m > kMostPairedLines) {
        if (n == m)
            for (std::size_t k = 0; k < n; ++k) pairs.push_back({k, k});
        return pairs;
    }
    // best[i][j]: the most alikeness pairing want[i..] with got[j..] can reach.
    std::vector<std::vector<double>> best(n + 1, std::vector<double>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;) {
            const double a = alike(want[i], got[j]);
            best[i][j] = std::max({best[i + 1][j], best[i][j + 1], a >= 0.5 ? a + best[i + 1][j + 1] : 0.0});
        }
    for (std::size_t i = 0, j = 0; i < n && j < m;) {
        const double a = alike(want[i], got[j]);
        if (a >= 0.5 && best[i][j] == a + best[i + 1][j + 1]) {
            pairs.push_back({i, j});
            ++i, ++j;
        } else if (best[i][j] == best[i + 1][j]) {
            ++i;
        } else {
            ++j;
        }
    }
    return pairs;
}

// Returns the line diff of one stream of a run (each hunk one edit; a hunk that replaces
// as many lines as it removes is an edit per line).
StreamDiff diffed(std::size_t run, Stream stream, const std::string &want, const std::string &got) {
    StreamDiff d;
    d.expected = linesOf(want);
    const std::vector<std::string> actual = linesOf(got);
    d.rightAt.assign(d.expected.size(), -1);
    if (want == got) {
        for (std::size_t k = 0; k < d.expected.size(); ++k) d.rightAt[k] = static_cast<long>(k);
        return d;
    }
    // Lines as numbers, and a cheap bound on the edit distance before the diff is made.
    std::unordered_map<std::string, int> ids;
    std::vector<int> a, b;
    std::map<int, long> balance;
    for (const std::string &line : d.expected) a.push_back(ids.emplace(line, static_cast<int>(ids.size())).first->second);
    for (const std::string &line : actual) b.push_back(ids.emplace(line, static_cast<int>(ids.size())).first->second);
    for (int id : a) ++balance[id];
    for (int id : b) --balance[id];
    std::size_t unmatched = 0;
    for (const auto &[id, count] : balance) unmatched += static_cast<std::size_t>(count < 0 ? -count : count);
    if (unmatched > kMostDifferingLines && (a.size() + b.size()) * unmatched > kMostDiffWork) {
        d.comparable = false;
        return d;
    }
    dtl::Diff<int> diff(a, b);
    diff.compose();
    Edit open;
    bool inHunk = false;
    std::size_t at = 0;  // expected lines consumed
    // A hunk becomes edits: its lines paired where alike (pairedLines), a pair an edit of
    // its own, the lines between pairs an edit each side.
    auto emit = [&](std::size_t from, std::vector<std::string> expected, std::vector<std::string> actual) {
        Edit e;
        e.run = run;
        e.stream = stream;
        e.from = from;
        e.expected = std::move(expected);
        e.actual = std::move(actual);
        e.before = from > 0 ? d.expected[from - 1] : "";
        const std::size_t next = from + e.expected.size();
        e.after = next < d.expected.size() ? d.expected[next] : "";
        d.edits.push_back(e);
    };
    auto close = [&] {
        if (!inHunk) return;
        inHunk = false;
        // Text only added or only left out across lines (a line break left out joins two
        // lines) is one edit; so is a hunk of one side only.
        const Change whole = changeOf(joined(open.expected), joined(open.actual));
        if (open.expected.empty() || open.actual.empty() || whole.wantMiddle.empty() || whole.gotMiddle.empty())
            return emit(open.from, open.expected, open.actual);
        std::size_t wantAt = 0, gotAt = 0;
        for (const auto &[i, j] : pairedLines(open.expected, open.actual)) {
            if (i > wantAt || j > gotAt)
                emit(open.from + wantAt, {open.expected.begin() + static_cast<long>(wantAt), open.expected.begin() + static_cast<long>(i)},
                     {open.actual.begin() + static_cast<long>(gotAt), open.actual.begin() + static_cast<long>(j)});
            emit(open.from + i, {open.expected[i]}, {open.actual[j]});
            wantAt = i + 1;
            gotAt = j + 1;
        }
        if (wantAt < open.expected.size() || gotAt < open.actual.size())
            emit(open.from + wantAt, {open.expected.begin() + static_cast<long>(wantAt), open.expected.end()},
                 {open.actual.begin() + static_cast<long>(gotAt), open.actual.end()});
    };
    for (const auto &[id, info] : diff.getSes().getSequence()) {
        if (info.type == dtl::SES_COMMON) {
            close();
            d.rightAt[at] = info.afterIdx - 1;
            ++at;
            continue;
        }
        if (!inHunk) {
            open = Edit{};
            open.run = run;
            open.stream = stream;
            open.from = at;
            inHunk = true;
        }
        if (info.type == dtl::SES_DELETE) {
            open.expected.push_back(d.expected[at]);
            ++at;
        } else {
            open.actual.push_back(actual[static_cast<std::size_t>(info.afterIdx - 1)]);
        }
    }
    close();
    assert(at == d.expected.size());
    for (Edit &e : d.edits) e.shape = shapeOfEdit(e);
    return d;
}

// Where lines were printed right, across every run that ended normally: by the line, and
// by its shape, each place as (stream diff, expected line).
struct RightLines {
    std::unordered_map<std::string, std::vector<std::pair<const StreamDiff *, std::size_t>>> byLine, byShape;
};

// Returns true if the lines `lines` are printed right somewhere from expected line k of d,
// with the lines around them (where given) of the shapes before and after.
bool rightFrom(const StreamDiff &d, std::size_t k, const std::vector<std::string> &lines, const std::string *before,
               const std::string *after) {
    if (k + lines.size() > d.expected.size()) return false;
    for (std::size_t n = 0; n < lines.size(); ++n)
        if (d.rightAt[k + n] < 0 || d.expected[k + n] != lines[n]) return false;
    if (before != nullptr && (k == 0 || shapeOf(d.expected[k - 1]) != *before)) return false;
    const std::size_t next = k + lines.size();
    if (after != nullptr && (next >= d.expected.size() || shapeOf(d.expected[next]) != *after)) return false;
    return true;
}

// Returns true if what e changes is never printed right (see the header): a replaced or
// left-out block never right (a left-out one: between lines of the same shapes); added
// lines never missing between two lines of the shapes around them, printed right.
bool consistent(const Edit &e, const RightLines &right) {
    if (e.expected.empty()) {
        const std::string before = shapeOf(e.before), after = shapeOf(e.after);
        const auto found = right.byShape.find(before);
        if (found == right.byShape.end()) return true;
        for (const auto &[d, k] : found->second)
            if (k + 1 < d->expected.size() && d->rightAt[k + 1] == d->rightAt[k] + 1 &&
                shapeOf(d->expected[k + 1]) == after)
                return false;
        return true;
    }
    const auto found = right.byLine.find(e.expected[0]);
    if (found == right.byLine.end()) return true;
    const std::string before = shapeOf(e.before), after = shapeOf(e.after);
    const bool leftOut = e.actual.empty();
    for (const auto &[d, k] : found->second)
        if (rightFrom(*d, k, e.expected, leftOut ? &before : nullptr, leftOut ? &after : nullptr)) return false;
    return true;
}

}  // namespace

DifferenceFindings findDifferences(const std::vector<ComparedRun> &runs) {
    DifferenceFindings findings;
    findings.runs.resize(runs.size());

    // Step 1: every run that ended normally, diffed (those that passed print every line right).
    std::vector<std::vector<StreamDiff>> diffs(runs.size());
    std::vector<std::vector<Edit>> statusEdits(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const ComparedRun &run = runs[r];
        if (!run.endedNormally) continue;
        diffs[r].push_back(diffed(r, Stream::kOut, run.expectedOut, run.actualOut));
        diffs[r].push_back(diffed(r, Stream::kErr, run.expectedErr, run.actualErr));
        if (run.expectedStatus != run.actualStatus) {
            Edit status;
            status.run = r;
            status.stream = Stream::kStatus;
            status.shape = "status|" + std::to_string(run.expectedStatus) + "|" + std::to_string(run.actualStatus);
            status.consistent = true;
            statusEdits[r].push_back(status);
        }
    }
    RightLines right;
    for (std::size_t r = 0; r < runs.size(); ++r)
        for (const StreamDiff &d : diffs[r])
            for (std::size_t k = 0; k < d.expected.size() && runs[r].counts; ++k)
                if (d.rightAt[k] >= 0) {
                    right.byLine[d.expected[k]].push_back({&d, k});
                    right.byShape[shapeOf(d.expected[k])].push_back({&d, k});
                }

    // Step 2: each edit's consistency, and the runs each shape is consistent in. Besides
    // never being printed right, what an edit changes must always change the same way: the
    // same expected lines (for lines added: between the same two lines) always become the
    // same text, in every run. Numbers printed wrong at random, or a line added with a
    // count or a time in it, are each their run's own failure, not one mistake.
    std::map<std::string, std::set<std::string>> becomes;  // what an edit's expected side became
    auto sideOf = [](const Edit &e) {
        const std::string stream = e.stream == Stream::kErr ? "err|" : "out|";
        return e.expected.empty() ? stream + "between|" + e.before + "\n" + e.after : stream + joined(e.expected);
    };
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (runs[r].differs && runs[r].counts)
            for (const StreamDiff &d : diffs[r])
                for (const Edit &e : d.edits) becomes[sideOf(e)].insert(joined(e.actual));
    std::map<std::string, std::set<std::size_t>> runsOfShape;
    std::map<std::string, const Edit *> firstOfShape;
    auto note = [&](Edit &e) {
        if (e.stream != Stream::kStatus) e.consistent = becomes[sideOf(e)].size() == 1 && consistent(e, right);
        if (!e.consistent) return;
        runsOfShape[e.shape].insert(e.run);
        // Its example from a run the student sees, where there is one.
        const auto first = firstOfShape.find(e.shape);
        if (first == firstOfShape.end())
            firstOfShape[e.shape] = &e;
        else if (!runs[first->second->run].shown && runs[e.run].shown)
            first->second = &e;
    };
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (!runs[r].differs) continue;
        for (StreamDiff &d : diffs[r])
            for (Edit &e : d.edits) note(e);
        for (Edit &e : statusEdits[r]) note(e);
    }
    // Numbers that do not follow the game's are no slip: where an edit changes only
    // numbers, and within one run the program prints the same for different numbers of the
    // sample's (a score that stays 0 whatever is taken), each run it spoils is its own
    // failure. A number misprinted the same way each time (a range "2..9", labels one off,
    // the next player saved one on) stays one difference. (A dotscomputer that kept no
    // score passed every game: adversary round 22.)
    std::map<std::pair<std::string, std::size_t>, std::map<std::string, std::set<std::string>>>
        printedFor;  // (shape, run): what was printed: what the sample printed there
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (runs[r].differs)
            for (const StreamDiff &d : diffs[r])
                for (const Edit &e : d.edits)
                    if (e.consistent && numbersOnly(e))
                        printedFor[{e.shape, r}][joined(e.actual)].insert(joined(e.expected));
    for (const auto &[shapeInRun, sides] : printedFor)
        for (const auto &[printed, expected] : sides)
            if (expected.size() > 1) runsOfShape.erase(shapeInRun.first);

    // Step 3: the known differences, each once; then each run judged again without them.
    std::map<std::string, std::size_t> indexOf;
    {
        std::vector<std::string> known;
        for (const auto &[shape, inRuns] : runsOfShape)
            if (inRuns.size() >= 2) known.push_back(shape);
        std::sort(known.begin(), known.end(), [&](const std::string &x, const std::string &y) {
            const std::size_t rx = runsOfShape[x].size(), ry = runsOfShape[y].size();
            if (rx != ry) return rx > ry;
            const std::size_t fx = *runsOfShape[x].begin(), fy = *runsOfShape[y].begin();
            return fx != fy ? fx < fy : x < y;
        });
        for (const std::string &shape : known) {
            const Edit &first = *firstOfShape[shape];
            OutputDifference d;
            if (first.stream == Stream::kStatus) {
                d.what = "exits with status " + std::to_string(runs[first.run].actualStatus) +
                         " where the sample exits with status " + std::to_string(runs[first.run].expectedStatus);
            } else {
                d.what = whatOf(first);
                d.example = exampleOf(first);
                // The hint the first difference of its lines would get, alone (text_diff.h).
                const std::string before = first.before.empty() ? "" : first.before + "\n";
                d.hint = firstDifference(before + joined(first.expected) + (first.expected.empty() ? "" : "\n"),
                                         before + joined(first.actual) + (first.actual.empty() ? "" : "\n"))
                             .hint;
                // Alone, lines left out look like the end of the output; the run goes on.
                if (first.actual.empty() && !first.after.empty())
                    d.hint = "these lines are missing here; what comes after them is printed";
            }
            d.shown = runs[first.run].shown;
            d.runs = runsOfShape[shape].size();
            d.firstRun = *runsOfShape[shape].begin();
            indexOf[shape] = findings.differences.size();
            findings.differences.push_back(d);
        }
    }
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (!runs[r].differs) continue;
        RunDifferences &judged = findings.runs[r];
        if (!runs[r].endedNormally) {
            judged.newReason = "it did not end normally";
            continue;
        }
        std::set<std::size_t> found;
        std::size_t mendedLines = 0;  // expected lines printed with a known slip (mostly alike)
        auto setAside = [&](const Edit &e) {
            const auto known = indexOf.find(e.shape);
            if (!e.consistent || known == indexOf.end()) return false;
            found.insert(known->second);
            ++findings.differences[known->second].places;
            if (e.expected.size() == e.actual.size())  // a line mostly printed: a slip, not another line
                for (std::size_t k = 0; k < e.expected.size(); ++k)
                    mendedLines += alike(e.expected[k], e.actual[k]) >= 0.5 ? 1 : 0;
            return true;
        };
        for (const StreamDiff &d : diffs[r]) {
            const bool out = &d == &diffs[r][0];
            if (!d.comparable && judged.newReason.empty())
                judged.newReason = std::string("its ") + (&d == &diffs[r][0] ? "output" : "standard error") +
                                   " differs too much to compare line by line";
            for (const Edit &e : d.edits)
                if (!setAside(e) && judged.newReason.empty()) {
                    judged.newReason = std::string(e.stream == Stream::kErr ? "standard error" : "standard output") +
                                       ", line " + std::to_string(e.from + 1) + ": " + whatOf(e) + "\n" + exampleOf(e);
                    if (out) {  // where in the expected output: the lines before it, and their newlines
                        judged.newReasonAt = 0;
                        for (std::size_t k = 0; k < e.from && k < d.expected.size(); ++k)
                            judged.newReasonAt += d.expected[k].size() + 1;
                    }
                }
        }
        // Known differences explain a run only where most of it is right: a run that keeps
        // less than half of its expected lines, three or more of them lost or none kept
        // and its exit status wrong, is wrong in its own right (a program that prints
        // nothing is not one mistake, however many runs share it). A typo in the one line
        // of an error message still is one, and so is a space after every board row: a
        // line printed with a known slip (at least half alike) is kept, not lost.
        std::size_t expectedLines = 0, matchedLines = mendedLines;
        for (const StreamDiff &d : diffs[r]) {
            expectedLines += d.expected.size();
            matchedLines += static_cast<std::size_t>(
                std::count_if(d.rightAt.begin(), d.rightAt.end(), [](long at) { return at >= 0; }));
        }
        const bool statusRight = runs[r].actualStatus == runs[r].expectedStatus;
        const std::size_t unmatched = expectedLines - matchedLines;
        if (judged.newReason.empty() && 2 * matchedLines < expectedLines &&
            (unmatched >= 3 || (matchedLines == 0 && !statusRight))) {
            judged.mostlyWrong = true;
            judged.newReason = "most of it is not the sample's: " + std::to_string(matchedLines) + " of " +
                               std::to_string(expectedLines) + " expected lines match" +
                               (statusRight ? "" : ", and its exit status differs") + "\n";
        }
        for (const Edit &e : statusEdits[r])
            if (!setAside(e) && judged.newReason.empty())
                judged.newReason = "exits with status " + std::to_string(runs[r].actualStatus) +
                                   " where the sample exits with status " + std::to_string(runs[r].expectedStatus);
        judged.differences.assign(found.begin(), found.end());
        judged.explained = judged.newReason.empty() && !found.empty();
        if (judged.explained)
            for (std::size_t d : found) ++findings.differences[d].explains;
    }
    // Step 4: in the order a report lists them, each run's indices renumbered to match.
    std::vector<std::size_t> order(findings.differences.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return findings.differences[x].explains > findings.differences[y].explains;
    });
    std::vector<std::size_t> rank(order.size());
    std::vector<OutputDifference> sorted;
    for (std::size_t k = 0; k < order.size(); ++k) {
        rank[order[k]] = k;
        sorted.push_back(findings.differences[order[k]]);
    }
    findings.differences = sorted;
    for (RunDifferences &run : findings.runs) {
        for (std::size_t &d : run.differences) d = rank[d];
        std::sort(run.differences.begin(), run.differences.end());
    }
    return findings;
}

}  // namespace dotslab::grader
