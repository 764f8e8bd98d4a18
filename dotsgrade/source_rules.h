// source_rules.h — the assignment rules that can be checked mechanically, each with a
// message that names the line or symbol at fault.
//
//   prototypes        every mandated function is defined with its exact prototype
//   no_globals        no variable outside a function (writable data symbols); only where the
//                     spec forbids them (dotsboxes, dotstriangles)
//   no_floating_point packed encodings use integer arithmetic only (no float, double, pow)
//   no_arrays         dotstriangles: no '[' in the code (declarations or subscripts)
//   no_library        dotstriangles: nothing from the library besides cin and cout
#pragma once

#include <string>
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
};

// Returns the results of every rule that applies to the assignment, from the build's
// sources and what its objects hold.
std::vector<RuleResult> checkSourceRules(const Assignment &assignment, const BuildResult &build,
                                         const ObjectListing &objects);

// Returns source with comments, string literals and character literals blanked out
// (line breaks kept, so line numbers stay right).
std::string codeOnly(const std::string &source);

}  // namespace dotslab::grader
