// Task 1's "short test program": the Board functions checked with GoogleTest
// (g++ tests/board_test.cc board.cc -lgtest -lgtest_main -pthread).
#include "../board.h"
#include <gtest/gtest.h>

TEST(Board, IsLegal) {
    Board b;
    EXPECT_TRUE(b.is_legal(1));
    EXPECT_FALSE(b.is_legal(4));
}
TEST(Board, WorstCase) {
    Board b;
    EXPECT_EQ(b.worst_case(), -10);
}
TEST(Board, Better) {
    Board b;
    EXPECT_TRUE(b.better(3, 1));
}
