// The submission harness: Boost.Test suites that check one dotsboxes or dotstriangles
// submission (linked into this runner) against the model in common/.
//
//   <runner> [boost options] -- [--program=PATH] [--transcripts=DIR]
//
// --program is the submission built as a program (enables the whole_program suite) and
// --transcripts the folder of NAME.in/.out/.rc transcripts to run it on.
#define BOOST_TEST_MODULE dotslab submission harness
#include <unistd.h>

#include <boost/test/output/compiler_log_formatter.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace {

bool testsRunning = false;

// Runs if anything calls exit() before the tests are done: a submission's function that
// calls exit(0) must not end the run with a passing status.
void refuseEarlyExit() {
    if (!testsRunning) return;
    static const char message[] =
        "\nerror: the submission called exit() inside a mandated function; the remaining tests did not run\n";
    if (write(STDERR_FILENO, message, sizeof message - 1) < 0) {
        // nothing more can be done: the status below still reports the failure
    }
    _exit(3);
}

// Boost.Test's human-readable log without the framework's own parts: no source file and
// line of our checks ("spec_examples_test.cpp(18): ") and no colour codes, whatever the
// terminal. What a student reads is the failure: the test and what is wrong.
class StudentLogFormatter : public boost::unit_test::output::compiler_log_formatter {
  public:
    void log_start(std::ostream &out, boost::unit_test::counter_t cases) override {
        compiler_log_formatter::log_start(out, cases);
        m_color_output = false;
    }

  protected:
    void print_prefix(std::ostream &, boost::unit_test::const_string, std::size_t) override {}
};

// The environment every test runs in.
struct HarnessEnvironment {
    void setup() {
        // The human-readable log goes to standard error: the rendering checks redirect
        // std::cout while a display function runs, and a report about a crash inside one
        // must not vanish with it.
        boost::unit_test::unit_test_log.set_formatter(new StudentLogFormatter);
        boost::unit_test::unit_test_log.set_stream(std::cerr);
        // A mandated function that reads input gets end of input instead of a hang.
        if (std::freopen("/dev/null", "r", stdin) == nullptr) std::cin.setstate(std::ios::eofbit);
        testsRunning = true;
        std::atexit(refuseEarlyExit);
    }
    void teardown() { testsRunning = false; }
};

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(HarnessEnvironment);
