// The one encoding of the function worker's calls and answers (harness/call_wire.h):
// what is written reads back unchanged, and a stream cut short or out of range is refused.
#define BOOST_TEST_MODULE dotsgrade_call_wire
#include <boost/test/unit_test.hpp>

#include "harness/call_wire.h"

using namespace dotslab::harness;

BOOST_AUTO_TEST_SUITE(call_wire)

BOOST_AUTO_TEST_CASE(calls_read_back_unchanged) {
    const Call calls[] = {{Op::kDisplay, 0, 0, 0},
                          {Op::kIsFilled, 1101011110110110LL, 7, 0},
                          {Op::kUpdateGrid, 999999999999999999LL, -1, 2},
                          {Op::kGameState, -7, 2147483647, -2147483647 - 1}};
    std::string stream;
    for (const Call &call : calls) appendCall(stream, call);
    BOOST_TEST(stream.size() == std::size(calls) * kCallBytes);
    std::size_t at = 0;
    for (const Call &want : calls) {
        Call got;
        BOOST_TEST_REQUIRE(readCall(stream, at, got));
        BOOST_TEST((got == want));
    }
    Call none;
    BOOST_TEST(!readCall(stream, at, none));
    BOOST_TEST(at == stream.size());
}

BOOST_AUTO_TEST_CASE(answers_and_header_read_back_unchanged) {
    std::string stream;
    appendPresent(stream, kAllPresent & ~presentBit(Op::kGameState));
    appendAnswer(stream, Op::kDisplay, {0, std::string("o--o\n\0x", 7)});
    appendAnswer(stream, Op::kIsFilled, {1, ""});
    appendAnswer(stream, Op::kUpdateGrid, {-123456789012345678LL, ""});
    std::size_t at = 0;
    unsigned char present = 0;
    BOOST_TEST_REQUIRE(readPresent(stream, at, present));
    BOOST_TEST(at == kPresentBytes);
    BOOST_TEST(!(present & presentBit(Op::kGameState)));
    BOOST_TEST((present & presentBit(Op::kDisplay)));
    Answer got;
    BOOST_TEST_REQUIRE(readAnswer(stream, at, Op::kDisplay, got));
    BOOST_TEST(got.text == std::string("o--o\n\0x", 7));
    BOOST_TEST_REQUIRE(readAnswer(stream, at, Op::kIsFilled, got));
    BOOST_TEST(got.value == 1);
    BOOST_TEST_REQUIRE(readAnswer(stream, at, Op::kUpdateGrid, got));
    BOOST_TEST(got.value == -123456789012345678LL);
    BOOST_TEST(at == stream.size());
}

BOOST_AUTO_TEST_CASE(short_or_foreign_bytes_are_refused) {
    std::string stream;
    appendCall(stream, {Op::kIsFilled, 5, 1, 0});
    std::size_t at = 0;
    Call call;
    BOOST_TEST(!readCall(stream.substr(0, kCallBytes - 1), at, call));
    BOOST_TEST(at == 0u);
    stream[0] = static_cast<char>(kOpCount);  // no such op
    BOOST_TEST(!readCall(stream, at, call));

    std::string text;
    appendAnswer(text, Op::kDisplay, {0, "abc"});
    Answer answer;
    BOOST_TEST(!readAnswer(text.substr(0, text.size() - 1), at, Op::kDisplay, answer));
    BOOST_TEST(at == 0u);
    unsigned char present = 0;
    BOOST_TEST(!readPresent("", at, present));
}

BOOST_AUTO_TEST_SUITE_END()
