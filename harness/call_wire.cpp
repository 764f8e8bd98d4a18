#include "harness/call_wire.h"

#include <tuple>

namespace dotslab::harness {
namespace {

void appendLittle(std::string &stream, std::uint64_t value, int bytes) {
    for (int k = 0; k < bytes; ++k) stream += static_cast<char>(static_cast<unsigned char>(value >> (8 * k)));
}

bool readLittle(std::string_view bytes, std::size_t &at, int size, std::uint64_t &value) {
    if (bytes.size() < at || bytes.size() - at < static_cast<std::size_t>(size)) return false;
    value = 0;
    for (int k = 0; k < size; ++k)
        value |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(k)]))
                 << (8 * k);
    at += static_cast<std::size_t>(size);
    return true;
}

}  // namespace

bool operator<(const Call &x, const Call &y) {
    return std::tie(x.op, x.grid, x.a, x.b) < std::tie(y.op, y.grid, y.a, y.b);
}

void appendCall(std::string &stream, const Call &call) {
    appendLittle(stream, static_cast<std::uint64_t>(call.op), 1);
    appendLittle(stream, static_cast<std::uint64_t>(call.grid), 8);
    appendLittle(stream, static_cast<std::uint32_t>(call.a), 4);
    appendLittle(stream, static_cast<std::uint32_t>(call.b), 4);
}

bool readCall(std::string_view bytes, std::size_t &at, Call &call) {
    std::uint64_t op = 0, grid = 0, a = 0, b = 0;
    std::size_t next = at;
    if (!readLittle(bytes, next, 1, op) || !readLittle(bytes, next, 8, grid) || !readLittle(bytes, next, 4, a) ||
        !readLittle(bytes, next, 4, b) || op >= static_cast<std::uint64_t>(kOpCount))
        return false;
    call = {static_cast<Op>(op), static_cast<long long>(grid), static_cast<int>(static_cast<std::uint32_t>(a)),
            static_cast<int>(static_cast<std::uint32_t>(b))};
    at = next;
    return true;
}

void appendAnswer(std::string &stream, Op op, const Answer &answer) {
    if (op != Op::kDisplay) return appendLittle(stream, static_cast<std::uint64_t>(answer.value), 8);
    appendLittle(stream, answer.text.size(), 4);
    stream += answer.text;
}

bool readAnswer(std::string_view bytes, std::size_t &at, Op op, Answer &answer) {
    std::uint64_t value = 0;
    std::size_t next = at;
    if (op != Op::kDisplay) {
        if (!readLittle(bytes, next, 8, value)) return false;
        answer = {static_cast<long long>(value), ""};
    } else {
        if (!readLittle(bytes, next, 4, value) || bytes.size() - next < value) return false;
        answer = {0, std::string(bytes.substr(next, value))};
        next += value;
    }
    at = next;
    return true;
}

void appendPresent(std::string &stream, unsigned char present) { appendLittle(stream, present, 1); }

bool readPresent(std::string_view bytes, std::size_t &at, unsigned char &present) {
    std::uint64_t value = 0;
    if (!readLittle(bytes, at, 1, value)) return false;
    present = static_cast<unsigned char>(value);
    return true;
}

}  // namespace dotslab::harness
