// The submission harness: Boost.Test suites that check one dotsboxes or dotstriangles
// submission (linked into this runner) against the model in common/.
//
//   <runner> [boost options] -- [--program=PATH] [--transcripts=DIR]
//
// --program is the submission built as a program (enables the whole_program suite) and
// --transcripts the folder of NAME.in/.out/.rc transcripts to run it on.
#define BOOST_TEST_MODULE dotslab submission harness
#include <boost/test/unit_test.hpp>
#include <iostream>

namespace {

// The human-readable log goes to standard error: the rendering checks redirect std::cout
// while a display function runs, and a report about a crash inside one must not vanish.
struct LogToStandardError {
    void setup() { boost::unit_test::unit_test_log.set_stream(boost::unit_test::OF_CLF, std::cerr); }
    void teardown() {}
};

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(LogToStandardError);
