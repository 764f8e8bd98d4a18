#include "through_functions.h"

#include <map>
#include <set>

#include "function_checks.h"
#include "harness/function_calls.h"
#include "packed/packed_digits.h"

namespace dotslab::grader {
namespace {

using namespace dotslab::harness;

// A right main asks as the answers lead it; past this many rounds of questions it is not
// followed further (and the run is the program's own failure).
constexpr int kMostRounds = 60;

// The student's functions as one right function or main calls them: each answer looked
// up (the model's stands in while it is not known, and the result is then incomplete),
// noting which functions answered otherwise than the model.
class StudentFunctions : public MandatedFunctions {
  public:
    StudentFunctions(AskedAnswers &asked, const PackedGame &game) : asked_(asked), game_(game) {}

    std::string display(long long grid) override { return answer({Op::kDisplay, grid, 0, 0}).text; }
    bool isFilled(long long grid, int pos) override { return answer({Op::kIsFilled, grid, pos, 0}).value != 0; }
    int playerScore(long long grid, int p) override {
        return static_cast<int>(answer({Op::kPlayerScore, grid, p, 0}).value);
    }
    long long updated(long long grid, int pos, int p) override {
        return answer({Op::kUpdateGrid, grid, pos, p}).value;
    }
    int gameState(long long grid) override { return static_cast<int>(answer({Op::kGameState, grid, 0, 0}).value); }

    // Returns the lines the student's isFilled says are filled in grid.
    LineSet filledLines(long long grid) {
        LineSet lines = 0;
        for (int pos = 1; pos <= game_.lineCount(); ++pos)
            if (isFilled(grid, pos)) lines |= lineBit(pos - 1);
        return lines;
    }

    bool complete() const { return !unknown_ && !unanswered_; }
    bool unanswered() const { return unanswered_; }  // a function gave no answer (crashed, hung)
    unsigned through() const { return through_; }
    const std::optional<Call> &firstWrong() const { return firstWrong_; }
    const std::vector<std::pair<Call, Answer>> &differing() const { return differing_; }

  private:
    Answer answer(const Call &call) {
        const Answer model = modelAnswer(game_, call);
        const std::optional<Answer> *found = asked_.lookup(call);
        if (found == nullptr) {
            unknown_ = true;
            return model;
        }
        if (!found->has_value()) {
            unanswered_ = true;
            return model;
        }
        if (!(**found == model)) {
            through_ |= 1u << static_cast<unsigned>(call.op);
            if (!firstWrong_) firstWrong_ = call;
            differing_.push_back({call, **found});
        }
        return **found;
    }

    AskedAnswers &asked_;
    const PackedGame &game_;
    bool unknown_ = false, unanswered_ = false;
    unsigned through_ = 0;
    std::optional<Call> firstWrong_;
    std::vector<std::pair<Call, Answer>> differing_;
};

// Returns every answer a right function of call's op may give with the student's answers
// (see the header), each with the student's functions it was made from.
std::vector<std::pair<Answer, StudentFunctions>> rightAnswers(AskedAnswers &asked, const PackedGame &game,
                                                              const Call &call) {
    std::vector<std::pair<Answer, StudentFunctions>> answers;
    auto one = [&] { return StudentFunctions(asked, game); };
    switch (call.op) {
        case Op::kDisplay: {
            StudentFunctions f = one();
            const LineSet lines = f.filledLines(call.grid);
            const int score1 = f.playerScore(call.grid, 1), score2 = f.playerScore(call.grid, 2);
            answers.push_back({Answer{0, game.renderWith(call.grid, lines, score1, score2)}, f});
            break;
        }
        case Op::kGameState: {
            StudentFunctions f = one();
            const LineSet lines = f.filledLines(call.grid);
            const int score1 = f.playerScore(call.grid, 1), score2 = f.playerScore(call.grid, 2);
            answers.push_back({Answer{game.gameStateWith(lines, score1, score2), ""}, f});
            break;
        }
        case Op::kUpdateGrid: {
            const int pos = call.a, p = call.b;
            const long long drawn = withDigit(call.grid, pos, 1);
            for (const long long asking : {call.grid, drawn})
                for (const bool scoreAsked : {false, true}) {
                    StudentFunctions f = one();
                    if (f.isFilled(call.grid, pos)) {
                        answers.push_back({Answer{call.grid, ""}, f});
                        continue;
                    }
                    // Asked of g, k is not drawn there yet; asked of g with k drawn, the
                    // student's isFilled says for k too.
                    const LineSet after = f.filledLines(asking) | (asking == call.grid ? lineBit(pos - 1) : 0);
                    const int score = scoreAsked ? f.playerScore(call.grid, p) : game.playerScore(call.grid, p);
                    answers.push_back({Answer{game.drawnWith(call.grid, pos, p, after, score), ""}, f});
                }
            break;
        }
        default:  // isFilled and playerScore read digits: they call none of the others
            break;
    }
    return answers;
}

}  // namespace

const std::optional<Answer> *AskedAnswers::lookup(const Call &call) {
    const auto found = known_.find(call);
    if (found != known_.end()) return &found->second;
    if (recorded_)
        if (const auto given = recorded_->find(call); given != recorded_->end())
            return &known_.emplace(call, given->second).first->second;
    needed_.insert(call);
    return nullptr;
}

bool AskedAnswers::ask(bool careful) {
    if (needed_.empty()) return false;
    const std::vector<Call> calls(needed_.begin(), needed_.end());
    needed_.clear();
    const std::vector<std::optional<Answer>> answers = answersTo(worker_, calls, careful);
    for (std::size_t k = 0; k < calls.size(); ++k) known_[calls[k]] = answers[k];
    return true;
}

AnswerTally AskedAnswers::tally(const PackedGame &game, CompareMode mode) const {
    AnswerTally t;
    for (const auto &[call, answer] : known_) {
        const auto op = static_cast<std::size_t>(call.op);
        ++t.calls[op];
        if (!answer)
            ++t.unanswered[op];
        else if (!answersMatch(call.op, modelAnswer(game, call), *answer, mode))
            t.differing.push_back({call, *answer});
    }
    return t;
}

bool AskedAnswers::sameInAnyOrder() const {
    std::vector<Call> calls;
    for (auto known = known_.rbegin(); known != known_.rend(); ++known)
        if (known->second) calls.push_back(known->first);
    if (calls.empty()) return true;
    const std::vector<std::optional<Answer>> again = answersTo(worker_, calls, false);
    for (std::size_t k = 0; k < calls.size(); ++k)
        if (!again[k] || !(*again[k] == *known_.at(calls[k]))) return false;
    return true;
}

std::vector<Explained> explainedAnswers(AskedAnswers &asked, const PackedGame &game,
                                        const std::vector<std::pair<Call, Answer>> &wrong, CompareMode mode) {
    for (const auto &[call, got] : wrong) rightAnswers(asked, game, call);  // what they ask
    asked.ask(false);
    std::vector<Explained> explained(wrong.size());
    for (std::size_t k = 0; k < wrong.size(); ++k)
        for (const auto &[right, f] : rightAnswers(asked, game, wrong[k].first))
            if (f.complete() && answersMatch(wrong[k].first.op, right, wrong[k].second, mode)) {
                explained[k] = {true, f.through()};
                break;
            }
    return explained;
}

std::vector<RightMainRun> rightMainRuns(AskedAnswers &asked, const PackedGame &game,
                                        const std::vector<std::string> &inputs) {
    std::vector<RightMainRun> runs(inputs.size());
    std::vector<bool> done(inputs.size(), false);
    for (int round = 0; round < kMostRounds; ++round) {
        for (std::size_t k = 0; k < inputs.size(); ++k) {
            if (done[k]) continue;
            StudentFunctions f(asked, game);
            const ProgramRun run = expectedRun(game, inputs[k], f);
            if (f.complete()) runs[k] = {true, run, f.firstWrong(), f.through(), f.differing()};
            done[k] = f.complete() || f.unanswered();
        }
        if (!asked.ask(true)) break;
    }
    return runs;
}

}  // namespace dotslab::grader
