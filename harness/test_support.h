// test_support.h — small helpers shared by the harness's Boost.Test suites.
#pragma once

#include <boost/test/unit_test.hpp>
#include <string>

#include "harness/submission_api.h"

namespace dotslab::harness {

// Stops the current test with one line naming the prototype if fn is missing.
template <class Function>
void requireFunction(Function *fn, const std::string &prototype) {
    if (fn == nullptr) BOOST_FAIL("missing mandated function: " + prototype);
}

// Precondition: the linked submission is a dotsboxes one.
inline boost::test_tools::assertion_result isDotsboxes(boost::unit_test::test_unit_id) {
    return submission().model.kind == dotslab::PackedGame::Kind::kDotsboxes;
}

// Precondition: the linked submission is a dotstriangles one.
inline boost::test_tools::assertion_result isDotstriangles(boost::unit_test::test_unit_id) {
    return submission().model.kind == dotslab::PackedGame::Kind::kDotstriangles;
}

}  // namespace dotslab::harness
