// source_rules.h — the assignment rules that can be checked mechanically, each with a
// message that names the line or symbol at fault. Which apply is the assignment's
// (assignment.cpp); `dotsgrade ASSIGNMENT --explain` lists them for a course.
//
//   prototypes         a function defined under a near miss of a mandated name or
//                      signature (one missing outright is charged by its own test instead),
//                      or declared with another return type (declared_types.h)
//   no_globals         no variable outside a function: the objects' data symbols of any
//                      binding, and no asm (before or after the preprocessor: asmAfterPreprocessing)
//                      that could disguise one (dotsboxes, dotstriangles: the specs forbid them)
//   no_floating_point  the packed encodings in integers only: no floating literal or
//                      pow-like function in the code, before or after the preprocessor
//                      (floatingAfterPreprocessing), and no floating-point instruction or
//                      library call in the objects (a floating type's name alone, as in
//                      sizeof(double), computes nothing)
//   no_arrays          dotstriangles: no '[' or '<:' in the code outside [[attributes]]
//   no_library         dotstriangles: no library function besides cin and cout (their
//                      members, operators and manipulators), called (the objects) or
//                      expanded in place by the compiler (inlinedLibraryCalls), and no
//                      header besides the streams' that the code needs (an #include the
//                      code compiles without is shown, never charged: compilesWithout)
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "assignment.h"
#include "build.h"

namespace dotslab::grader {

struct RuleResult {
    RuleResult(std::string ruleId, std::string ruleTitle)
        : id(std::move(ruleId)), title(std::move(ruleTitle)) {}

    std::string id;     // "no_globals"
    std::string title;  // "no global variables"
    bool passed = true;
    std::string detail;  // what is wrong, in plain words
    // Lines that break the rule only where the code needs them: an #include uses nothing
    // until the code uses what it declares.
    struct UnsureLine {
        std::string source;
        int line;
        std::string said;  // "dotstriangles.cpp:3: #include <cmath>"
    };
    std::vector<UnsureLine> unsureLines;
};

// Returns the results of every rule that applies to the assignment, from the build's
// sources and what its objects hold.
std::vector<RuleResult> checkSourceRules(const Assignment &assignment, const BuildResult &build,
                                         const ObjectListing &objects);

// A function the submission defines whose name is near a mandated one's.
struct NearMiss {
    std::string readable;         // "gamestate(long long)", as the compiler names it
    std::string mangled;          // "_Z9gamestatex"
    bool sameParameters = false;  // a plain function with the mandated parameters as passed (long for
                                  // long long too): callable as it
};

// How a submission defines a mandated function: exactly, or else by near misses (another
// case, a letter or two off, another namespace, other parameters).
struct Definition {
    bool exact = false;
    // Defined with the exact prototype but static (or in an unnamed namespace): its
    // symbol, local to the object ("_ZL8isFilledxi"); empty otherwise.
    std::string internal;
    std::vector<NearMiss> nearMisses;
};

// Returns how the objects define mandated function f.
Definition definitionOf(const MandatedFunction &f, const ObjectListing &objects);

// Returns the lines of the student's code after the preprocessor (CourseWarnings::ownCode)
// that name asm (asm, __asm, __asm__), however the source spelled it (a macro that pastes
// the word together): each as "after the preprocessor: LINE", at most five.
std::string asmAfterPreprocessing(const std::string &ownCode);
// Returns the lines of ownCode (preprocessed) that make or use an array, however the
// source spelled it (a digraph pasted together by a macro): each as "after the
// preprocessor: LINE", at most five (no_arrays).
std::string arraysAfterPreprocessing(const std::string &ownCode);
// Returns true if ownCode (preprocessed) declares a class's subscript operator (operator[]).
bool declaresSubscriptOperator(const std::string &ownCode);
// Returns "" where the compiler's view shows that every subscript ownCode (preprocessed)
// writes calls a class's operator[], and no array is made or used: trees is GCC's tree dump
// of the student's sources (compilerTrees in build.h), in which an array's subscript reads
// `sides[k]` and an operator's a call. Else returns why not (no_arrays stands as the source
// says). The student's functions are told from the library's by name.
std::string arraysTheCompilerSees(const std::string &ownCode, const std::string &trees);
// Returns the arrays GCC's tree dump (compilerTrees) shows in the student's functions, one
// line each ("" for none); counts the calls of a class's operator[] into subscriptCalls.
std::string arraysInTrees(const std::string &trees, int *subscriptCalls = nullptr);
// Returns the lines of ownCode (preprocessed) that open namespace std or __gnu_cxx, or
// declare a class into it by a qualified name: the rule no_globals lets
// the library's own template statics there pass, so a student's variable declared inside
// it would pass too.
std::string libraryNamespaceAfterPreprocessing(const std::string &ownCode);

// Returns the lines of the student's code after the preprocessor (CourseWarnings::ownCode)
// that call a library function the compiler may expand in place, leaving no call in the
// objects (abs, llabs, isdigit, strlen, memset, any __builtin_...), unless the student's
// objects define a function of that name: each as "after the preprocessor: LINE", at most
// five (no_library, dotstriangles).
std::string inlinedLibraryCalls(const std::string &ownCode, const ObjectListing &objects);

// Returns the lines of the student's code after the preprocessor (CourseWarnings::ownCode)
// that use floating point however the source spelled it: a floating
// literal (2.5, 1e17, 0x1p3), or the compiler's builtins of pow and its kin
// (__builtin_pow, folded away where its arguments are constants); each as "after the
// preprocessor: LINE", at most five.
std::string floatingAfterPreprocessing(const std::string &ownCode);

// Returns source with comments, string literals and character literals blanked out
// (line breaks kept, so line numbers stay right). With keepLiterals, the literals stay,
// each blank in them written as a control character (\x1d newline, \x1e tab, \x1f
// space) so that removing the code's blanks leaves theirs.
std::string codeOnly(const std::string &source, bool keepLiterals = false);

// Returns the header a line includes and what follows it ("" if the line is no #include):
// `#  include <x>` -> "<x>", `#include "b.h" // x` -> "\"b.h\" // x".
std::string_view includedHeader(std::string_view line);
// Returns the file an include line names in quotes (`#include "board.h"`: board.h as
// written, a path perhaps), or "" for none.
std::string quotedInclude(std::string_view line);

}  // namespace dotslab::grader
