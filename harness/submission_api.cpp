#include "harness/submission_api.h"

namespace dotslab_harness {

std::vector<std::string> missingFunctions(const SubmissionApi &api) {
    std::vector<std::string> missing;
    auto need = [&](bool present, const char *prototype) {
        if (!present) missing.push_back(std::string("missing mandated function: ") + prototype);
    };
    need(api.display != nullptr, displayPrototype(api).c_str());
    need(api.isFilled != nullptr, isFilledPrototype());
    need(api.playerScore != nullptr, playerScorePrototype());
    need(api.updateGrid != nullptr, updateGridPrototype());
    need(api.gameState != nullptr, gameStatePrototype());
    return missing;
}

}  // namespace dotslab_harness
