// Suite whole_program: the submission built as a program, run on the spec transcripts and
// on inputs whose expected output the model computes (bad tokens, CRLF, end of input,
// very long lines, binary garbage, random games). Needs --program (and --transcripts).
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "files/files.h"
#include "files/transcript_case.h"
#include "harness/harness_options.h"
#include "harness/test_support.h"
#include "packed/console_model.h"
#include "packed/token_input.h"
#include "process/process_runner.h"
#include "process/run_comparison.h"
#include "text/text_diff.h"

namespace utf = boost::unit_test;
namespace fs = std::filesystem;
using namespace dotslab::harness;

namespace {

boost::test_tools::assertion_result programGiven(utf::test_unit_id) {
    boost::test_tools::assertion_result given = !harnessOption("program").empty();
    given.message() << "no --program given";
    return given;
}

// Runs the program on input and checks its output and status against the expected ones.
// Counts the runs that did not finish (a loop at end of input, say), in all and in the
// current test case: after the first, runs get 1 s instead of 5 (our model needs
// milliseconds), and a test stops after its second, so that such a program costs the
// suite seconds, not minutes.
struct Hangs {
    int inAll = 0, inThisTest = 0;
    utf::test_unit_id test = 0;
};

Hangs &hangs() {
    static Hangs h;
    if (utf::framework::current_test_case().p_id != h.test)
        h.test = utf::framework::current_test_case().p_id, h.inThisTest = 0;
    return h;
}

void expectRun(const std::string &name, const std::string &input, const std::string &wantOut, int wantStatus,
               const std::string &wantErr = "", bool checkErr = false) {
    Hangs &h = hangs();
    if (h.inThisTest >= 2) return;  // said once, when the second run hung
    dotslab::RunResult got = dotslab::runTrusted(harnessOption("program"), {}, input, h.inAll == 0 ? 5 : 1);
    if (got.timedOut && (++h.inAll, ++h.inThisTest == 2))
        BOOST_ERROR(name << ": the second run of this test that did not finish: the program keeps waiting or "
                            "looping (at end of input?); this test's other runs are skipped");
    dotslab::RunResult want;
    want.out = wantOut;
    want.err = wantErr;
    want.status = wantStatus;
    // The grader's own judgement of a run, and its hints: a student sees the same words here.
    const dotslab::Verdict verdict = dotslab::compareRuns(want, got, dotslab::CompareMode::kExact, checkErr);
    BOOST_TEST(verdict.passed, name << ": " << verdict.explanation);
}

// Runs the program on input and checks it against the model's expected run.
void expectModelRun(const std::string &name, const std::string &input) {
    dotslab::ProgramRun want = dotslab::expectedRun(submission().model, input);
    expectRun(name, input, want.out, want.status);
}

// Returns a random input beyond the promise (packed/token_input.h), the grader's kind.
std::string randomGameInput(unsigned seed) {
    std::mt19937 rng(seed);
    return dotslab::malformedTokenInput(rng, submission().model.lineCount());
}

// Returns the moves 1..lines in a seeded random order: a complete game.
std::string shuffledMoves(unsigned seed, const std::string &separator) {
    std::vector<int> moves;
    for (int pos = 1; pos <= submission().model.lineCount(); ++pos) moves.push_back(pos);
    std::shuffle(moves.begin(), moves.end(), std::mt19937(seed));
    std::string input;
    for (int pos : moves) input += std::to_string(pos) + separator;
    return input;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(whole_program, *utf::precondition(programGiven))

BOOST_AUTO_TEST_CASE(spec_transcripts, *utf::timeout(120)) {
    fs::path dir = harnessOption("transcripts");
    BOOST_TEST_REQUIRE(fs::is_directory(dir),
                       "transcripts folder not found: '" << dir.string() << "' (--transcripts)");
    const std::string prefix = std::string(submission().model.name) + "-";
    const std::vector<dotslab::TranscriptCase> cases = dotslab::readTranscriptCases(dir, prefix);
    for (const dotslab::TranscriptCase &c : cases) {
        BOOST_TEST_REQUIRE((c.out && c.status), "transcript " << c.name << " has no .out or no .rc");
        expectRun("transcript " + c.name, c.input, *c.out, *c.status, c.err.value_or(""), c.err.has_value());
    }
    const std::size_t found = cases.size();
    BOOST_TEST(found > 0, "no " << prefix << "*.in transcript in " << dir.string());
}

BOOST_AUTO_TEST_CASE(end_of_input, *utf::timeout(60)) {
    expectModelRun("empty input", "");
    expectModelRun("only whitespace", " \n\t\r\n  ");
    expectModelRun("end of input after one move", "5");
    expectModelRun("end of input after an invalid move", "5\n5\n");
}

BOOST_AUTO_TEST_CASE(malformed_tokens, *utf::timeout(60)) {
    expectModelRun("tokens abc, 3.5, 99999999999, then +7", "abc\n3.5\n99999999999\n+7\n");
    expectModelRun("signs and zeros", "-0\n+-3\n--2\n+\n-\n0\n-5\n0007\n+0012\n");
    expectModelRun("int limits", "2147483647\n2147483648\n-2147483648\n-2147483649\n4294967297\n1\n");
    expectModelRun("digits glued to letters", "5abc\n0x5\n1e1\n3,4\n6;\n2\n");
}

BOOST_AUTO_TEST_CASE(line_endings_and_layout, *utf::timeout(60)) {
    expectModelRun("a whole game with CRLF line endings", shuffledMoves(1, "\r\n"));
    expectModelRun("a whole game on one line", shuffledMoves(2, " "));
    expectModelRun("a whole game with tabs and no final newline", shuffledMoves(3, "\t"));
}

BOOST_AUTO_TEST_CASE(very_long_lines, *utf::timeout(60)) {
    expectModelRun("one line of a million letters",
                   std::string(1000000, 'x') + "\n" + shuffledMoves(4, "\n"));
    expectModelRun("one number of 200000 digits",
                   std::string(200000, '0') + "7\n" + std::string(200000, '9') + "\n");
    expectModelRun("a whole game, then 200000 spaces on the same line",
                   shuffledMoves(5, " ") + std::string(200000, ' ') + "1 2 3");
}

BOOST_AUTO_TEST_CASE(binary_garbage, *utf::timeout(60)) {
    std::mt19937 rng(6);
    std::string garbage;
    for (int i = 0; i < 4096; ++i) garbage += static_cast<char>(rng() & 0xff);
    expectModelRun("4096 random bytes", garbage);
    expectModelRun("NUL bytes between moves", std::string("1\0"
                                                          "2\n3",
                                                          5) +
                                                  std::string(1, '\0') + "\n4\n");
}

BOOST_AUTO_TEST_CASE(random_games, *utf::timeout(120)) {
    for (unsigned seed = 100; seed < 140; ++seed)
        expectModelRun("random game, seed " + std::to_string(seed), randomGameInput(seed));
    for (unsigned seed = 200; seed < 210; ++seed)
        expectModelRun("complete game, seed " + std::to_string(seed), shuffledMoves(seed, "\n"));
}

BOOST_AUTO_TEST_SUITE_END()
