#include "harness/grid_checks.h"

#include <cstdint>

#include <bitset>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>

#include "harness/function_calls.h"
#include "packed/packed_digits.h"

namespace dotslab::harness {
namespace {

using dotslab::CellSet;
using dotslab::LineSet;
using dotslab::PackedGame;

constexpr std::size_t kExamplesKept = 5;

bool isDotsboxes(const PackedGame &game) { return game.kind == PackedGame::Kind::kDotsboxes; }

// Returns the score/owner digits for the closed cells: for dotsboxes `variant` picks the
// score split, for dotstriangles it picks which closed cells Player 2 owns.
long long cellDigits(const PackedGame &game, CellSet closed, unsigned variant) {
    if (isDotsboxes(game)) {
        int total = static_cast<int>(std::bitset<64>(closed).count());
        int score1 = static_cast<int>(variant % (total + 1));
        return score1 * dotslab::placeOf(17) + (total - score1) * dotslab::placeOf(18);
    }
    long long digits = 0;
    for (int c = 0; c < game.board.cellCount(); ++c)
        if (closed >> c & 1) digits += ((variant >> c & 1) ? 2 : 1) * dotslab::placeOf(13 + c);
    return digits;
}

// Returns how many cell-digit variants a line set has (score splits or owner subsets).
unsigned variantCount(const PackedGame &game, CellSet closed) {
    int total = static_cast<int>(std::bitset<64>(closed).count());
    return isDotsboxes(game) ? static_cast<unsigned>(total + 1) : 1u << total;
}

// Spreads the bits of variant over the closed cells (so owner subsets are exactly the
// subsets of closed); for dotsboxes variant is used as it is.
unsigned spread(const PackedGame &game, CellSet closed, unsigned variant) {
    if (isDotsboxes(game)) return variant;
    unsigned spreadBits = 0;
    for (int c = 0, k = 0; c < game.board.cellCount(); ++c)
        if (closed >> c & 1) spreadBits |= ((variant >> k++) & 1u) << c;
    return spreadBits;
}

}  // namespace

void CheckReport::fail(const std::string &description) {
    ++failures;
    if (examples.size() < kExamplesKept) examples.push_back(description);
}

std::string CheckReport::summary() const {
    std::ostringstream out;
    out << function << ": " << failures << " of " << calls << " calls differ from the model";
    for (const std::string &e : examples) out << "\n  " << e;
    if (failures > static_cast<long long>(examples.size())) out << "\n  ...";
    return out.str();
}

long long gridOfLines(const PackedGame &game, LineSet lines) {
    long long grid = 0;
    for (int pos = 1; pos <= game.lineCount(); ++pos)
        if (lines >> (pos - 1) & 1) grid += dotslab::placeOf(pos);
    return grid;
}

// Returns true for the line sets the suites visit: every nearly empty or nearly full one
// (where the edge cases are) and one in sixteen of the others, picked by a fixed hash that
// spreads them over every line and every box.
bool isCheckedLineSet(const PackedGame &game, LineSet lines) {
    const int filled = static_cast<int>(std::bitset<64>(lines).count());
    if (filled <= 2 || filled >= game.lineCount() - 2) return true;
    return static_cast<std::uint32_t>(lines * 2654435761u) >> 28 == 0;  // the top 4 bits: 1 in 16
}

const std::vector<long long> &checkedGrids(const PackedGame &game) {
    // Made once per game, whichever thread asks first (the grader judges suites in parallel).
    static std::mutex mutex;
    static std::map<const PackedGame *, std::vector<long long>> cache;
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<long long> &grids = cache[&game];
    if (!grids.empty()) return grids;
    for (LineSet lines = 0; lines <= game.board.allLines(); ++lines) {
        if (!isCheckedLineSet(game, lines)) continue;
        CellSet closed = game.board.closedCells(lines);
        long long base = gridOfLines(game, lines);
        for (unsigned v = 0; v < variantCount(game, closed); ++v)
            grids.push_back(base + cellDigits(game, closed, spread(game, closed, v)));
    }
    return grids;
}

std::vector<long long> renderedGrids(const PackedGame &game) {
    std::vector<long long> grids;
    for (LineSet lines = 0; lines <= game.board.allLines(); ++lines) {
        if (!isCheckedLineSet(game, lines)) continue;
        CellSet closed = game.board.closedCells(lines);
        unsigned variant = static_cast<unsigned>(lines * 2654435761u >> 7) % variantCount(game, closed);
        grids.push_back(gridOfLines(game, lines) + cellDigits(game, closed, spread(game, closed, variant)));
    }
    return grids;
}

CheckReport checkFunction(const SubmissionApi &api, Op op) {
    CheckReport report{functionName(op, api)};
    forEachCall(op == Op::kDisplay ? "rendering" : "equivalence", api.model, 0,
                [&](std::size_t, const Call &call) {
                    if (call.op != op) return true;
                    ++report.calls;
                    const Answer want = modelAnswer(api.model, call), got = submissionAnswer(api, call);
                    if (!(want == got)) report.fail(mismatchText(call, want, got, api));
                    return true;
                });
    return report;
}

std::string capturedDisplay(const SubmissionApi &api, long long grid) { return printedBy(api.display, grid); }

}  // namespace dotslab::harness
