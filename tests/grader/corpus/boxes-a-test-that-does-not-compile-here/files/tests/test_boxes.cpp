#include <catch2/catch.hpp>
TEST_CASE("x") { REQUIRE(1 == 1); }
