#include "solver/board_symmetry.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>

namespace dotslab {
namespace {

// Returns the greatest common divisor of the non-zero differences between values.
int latticeStep(std::vector<int> values) {
    std::sort(values.begin(), values.end());
    int step = 0;
    for (std::size_t i = 1; i < values.size(); ++i) step = std::gcd(step, values[i] - values[i - 1]);
    return step == 0 ? 1 : step;
}

}  // namespace

BoardSymmetry::BoardSymmetry(const BoardGraph &graph) {
    std::vector<int> rows, cols;
    for (int l = 0; l < graph.lineCount(); ++l)
        for (Point p : {graph.line(l).from, graph.line(l).to}) rows.push_back(p.row), cols.push_back(p.col);
    const int rowStep = latticeStep(rows), colStep = latticeStep(cols);
    const int rowSum =
        *std::min_element(rows.begin(), rows.end()) + *std::max_element(rows.begin(), rows.end());
    const int colSum =
        *std::min_element(cols.begin(), cols.end()) + *std::max_element(cols.begin(), cols.end());

    // Twice the lattice coordinates, measured from the board's centre (so they stay integral).
    auto centred = [&](Point p) {
        return Point{(2 * p.row - rowSum) / rowStep, (2 * p.col - colSum) / colStep};
    };
    std::map<std::pair<Point, Point>, int> lineAt;  // centred ends (sorted) -> line
    auto key = [](Point a, Point b) { return a < b ? std::make_pair(a, b) : std::make_pair(b, a); };
    for (int l = 0; l < graph.lineCount(); ++l)
        lineAt[key(centred(graph.line(l).from), centred(graph.line(l).to))] = l;

    for (int t = 0; t < 8; ++t) {
        auto transform = [t](Point p) {
            Point q = (t & 4) ? Point{p.col, p.row} : p;  // transpose
            if (t & 1) q.row = -q.row;
            if (t & 2) q.col = -q.col;
            return q;
        };
        std::vector<int> map(graph.lineCount(), -1);
        bool ok = graph.cellCount() > 0;
        for (int l = 0; l < graph.lineCount() && ok; ++l) {
            auto found = lineAt.find(
                key(transform(centred(graph.line(l).from)), transform(centred(graph.line(l).to))));
            ok = found != lineAt.end();
            if (ok) map[l] = found->second;
        }
        for (int c = 0; c < graph.cellCount() && ok; ++c) {  // cells must map onto cells
            LineSet image = 0;
            for (int l : graph.cell(c).lines) image |= lineBit(map[l]);
            bool isCell = false;
            for (int d = 0; d < graph.cellCount(); ++d) isCell = isCell || graph.linesOfCell(d) == image;
            ok = isCell;
        }
        if (ok && std::find(maps_.begin(), maps_.end(), map) == maps_.end()) maps_.push_back(map);
    }
    if (maps_.empty()) {  // no lattice symmetry at all: the identity alone
        std::vector<int> identity(graph.lineCount());
        std::iota(identity.begin(), identity.end(), 0);
        maps_.push_back(identity);
    }
    byteImages_.resize(maps_.size());
    for (std::size_t s = 0; s < maps_.size(); ++s)
        for (int byte = 0; byte < 8; ++byte)
            for (int value = 0; value < 256; ++value) {
                LineSet image = 0;
                for (int bit = 0; bit < 8; ++bit) {
                    int line = byte * 8 + bit;
                    if ((value >> bit & 1) && line < graph.lineCount()) image |= lineBit(maps_[s][line]);
                }
                byteImages_[s][byte][value] = image;
            }
}

LineSet BoardSymmetry::apply(int s, LineSet lines) const {
    LineSet image = 0;
    for (int byte = 0; byte < 8 && lines != 0; ++byte, lines >>= 8)
        image |= byteImages_[s][byte][lines & 0xff];
    return image;
}

LineSet BoardSymmetry::canonical(LineSet lines) const {
    LineSet best = lines;
    for (int s = 1; s < count(); ++s) best = std::min(best, apply(s, lines));
    return best;
}

}  // namespace dotslab
