// harness_options.h — the runner's own command-line options (after Boost's "--").
#pragma once

#include <string>

namespace dotslab::harness {

// Returns the value of --NAME=VALUE among the runner's custom arguments, or "".
std::string harnessOption(const std::string &name);

}  // namespace dotslab::harness
