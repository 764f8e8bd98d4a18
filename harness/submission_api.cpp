#include "harness/submission_api.h"

namespace dotslab::harness {

std::vector<std::string> missingFunctions(const SubmissionApi &api) {
    std::vector<std::string> missing;
    auto need = [&](bool present, const std::string &prototype) {
        if (!present) missing.push_back("missing mandated function: " + prototype);
    };
    need(api.display != nullptr, displayPrototype(api));
    need(api.isFilled != nullptr, prototype(api, "isFilled"));
    need(api.playerScore != nullptr, prototype(api, "playerScore"));
    need(api.updateGrid != nullptr, prototype(api, "updateGrid"));
    need(api.gameState != nullptr, prototype(api, "gameState"));
    return missing;
}

}  // namespace dotslab::harness
