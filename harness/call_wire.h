// call_wire.h — the calls of the mandated functions and their answers as bytes: the one
// encoding the grader and the function worker speak, with no model behind it (nothing
// here knows a right answer).
//
//   a call:    | op: 1 byte | grid: 8 bytes | a: 4 bytes | b: 4 bytes |   (kCallBytes, little-endian)
//   an answer: | value: 8 bytes |                for a number (bools 0/1, updateGrid's new grid)
//              | length: 4 bytes | text |        for what a display function printed
//
//   the answers' header:  | present: 1 byte |   bit k set: Op k's function exists
//
// The grader writes a worker its calls on standard input; the worker writes the header,
// then an answer per call whose function exists, in the calls' order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "common/packed/mandated_table.h"  // the worker is built with the project root alone

namespace dotslab::harness {

// The mandated functions, in mandated_table.h's order: the display function first.
enum class Op : std::uint8_t { kDisplay, kIsFilled, kPlayerScore, kUpdateGrid, kGameState };

// The name of each op's function, by op (the display function's depends on the game).
#define DOTSLAB_FUNCTION_NAME(type, name, parameters, mangled) #name,
constexpr std::string_view kOpNames[] = {"display", DOTSLAB_PACKED_GAME_FUNCTIONS(DOTSLAB_FUNCTION_NAME)};
#undef DOTSLAB_FUNCTION_NAME
constexpr int kOpCount = static_cast<int>(std::size(kOpNames));
static_assert(kOpCount == static_cast<int>(Op::kGameState) + 1 &&
                  kOpNames[static_cast<int>(Op::kIsFilled)] == "isFilled" &&
                  kOpNames[static_cast<int>(Op::kPlayerScore)] == "playerScore" &&
                  kOpNames[static_cast<int>(Op::kUpdateGrid)] == "updateGrid" &&
                  kOpNames[static_cast<int>(Op::kGameState)] == "gameState",
              "Op follows the order of mandated_table.h");

// One call of a mandated function.
struct Call {
    Op op = Op::kIsFilled;
    long long grid = 0;
    int a = 0;  // isFilled, updateGrid: pos; playerScore: p
    int b = 0;  // updateGrid: p
    friend bool operator<(const Call &x, const Call &y);
    friend bool operator==(const Call &x, const Call &y) {
        return x.op == y.op && x.grid == y.grid && x.a == y.a && x.b == y.b;
    }
};

// What a call gives back: a number (bools as 0/1, updateGrid's new grid) or printed text.
struct Answer {
    long long value = 0;
    std::string text;
    friend bool operator==(const Answer &x, const Answer &y) {
        return x.value == y.value && x.text == y.text;
    }
};

constexpr std::size_t kCallBytes = 17;
constexpr std::size_t kPresentBytes = 1;  // the answers' header

// Appends call's kCallBytes to stream.
void appendCall(std::string &stream, const Call &call);

// Reads the call at bytes[at] and moves at past it; false if fewer than kCallBytes are
// left or the op is no Op.
bool readCall(std::string_view bytes, std::size_t &at, Call &call);

// Appends answer to stream: 8 bytes for a number, or 4 bytes of length and the text.
void appendAnswer(std::string &stream, Op op, const Answer &answer);

// Reads the answer to a call of op at bytes[at] and moves at past it; false if the bytes
// end first.
bool readAnswer(std::string_view bytes, std::size_t &at, Op op, Answer &answer);

// Appends the answers' header: bit k of present set where Op k's function exists.
void appendPresent(std::string &stream, unsigned char present);

// Reads the answers' header at bytes[at] and moves at past it; false if there is none.
// Bits beyond kAllPresent are kept: what a student's code printed before main (a global
// constructor) lands here, and the answers after it are judged as they come.
bool readPresent(std::string_view bytes, std::size_t &at, unsigned char &present);

// Returns the header's bit for op.
constexpr unsigned char presentBit(Op op) { return static_cast<unsigned char>(1u << static_cast<int>(op)); }

// The header of a submission that defines every mandated function.
constexpr unsigned char kAllPresent = (1u << kOpCount) - 1;

}  // namespace dotslab::harness
