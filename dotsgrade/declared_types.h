// declared_types.h — how a student's code declares a function: its return type and its
// parameters' types as written, read from the code by a small tokenizer (no compiler).
//
// The objects name a function by its parameters only (the mangled name has no return
// type), so `int isFilled(long long grid, int pos)` links where the assignment's
// `bool isFilled(long long grid, int pos)` is called. The prototypes rule reads the
// return type from the code. It is read here where the words leave no doubt: every word
// a type keyword (int, bool, long, const, ...) or & or *. Where a name (an alias, a macro,
// auto with a trailing type) leaves a doubt, the declaration is not plain: the rule then
// asks the compiler.
#pragma once

#include <string>
#include <vector>

namespace dotslab::grader {

struct DeclaredFunction {
    int line = 0;                         // where its name is (1 for the first line)
    std::string returns;                  // its return type, canonical ("int")
    std::vector<std::string> parameters;  // each parameter's type, canonical ("long long &")
    bool plain = false;                   // every word a keyword or & or *: the types are as read
    std::string text;  // as written, on one line: "static int isFilled(long long g, int p)"
};

// Returns every declaration and definition of a function called name in code (comments and
// literals blanked, see codeOnly); calls and qualified names (Board::isFilled) are not.
std::vector<DeclaredFunction> declarationsOf(const std::string &code, const std::string &name);

// Returns a type's words in one spelling: specifiers that do not change it left out (a
// by-value type's top-level const, static, inline), integer types in their shortest
// spelling ("long long int" -> "long long", "signed" -> "int", "unsigned int" ->
// "unsigned"), words separated by one space.
std::string canonicalType(const std::vector<std::string> &words);

}  // namespace dotslab::grader
