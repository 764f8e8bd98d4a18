#include "harness/harness_options.h"

#include <boost/test/unit_test.hpp>

namespace dotslab::harness {

std::string harnessOption(const std::string &name) {
    const auto &suite = boost::unit_test::framework::master_test_suite();
    std::string prefix = "--" + name + "=";
    for (int i = 1; i < suite.argc; ++i) {
        std::string arg = suite.argv[i];
        if (arg.rfind(prefix, 0) == 0) return arg.substr(prefix.size());
    }
    return "";
}

}  // namespace dotslab::harness
