// The boards the model derives from geometry, checked against the tables in the specs,
// and the rectangle's index arithmetic checked against the geometric derivation.
#include <boost/test/unit_test.hpp>
#include <vector>

#include "board/cruciform.h"
#include "board/extra_turn.h"
#include "board/hexagon.h"
#include "board/rectangle.h"
#include "packed/packed_digits.h"

using namespace dotslab;

namespace {

// Returns cell c's lines as 1-based positions.
std::vector<int> positionsOf(const BoardGraph &board, int c) {
    std::vector<int> positions;
    for (int l : board.cell(c).lines) positions.push_back(l + 1);
    return positions;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(boards)

BOOST_AUTO_TEST_CASE(cruciform_matches_the_spec_box_table) {
    const BoardGraph &board = cruciformBoard();
    BOOST_TEST(board.lineCount() == 16);
    const std::vector<std::vector<int>> spec = {
        {1, 2, 3, 5}, {4, 7, 8, 11}, {5, 8, 9, 12}, {6, 9, 10, 13}, {12, 14, 15, 16}};
    BOOST_TEST_REQUIRE(board.cellCount() == 5);
    for (int c = 0; c < 5; ++c)
        BOOST_TEST(positionsOf(board, c) == spec[c], boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(hexagon_matches_the_spec_tables) {
    const BoardGraph &board = hexagonBoard();
    BOOST_TEST(board.lineCount() == 12);
    // d13..d18: upper left, upper middle, upper right, lower left, lower middle, lower right.
    const std::vector<std::vector<int>> spec = {{2, 3, 6}, {1, 3, 4},   {4, 5, 7},
                                                {6, 8, 9}, {9, 10, 12}, {7, 10, 11}};
    BOOST_TEST_REQUIRE(board.cellCount() == 6);
    for (int c = 0; c < 6; ++c)
        BOOST_TEST(positionsOf(board, c) == spec[c], boost::test_tools::per_element());
    // Lines by their dots: 1 T0-T1, 2 T0-M0, 3 T0-M1, ..., 12 B0-B1.
    const Point T0{0, 2}, T1{0, 6}, M0{2, 0}, M1{2, 4}, M2{2, 8}, B0{4, 2}, B1{4, 6};
    const std::vector<std::pair<Point, Point>> ends = {{T0, T1}, {T0, M0}, {T0, M1}, {T1, M1},
                                                       {T1, M2}, {M0, M1}, {M1, M2}, {M0, B0},
                                                       {M1, B0}, {M1, B1}, {M2, B1}, {B0, B1}};
    for (int l = 0; l < 12; ++l)
        BOOST_TEST(board.lineBetween(ends[l].first, ends[l].second) == l, "line " << l + 1);
}

BOOST_AUTO_TEST_CASE(closing_cells) {
    const BoardGraph &board = cruciformBoard();
    LineSet allButFive = board.allLines() & ~lineBit(4);
    BOOST_TEST(board.cellsClosedBy(allButFive, 4) == 2, "line 5 closes the top and centre boxes");
    BOOST_TEST(board.closedCells(allButFive) == CellSet{0b11010});
    BOOST_TEST(board.cellsClosedBy(0, 0) == 0);
}

BOOST_AUTO_TEST_CASE(rectangle_arithmetic_agrees_with_geometry) {
    for (int h = 1; h <= 4; ++h)
        for (int w = 1; w <= 5; ++w) {
            BOOST_TEST_CONTEXT(h << " x " << w) {
                RectangleGrid grid(h, w);
                BoardGraph board = rectangleBoard(h, w);
                BOOST_TEST_REQUIRE(board.lineCount() == grid.edgeCount());
                BOOST_TEST_REQUIRE(board.cellCount() == grid.cellCount());
                for (int r = 0; r <= h; ++r)
                    for (int c = 0; c <= w; ++c) {
                        if (c < w)
                            BOOST_TEST(board.lineBetween({2 * r, 2 * c}, {2 * r, 2 * c + 2}) ==
                                       grid.horizontalEdge(r, c));
                        if (r < h)
                            BOOST_TEST(board.lineBetween({2 * r, 2 * c}, {2 * r + 2, 2 * c}) ==
                                       grid.verticalEdge(r, c));
                    }
                for (int cell = 0; cell < grid.cellCount(); ++cell) {
                    std::array<int, 4> edges = grid.edgesOfCell(cell);
                    std::vector<int> sorted(edges.begin(), edges.end());
                    std::sort(sorted.begin(), sorted.end());
                    BOOST_TEST(sorted == board.cell(cell).lines, boost::test_tools::per_element());
                }
                for (int e = 0; e < grid.edgeCount(); ++e) {
                    std::array<int, 2> cells{};
                    int n = grid.cellsOfEdge(e, cells);
                    BOOST_TEST(std::vector<int>(cells.begin(), cells.begin() + n) == board.cellsOfLine(e),
                               boost::test_tools::per_element());
                    BOOST_TEST(grid.isHorizontal(e) == (board.line(e).from.row == board.line(e).to.row));
                }
            }
        }
    RectangleGrid largest(999, 999);
    BOOST_TEST(largest.edgeCount() == 1998000);  // 1000*999 horizontal + 999*1000 vertical
}

BOOST_AUTO_TEST_CASE(extra_turn_rules) {
    const Turn first{1, false}, extra{1, true};
    BOOST_TEST((turnAfter(ExtraTurnRule::kUnlimited, first, 1, 2) == extra));
    BOOST_TEST((turnAfter(ExtraTurnRule::kUnlimited, extra, 2, 2) == extra));
    BOOST_TEST((turnAfter(ExtraTurnRule::kUnlimited, extra, 0, 2) == Turn{2, false}));
    BOOST_TEST((turnAfter(ExtraTurnRule::kAtMostOne, first, 1, 2) == extra));
    BOOST_TEST((turnAfter(ExtraTurnRule::kAtMostOne, extra, 1, 2) == Turn{2, false}),
               "never a third turn in a row");
    BOOST_TEST((turnAfter(ExtraTurnRule::kUnlimited, Turn{3, false}, 0, 3) == Turn{1, false}),
               "after the last comes the first");
}

BOOST_AUTO_TEST_CASE(packed_digits) {
    const long long figure1 = 1101011110110110LL;
    const int digits[18] = {0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0};
    for (int i = 1; i <= 18; ++i) BOOST_TEST(digitAt(figure1, i) == digits[i - 1], "digit " << i);
    BOOST_TEST(withDigit(0, 8, 1) == 10000000000LL);
    BOOST_TEST(withDigit(figure1, 17, 0) == figure1 - 10);
    BOOST_TEST(placeOf(1) == 100000000000000000LL);
    BOOST_TEST(fitsInDigits(999999999999999999LL));
    BOOST_TEST(!fitsInDigits(1000000000000000000LL));
}

BOOST_AUTO_TEST_SUITE_END()
