// The dotsboxes mandated functions as the assignment states them. Declared weak so that
// a submission lacking one still links and the harness names the missing prototype.
#include "harness/submission_api.h"

__attribute__((weak)) void displayGrid(long long grid);
__attribute__((weak)) bool isFilled(long long grid, int pos);
__attribute__((weak)) int playerScore(long long grid, int p);
__attribute__((weak)) void updateGrid(long long &grid, int pos, int p);
__attribute__((weak)) int gameState(long long grid);

const dotslab_harness::SubmissionApi &dotslab_harness::submission() {
    static const SubmissionApi api{dotslab::dotsboxesGame(), displayGrid, isFilled, playerScore, updateGrid,
                                   gameState, "displayGrid"};
    return api;
}
