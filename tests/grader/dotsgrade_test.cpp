// dotsgrade on our references (full marks) and on deliberately broken copies (exactly
// the expected tests fail, with the expected hint), its reports, batch mode and options.
// Every grading run here is itself bounded in time.
#define BOOST_TEST_MODULE dotsgrade
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "declared_types.h"
#include "grading_helpers.h"
#include "process/run_comparison.h"
#include "report.h"
#include "text/text_diff.h"

using namespace dotslab::grader::testing;

BOOST_AUTO_TEST_SUITE(references)

BOOST_AUTO_TEST_CASE(packed_games_get_full_marks) {
    for (const char *game : {"dotsboxes", "dotstriangles"}) {
        Grade g = grade(game, kSource / game / (std::string(game) + ".cpp"));
        BOOST_TEST(g.failed().empty(), game << ": " << g.run.out);
        BOOST_TEST(g.report["score"].get<double>() == g.maxScore());
        BOOST_TEST(g.maxScore() > 0);
    }
}

BOOST_AUTO_TEST_CASE(programs_get_full_marks, *kUnderThreadSanitizer) {
    for (const char *program : {"boxes", "dotscomputer", "eight"}) {
        TemporaryDirectory scratch("dotsgrade-test");
        // Our references are written in C++17: graded as a C++17 course would set it.
        Grade g = grade(program, assembledSubmission(program, scratch.path()), {"--compiler-flags", kCxx17});
        BOOST_TEST(g.failed().empty(), program << ": " << g.run.out);
        BOOST_TEST(g.report["score"].get<double>() == g.maxScore());
    }
}

BOOST_AUTO_TEST_CASE(the_course_compile_command_decides_warnings) {
    // -Wextra is in the dotsboxes course's command, and only it warns of an unused
    // parameter; eight's command has no -Wextra, so the same code costs nothing there.
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path folder = assembledSubmission("eight", scratch.path());
    writeFile(folder / "extra.cc", "int unusedParameter(int x) { return 0; }\n");
    Grade eight = grade("eight", folder, {"--compiler-flags", kCxx17});
    BOOST_TEST(eight.failed().count("no warnings") == 0, eight.test("no warnings")["output"]);
    // A course file sets the command once for every grading of the course.
    const fs::path course = scratch.path() / "course.toml";
    writeFile(course, "# our course\ncompiler-flags = \"-std=c++17 -Wall -Wextra -pedantic\"\n");
    Grade strict = grade("eight", folder, {"--course", course.string()});
    BOOST_TEST(strict.failed().count("no warnings") == 1);
    RunResult explain = dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", "--explain"}, "");
    BOOST_TEST(explain.out.find("g++ -std=c++11 -Wall -Wextra -pedantic") != std::string::npos, explain.out);
    // The command line wins over the course file; a name dotsgrade does not know is a bad
    // command line, never silently ignored.
    explain = dotslab::runTrusted(
        DOTSGRADE_PROGRAM,
        {"eight", "--explain", "--course", course.string(), "--compiler-flags", "-std=c++14"}, "");
    BOOST_TEST(explain.out.find("-std=c++14\n") != std::string::npos, explain.out);
    writeFile(course, "compiler-flag = \"-std=c++17\"\n");
    BOOST_TEST(dotslab::runTrusted(DOTSGRADE_PROGRAM, {"eight", "--explain", "--course", course.string()}, "")
                   .status == 2);
}

BOOST_AUTO_TEST_CASE(a_hardened_umask_changes_nothing) {
    // umask 077 (common hardening for root): the runs' own uids must still read the
    // grader's objects (adversary round 21: every dotsboxes grading was "not graded").
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path report = scratch.path() / "report.txt";
    const std::string command = "umask 077; " DOTSGRADE_PROGRAM " dotsboxes " +
                                (kSource / "dotsboxes" / "dotsboxes.cpp").string() +
                                " --fuzz 2 --malformed 2 >" + report.string() + " 2>&1";
    const int status = std::system(command.c_str());
    const std::string said = dotslab::readFileText(report);
    BOOST_TEST(WEXITSTATUS(status) == 0, said);
    BOOST_TEST(said.find("Score: 100 / 100") != std::string::npos, said);
}

BOOST_AUTO_TEST_CASE(a_course_file_reads_as_an_instructor_writes_it) {
    // Saved by a Windows editor (a byte-order mark first), and naming its tests folder from
    // where it lies, whatever folder dotsgrade starts in.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::create_directories(scratch.path() / "course" / "our-tests");
    writeFile(scratch.path() / "course" / "our-tests" / "a-quit.in", "q\n");
    const fs::path course = scratch.path() / "course" / "course.toml";
    writeFile(course, "\xEF\xBB\xBF# our course\ntests = \"our-tests\"\nfuzz = 3\n");
    const RunResult explain =
        dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", "--explain", "--course", course.string()}, "");
    BOOST_TEST(explain.status == 0, explain.err);
    BOOST_TEST(explain.out.find("test a-quit") != std::string::npos, explain.out);
    BOOST_TEST(explain.out.find("3 random games") != std::string::npos, explain.out);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(broken_copies)

const fs::path kDotsboxes = kSource / "dotsboxes" / "dotsboxes.cpp";
const fs::path kDotstriangles = kSource / "dotstriangles" / "dotstriangles.cpp";

Grade gradeBroken(const std::string &game, const std::vector<std::pair<std::string, std::string>> &changes,
                  std::vector<std::string> extra = {}) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::path file = scratch.path() / (game + ".cpp");
    writeFile(file,
              broken(dotslab::readFileText(game == "dotsboxes" ? kDotsboxes : kDotstriangles), changes));
    return grade(game, file, extra);
}

BOOST_AUTO_TEST_CASE(wrong_spacing) {
    Grade g = gradeBroken("dotsboxes", {{"\"    Player 1 score: \"", "\"     Player 1 score: \""}});
    // One mistake, charged once, where it costs the most. Every run differs only through
    // displayGrid (a right main calling it prints the same), and under dotsboxes' strict
    // policy those runs cost more than displayGrid's test: they are charged, as the same
    // spacing printed by main would be, and displayGrid's test shows the mistake but keeps
    // its points.
    const std::set<std::string> runs = {"transcript dotsboxes-eof", "transcript dotsboxes-sample",
                                        "random games", "random malformed input"};
    std::set<std::string> failing = runs;
    failing.insert("function displayGrid");
    expectFailures(
        g, failing,
        {{"function displayGrid", "5 spaces before `Player` where 4 are expected"},
         {"function displayGrid", "not charged here: its wrong answers make your program's runs differ"},
         {"transcript dotsboxes-sample", "charged here, not under your displayGrid"}});
    BOOST_TEST(g.test("function displayGrid")["score"] == g.test("function displayGrid")["max_score"]);
    BOOST_TEST(g.report["score"].get<double>() == 60);
    // Per mistake, the typo is one difference wherever it shows (the blank added after the
    // same kind of character, whatever the picture's line before: adversary round 22, it was
    // eight, one for each such line, and cost 20), 10% of the category it costs most in.
    Grade perMistake = gradeBroken("dotsboxes", {{"\"    Player 1 score: \"", "\"     Player 1 score: \""}},
                                   {"--output-policy", "per-mistake"});
    BOOST_TEST(perMistake.report["score"].get<double>() == 94, perMistake.run.out);
}

// The picture's last line without its newline (main printing it instead, a common slip):
// comparing its lines once never ended, and the grader grew until the machine ran out of
// memory (adversary round 24).
BOOST_AUTO_TEST_CASE(a_picture_without_its_last_newline) {
    Grade g =
        gradeBroken("dotsboxes", {{"horizontal(grid, 16) << \"o\\n\";", "horizontal(grid, 16) << \"o\";"}},
                    {"--fuzz", "2", "--malformed", "2"});
    BOOST_TEST(g.run.out.find("Score: ") != std::string::npos, g.run.out);
    BOOST_TEST(g.run.out.find("not graded") == std::string::npos, g.run.out);
    BOOST_TEST(g.failed().count("function displayGrid") == 1, g.run.out);
}

BOOST_AUTO_TEST_CASE(a_function_the_others_call_is_charged_once) {
    // isFilled wrong about line 7 makes updateGrid, gameState and displayGrid wrong too;
    // each gives what a right one gives with this isFilled's answers (through_functions.h).
    // The games it breaks cost more than its test, so they are charged and it is not.
    Grade g =
        gradeBroken("dotsboxes",
                    {{"return digitAt(grid, pos) == 1; }", "return digitAt(grid, pos) == 1 && pos != 7; }"}});
    expectFailures(
        g,
        {"function isFilled", "transcript dotsboxes-eof", "transcript dotsboxes-sample", "random games",
         "random malformed input"},
        {{"function isFilled", ", 7): expected true, got false"},
         {"function isFilled", "not charged here: its wrong answers make your program's runs differ"},
         {"function updateGrid",
          "right on its own: its wrong answers are what a right updateGrid "
          "gives with the answers of your isFilled"},
         {"function gameState",
          "right on its own: its wrong answers are what a right gameState gives "
          "with the answers of your isFilled"},
         {"function displayGrid",
          "right on its own: its wrong answers are what a right displayGrid "
          "gives with the answers of your isFilled"}});
    BOOST_TEST(g.report["score"].get<double>() == 60);
}

BOOST_AUTO_TEST_CASE(missing_trailing_space_after_the_prompt) {
    Grade g = gradeBroken("dotsboxes", {{"make your move (1-16): \"", "make your move (1-16):\""}});
    expectFailures(
        g,
        {"transcript dotsboxes-eof", "transcript dotsboxes-sample", "random games", "random malformed input"},
        {{"transcript dotsboxes-sample", "no trailing space after the prompt"}});
}

BOOST_AUTO_TEST_CASE(endless_loop_at_end_of_input, *kUnderThreadSanitizer) {
    Grade g = gradeBroken(
        "dotstriangles",
        {{kEndOfInput, "            for (int ignored = 0;;)\n                readMove(ignored);"}});
    BOOST_TEST(g.failed().count("transcript dotstriangles-crlf") == 1);
    BOOST_TEST(g.failed().count("function updateGrid") == 0, "the functions are still right");
    std::string output = g.test("transcript dotstriangles-crlf")["output"];
    BOOST_TEST(output.find("kept reading after end of input") != std::string::npos, output);
}

BOOST_AUTO_TEST_CASE(a_program_without_end_of_input_handling_keeps_its_points) {
    // A plain `cin >> pos`: at end of input it refuses the same move forever. The
    // assignments promise whole moves and games played to the end, so by default only
    // robustness (worth nothing for these two) fails.
    for (const std::string game : {"dotsboxes", "dotstriangles"}) {
        const std::string prompt =
            game == "dotsboxes" ? "Player 1, make your move (1-16): " : "Player 1's turn (1-12): ";
        Grade g = gradeBroken(game, {{kEndOfInput, "            for (;;) std::cout << \"" + prompt +
                                                       "Invalid move! Try again.\\n\";"}});
        for (const std::string &name : g.failed())
            BOOST_TEST(g.test(name)["max_score"].get<double>() == 0, name << " should not cost points");
        BOOST_TEST(g.failed().count("random malformed input") == 1);
        BOOST_TEST(g.report["score"].get<double>() == 100);
    }
}

BOOST_AUTO_TEST_CASE(output_flood) {
    Grade g = gradeBroken("dotsboxes", {{kEndOfInput, "            for (;;) std::cout << \"flood \";"}});
    // It stops at the output limit or, on a loaded machine, at the time limit: either way
    // the hint names what it printed.
    expectFailures(g, {"transcript dotsboxes-eof", "random malformed input"},
                   {{"transcript dotsboxes-eof", "it printed flood· over and over"}});
}

BOOST_AUTO_TEST_CASE(a_printing_loop_is_named_whichever_limit_stops_it) {
    using dotslab::CompareMode;
    using dotslab::compareRuns;
    RunResult expected;
    expected.out = "Player 1, make your move (1-16): \n";
    const std::string prompt = "Player 1, make your move (1-16): ";
    const std::string invalid = prompt + "Invalid move! Try again.\n";
    struct Case {
        std::string out, says;
    };
    std::string flood = prompt, lines = prompt, stuck = prompt;
    while (flood.size() < 300000) flood += "flood ";
    flood += "flo";  // cut in the middle, as a limit cuts it
    for (int i = 0; i < 2000; ++i) lines += invalid;
    lines += "Player 1, m";
    for (int i = 0; i < 50; ++i) stuck += "flood ";  // too few to call a loop
    const std::vector<Case> cases = {
        {flood, "it printed flood· over and over"},
        {lines, "it printed " + dotslab::visibleWhitespace(invalid) + " over and over"},
        {stuck, "an endless loop"}};
    for (const Case &c : cases)
        for (bool timedOut : {false, true}) {
            RunResult actual;
            actual.out = c.out;
            actual.timedOut = timedOut;
            actual.outputLimited = !timedOut;
            const std::string said = compareRuns(expected, actual, CompareMode::kExact, false).explanation;
            BOOST_TEST(said.find(c.says) != std::string::npos, said.substr(0, 400));
            BOOST_TEST(said.find(timedOut ? "time limit" : "output exceeded the limit") != std::string::npos);
        }
}

BOOST_AUTO_TEST_CASE(a_program_refused_another_thread_is_told_why) {
    // std::thread throws when the run's process limit refuses a thread, and the uncaught
    // exception aborts: the hint names the limit, not just signal 6.
    RunResult expected, actual;
    expected.out = "Player 1, make your move (1-16): \n";
    actual.signal = SIGABRT;
    actual.err = "terminate called after throwing an instance of 'std::system_error'\n"
                 "  what():  Resource temporarily unavailable\n";
    const std::string said =
        dotslab::compareRuns(expected, actual, dotslab::CompareMode::kExact, false).explanation;
    BOOST_TEST(said.find("could not start another thread or process") != std::string::npos, said);
    actual.err.clear();  // an abort of its own has no such hint
    BOOST_TEST(dotslab::compareRuns(expected, actual, dotslab::CompareMode::kExact, false)
                   .explanation.find("another thread") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(everything_a_stopped_or_crashed_program_printed_is_shown, *kUnderThreadSanitizer) {
    // Its stdio buffer would die with it: the runs are unbuffered, so the difference is
    // where the program really went wrong, not at line 1.
    for (const std::string &ending :
         {std::string("            for (;;) {\n            }"), std::string("            std::abort();")}) {
        Grade g = gradeBroken("dotsboxes", {{"#include <string>", "#include <string>\n#include <cstdlib>"},
                                            {kEndOfInput, ending}});
        const std::string output = g.test("transcript dotsboxes-eof")["output"];
        BOOST_TEST(output.find("first difference at line 26") != std::string::npos, output);
    }
}

BOOST_AUTO_TEST_CASE(reports_stay_small_whatever_the_program_prints) {
    // A prompt printed forever without a newline: one line of a megabyte.
    Grade g = gradeBroken(
        "dotsboxes",
        {{kEndOfInput, "            for (;;) std::cout << \"Player 1, make your move (1-16): \";"}});
    const std::string output = g.test("transcript dotsboxes-eof")["output"];
    BOOST_TEST(output.find("more") != std::string::npos, "the line is cut, saying how much is left out");
    BOOST_TEST(output.size() <= 4200u);
    BOOST_TEST(g.report.dump().size() <= 256u * 1024, "the JSON is bounded");
    BOOST_TEST(g.run.out.size() <= 64u * 1024, "the terminal report is bounded");
}

BOOST_AUTO_TEST_CASE(fork_bomb, *kUnderThreadSanitizer) {
    Grade g = gradeBroken("dotsboxes", {{"#include <string>", "#include <string>\n#include <unistd.h>"},
                                        {kEndOfInput, "            for (;;) (void)fork();"}});
    expectFailures(g, {"transcript dotsboxes-eof", "random malformed input"},
                   {{"transcript dotsboxes-eof", "did not finish within the time limit"}});
}

BOOST_AUTO_TEST_CASE(a_display_that_prints_with_stdio_is_judged_on_what_it_prints) {
    // The rules allow printf: a display that mixes it (and puts, putchar) with std::cout
    // prints what the reference prints, in the same order. It once lost every call's
    // output in the function check, a correct program charged 6 points.
    Grade g = gradeBroken(
        "dotsboxes",
        {{"#include <string>", "#include <string>\n#include <cstdio>"},
         {"    std::cout << \"   o\" << horizontal(grid, 1) << \"o\\n\";",
          "    std::printf(\"   o%so\\n\", horizontal(grid, 1));"},
         {"    std::cout << \"   \" << vertical(grid, 2) << \"  \" << vertical(grid, 3) << '\\n';",
          "    std::fputs(\"   \", stdout);\n    std::putchar(vertical(grid, 2));\n"
          "    std::cout << \"  \" << vertical(grid, 3);\n    std::puts(\"\");"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
}

BOOST_AUTO_TEST_CASE(segmentation_fault) {
    Grade g = gradeBroken(
        "dotsboxes", {{"void displayGrid(long long grid) {",
                       "void displayGrid(long long grid) {\n    if (grid == 100) {\n"
                       "        volatile int *volatile nowhere = nullptr;\n        *nowhere = 1;\n    }"}});
    BOOST_TEST(g.failed().count("function displayGrid") == 1);
    std::string output = g.test("function displayGrid")["output"];
    BOOST_TEST(output.find("memory access violation") != std::string::npos, output);
}

BOOST_AUTO_TEST_CASE(reading_the_expected_output) {
    // A program that prints the transcript's expected output instead of playing.
    std::string cheat = "int main() {\n    std::ifstream answer(\"" DOTSLAB_TRANSCRIPTS
                        "/dotsboxes-sample.out\");\n"
                        "    std::cout << answer.rdbuf();\n    return 0;\n}\n\nint unused_main() {";
    Grade g = gradeBroken("dotsboxes", {{"#include <string>", "#include <string>\n#include <fstream>"},
                                        {"int main() {", cheat}});
    BOOST_TEST(g.failed().count("transcript dotsboxes-sample") == 1,
               "the expected output must not be readable");
}

BOOST_AUTO_TEST_CASE(a_mandated_function_never_called) {
    // "These functions must be called somewhere in your program": main playing through a
    // copy of updateGrid leaves the mandated one beside it, judged but never used
    // (adversary round 20: 100). A wrapper that calls it is a call.
    const std::pair<std::string, std::string> throughApplyMove = {"        updateGrid(grid, pos, player);",
                                                                  "        applyMove(grid, pos, player);"};
    Grade wrapped = gradeBroken(
        "dotstriangles", {throughApplyMove,
                          {"int main() {",
                           "void applyMove(long long &grid, int pos, int p) { updateGrid(grid, pos, p); }\n\n"
                           "int main() {"}});
    expectFailures(wrapped, {}, {});
    const std::string reference = dotslab::readFileText(kDotstriangles);
    const std::size_t from = reference.find("void updateGrid("), to = reference.find("\n}\n", from) + 3;
    BOOST_TEST_REQUIRE((from != std::string::npos && to > from));
    const std::string copy = "void applyMove(" + reference.substr(from + 16, to - from - 16) + "\n";
    Grade copied = gradeBroken("dotstriangles", {throughApplyMove, {"int main() {", copy + "int main() {"}});
    expectFailures(copied, {"rule prototypes"},
                   {{"rule prototypes", "never called by your program: updateGrid"}});
    // Nor is a call from a function nothing calls, or only such functions call (adversary
    // round 23: 100).
    Grade dead = gradeBroken(
        "dotstriangles",
        {throughApplyMove,
         {"int main() {", copy + "void neverCalled(long long g) { updateGrid(g, 1, 1); }\n"
                                 "void norThis(long long g) { neverCalled(g); }\n\nint main() {"}});
    expectFailures(dead, {"rule prototypes"},
                   {{"rule prototypes", "never called by your program: updateGrid"}});
}

BOOST_AUTO_TEST_CASE(a_source_saved_as_utf16_is_read_as_utf8) {
    // Visual Studio's "Unicode - Codepage 1200" saves UTF-16 with a byte-order mark, which
    // GCC cannot read (adversary round 23: 0, "stray '\377' in program"). The student's
    // name in Chinese, as the text asks for their name in a comment.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::string text = "// \xE7\x8E\x8B\xE5\xB0\x8F\xE6\x98\x8E\r\n" +
                             dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    std::string utf16 = "\xFF\xFE";  // UTF-16 LE: every code point here is below U+10000
    for (std::size_t k = 0; k < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[k]);
        const int length = c < 0x80 ? 1 : c < 0xE0 ? 2 : 3;
        unsigned int point = length == 1 ? c : length == 2 ? c & 0x1F : c & 0x0F;
        for (int i = 1; i < length; ++i)
            point = point << 6 | (static_cast<unsigned char>(text[k + i]) & 0x3F);
        utf16 += {static_cast<char>(point & 0xFF), static_cast<char>(point >> 8)};
        k += static_cast<std::size_t>(length);
    }
    writeFile(scratch.path() / "dotsboxes.cpp", utf16);
    const Grade g = grade("dotsboxes", scratch.path() / "dotsboxes.cpp");
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(g.test("build")["output"].get<std::string>().find("as Unicode (UTF-16") != std::string::npos,
               g.run.out);
}

BOOST_AUTO_TEST_CASE(code_of_the_compilers_own_standard_builds) {
    // No assignment's text names a standard, and g++ builds C++17 by default: our eight
    // uses std::optional, which the course's -std=c++11 refuses (adversary round 25: 0 for
    // a correct dotscomputer). An instructor's --compiler-flags stand as given.
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path eight = assembledSubmission("eight", scratch.path());
    const Grade g = grade("eight", eight);
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(g.test("build")["output"].get<std::string>().find("compiler's own standard (-std=gnu++17)") !=
                   std::string::npos,
               g.run.out);
    const Grade pinned = grade("eight", eight, {"--compiler-flags", "-std=c++11 -Wall -pedantic"});
    BOOST_TEST(pinned.failed().count("build") == 1, pinned.run.out);
}

BOOST_AUTO_TEST_CASE(visual_studios_precompiled_header_is_supplied) {
    // The dotsboxes text names Visual Studio, whose console projects begin with
    // #include "stdafx.h": an empty one stands in (adversary round 21: 0, the build failed).
    // Its main as the template writes it, with tchar.h's names (adversary round 25: 0).
    Grade g = gradeBroken(
        "dotsboxes",
        {{"#include <string>", "#include \"stdafx.h\"\n#include <string>"},
         {"int main() {", "int _tmain(int argc, _TCHAR *argv[]) {\n    (void)argc;\n    (void)argv;"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(g.test("build")["output"].get<std::string>().find("supplied stdafx.h") != std::string::npos,
               g.run.out);
    // The project folder as Visual Studio made it, its template's headers in it, which name
    // Windows' own (adversary round 26: 0, SDKDDKVer.h not found).
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path project = scratch.path() / "dotsboxes";
    writeFile(project / "dotsboxes.sln", "Microsoft Visual Studio Solution File, Format Version 12.00\n");
    writeFile(project / "dotsboxes" / "dotsboxes.cpp",
              broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                     {{"#include <string>", "#include \"stdafx.h\"\n#include <string>"}}));
    writeFile(project / "dotsboxes" / "stdafx.h",
              "#pragma once\n\n#include \"targetver.h\"\n\n#include <stdio.h>\n#include <tchar.h>\n");
    writeFile(project / "dotsboxes" / "targetver.h", "#pragma once\n\n#include <SDKDDKVer.h>\n");
    writeFile(project / "dotsboxes" / "stdafx.cpp", "#include \"stdafx.h\"\n");
    const Grade made = grade("dotsboxes", project);
    BOOST_TEST(made.failed().empty(), made.run.out);
    BOOST_TEST(
        made.test("build")["output"].get<std::string>().find("supplied SDKDDKVer.h") != std::string::npos,
        made.run.out);
    // Visual Studio 2017's template: Source.cpp, pch.h and a pch.cpp that only includes it
    // (round 26: 0, "none of the 2 source files is called dotsboxes.cpp"; alone, 100).
    const fs::path newer = scratch.path() / "newer";
    writeFile(newer / "Source.cpp", broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                                           {{"#include <string>", "#include \"pch.h\"\n#include <string>"}}));
    writeFile(newer / "pch.h", "#ifndef PCH_H\n#define PCH_H\n\n#endif //PCH_H\n");
    writeFile(newer / "pch.cpp",
              "// pch.cpp: source file corresponding to the pre-compiled header\n\n"
              "#include \"pch.h\"\n\n// When you are using pre-compiled headers, this source "
              "file is necessary for compilation to succeed.\n");
    const Grade newerMade = grade("dotsboxes", newer);
    BOOST_TEST(newerMade.failed().empty(), newerMade.run.out);
}

BOOST_AUTO_TEST_CASE(visual_studios_pragmas_are_no_warning) {
    // #pragma region and endregion fold code in Visual Studio; GCC 12 alone warns that it
    // ignores them (adversary round 22: the 5 points of "no warnings"). Visual Studio asks
    // for #pragma warning(disable : 4996) wherever scanf is used (round 26: 95).
    Grade g = gradeBroken("dotsboxes", {{"#include <string>",
                                         "#pragma region includes\n#pragma warning(disable : "
                                         "4996)\n#include <string>\n#pragma endregion"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
    // Another unknown pragma is still the code's warning.
    Grade other = gradeBroken("dotsboxes", {{"#include <string>", "#pragma regional\n#include <string>"}});
    BOOST_TEST(other.failed().count("no warnings") == 1u, other.run.out);
}

BOOST_AUTO_TEST_CASE(the_labs_own_board_h_is_supplied) {
    // eight's lab hands out board.h and its text asks only for eight.cc and board.cc
    // (adversary round 22: 0, the build failed): ours stands in, said in the build.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path folder = assembledSubmission("eight", scratch.path());
    fs::remove(folder / "board.h");
    const Grade g = grade("eight", folder, {"--compiler-flags", kCxx17});
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(g.test("build")["output"].get<std::string>().find("supplied the course's board.h") !=
                   std::string::npos,
               g.run.out);
    // Code that needs the course's own board.h, other than ours, is built with it where the
    // instructor gives it (--provided; adversary round 22: 0).
    const fs::path course = scratch.path() / "course";
    fs::create_directories(course);
    writeFile(course / "board.h",
              readFileText(kSource / "eight" / "board.h") + "\n#define COURSE_BOARD_H 1\n");
    writeFile(folder / "eight.cc",
              "#include \"board.h\"\n#ifndef COURSE_BOARD_H\n#error not the course board.h\n"
              "#endif\n" +
                  readFileText(folder / "eight.cc"));
    // With ours it fails: the grader cannot know its copy is the lab's, so it grades
    // nothing and says how (adversary round 26: 0 for a lab handed in as its text says).
    const RunResult ours = dotslab::runTrusted(
        DOTSGRADE_PROGRAM,
        {"eight", folder.string(), "--compiler-flags", kCxx17, "--fuzz", "1", "--malformed", "0"}, "", 300);
    BOOST_TEST(ours.status == 1, ours.out);
    BOOST_TEST(ours.out.find("NOT GRADED") != std::string::npos, ours.out);
    BOOST_TEST(ours.out.find("--provided PATH/board.h") != std::string::npos, ours.out);
    const Grade theirs =
        grade("eight", folder, {"--compiler-flags", kCxx17, "--provided", (course / "board.h").string()});
    BOOST_TEST(theirs.failed().empty(), theirs.run.out);
    BOOST_TEST(
        theirs.test("build")["output"].get<std::string>().find("your course's copy") != std::string::npos,
        theirs.run.out);
}

BOOST_AUTO_TEST_CASE(missing_mandated_function) {
    Grade g = gradeBroken(
        "dotsboxes", {{"int gameState(long long grid) {", "int gameState(long long grid, int round = 0) {"}});
    // The extra parameter is unused, so the compiler warns as well.
    expectFailures(g, {"no warnings", "rule prototypes", "function gameState"},
                   {{"rule prototypes",
                     "missing mandated function: int gameState(long long grid)\n"
                     "  did you mean gameState(long long, int)?"},
                    {"function gameState", "missing mandated function: int gameState(long long grid)"}});
    // dotstriangles' text asks for four functions; gameState is only the spec's (adversary
    // round 19: 94 for a program that had none): judged where written, never charged where not.
    Grade triangles = gradeBroken("dotstriangles",
                                  {{"#include <iostream>", "#include <iostream>\n#define gameState isOver"}});
    BOOST_TEST(triangles.failed().empty(), triangles.run.out);
    BOOST_TEST(triangles.test("function gameState")["output"].get<std::string>().find("not charged") !=
                   std::string::npos,
               triangles.run.out);
    // Nor where a student's own function of that name means what they chose (adversary
    // round 21: a bool "is it over" cost 9).
    Grade own = gradeBroken(
        "dotstriangles", {{"#include <iostream>", "#include <iostream>\n#define gameState isOver"},
                          {"int main() {",
                           "#undef gameState\nbool gameState(long long grid) { return isOver(grid) != 0; }\n"
                           "#define gameState isOver\n\nint main() {"}});
    BOOST_TEST(own.failed().empty(), own.run.out);
    BOOST_TEST(own.test("function gameState")["output"].get<std::string>().find(
                   "yours may mean what you chose") != std::string::npos,
               own.run.out);
}

BOOST_AUTO_TEST_CASE(a_grid_spelt_int64_t_is_one_mistake) {
    // int64_t is long here, not the prototype's long long: another prototype, charged once
    // under rule prototypes; the function is passed its grid the same way, so its behaviour
    // is judged as it is (it cost its function test too before).
    Grade g =
        gradeBroken("dotsboxes",
                    {{"#include <string>", "#include <string>\n#include <cstdint>"},
                     {"bool isFilled(long long grid, int pos) {", "bool isFilled(int64_t grid, int pos) {"}});
    expectFailures(g, {"rule prototypes"},
                   {{"rule prototypes",
                     "did you mean isFilled(long, int)? Its name and parameters must be "
                     "exactly as given (int64_t is long here, not long long)"}});
    BOOST_TEST(
        g.test("function isFilled")["output"].get<std::string>().find(
            "whose parameters must be exactly bool isFilled(long long grid, int pos)'s") != std::string::npos,
        g.run.out);
}

BOOST_AUTO_TEST_CASE(mandated_function_with_another_return_type) {
    // The objects name isFilled alike whatever it returns: the code tells.
    Grade g = gradeBroken("dotstriangles", {{"bool isFilled(long long grid, int pos) {",
                                             "int isFilled(long long grid, int pos) {"}});
    expectFailures(g, {"rule prototypes"},
                   {{"rule prototypes",
                     "isFilled must return bool, as the assignment's prototype says "
                     "(bool isFilled(long long grid, int pos)); yours is declared with another "
                     "return type:\n  dotstriangles.cpp:43: int isFilled(long long grid, int pos)"}});
}

BOOST_AUTO_TEST_CASE(return_type_through_a_macro_or_an_alias) {
    // Where a name spells the return type, the compiler tells what it is: a macro for int
    // is charged like int itself; an alias of bool is bool.
    const std::string mandated = "bool isFilled(long long grid, int pos) {";
    Grade macro = gradeBroken("dotstriangles",
                              {{mandated, "#define FLAG int\nFLAG isFilled(long long grid, int pos) {"}});
    expectFailures(macro, {"rule prototypes"},
                   {{"rule prototypes", "FLAG isFilled(long long grid, int pos)"}});
    Grade alias = gradeBroken("dotstriangles",
                              {{mandated, "using Truth = bool;\nTruth isFilled(long long grid, int pos) {"}});
    BOOST_TEST(alias.failed().empty(), alias.run.out);
}

BOOST_AUTO_TEST_CASE(compile_error) {
    Grade g =
        gradeBroken("dotsboxes", {{"return digitAt(grid, pos) == 1;", "return digitAt(grid, pos) == 1"}});
    BOOST_TEST(g.report["score"].get<double>() == 0);
    BOOST_TEST(g.failed().size() == g.report["tests"].size(), "nothing runs");
    std::string output = g.test("build")["output"];
    BOOST_TEST(output.find("error: expected") != std::string::npos, output);
}

BOOST_AUTO_TEST_CASE(compile_warning) {
    Grade g = gradeBroken("dotsboxes", {{"    long long grid = 0;\n    int player = 1;",
                                         "    long long grid = 0;\n    int player = 1;\n    int unused;"}});
    expectFailures(g, {"no warnings"}, {{"no warnings", "-Wunused-variable"}});
}

BOOST_AUTO_TEST_CASE(what_the_compiler_makes_is_no_global_variable) {
    // A try/catch, a lambda in a std::function and a class with a virtual function make the
    // compiler define type information, a virtual table and exception-table references:
    // data symbols, but no variable of the student's (they cost 5 points before).
    const std::string uses =
        "int main() {\n"
        "    struct Shape {\n        virtual ~Shape() {}\n        virtual int sides() const { return 4; }\n  "
        "  };\n"
        "    Shape square;\n"
        "    std::function<int(int)> twice = [](int x) { return 2 * x; };\n"
        "    try {\n        if (twice(square.sides()) != 8) throw std::runtime_error(\"never\");\n"
        "    } catch (const std::exception &) {\n        return 3;\n    }\n";
    Grade g = gradeBroken(
        "dotsboxes", {{"#include <string>", "#include <functional>\n#include <stdexcept>\n#include <string>"},
                      {"int main() {\n", uses}});
    BOOST_TEST(g.failed().empty(), g.run.out);
}

BOOST_AUTO_TEST_CASE(global_variable) {
    Grade g =
        gradeBroken("dotsboxes", {{"int main() {", "int moveCount = 0;\n\nint main() {\n    moveCount++;"}});
    expectFailures(g, {"rule no_globals"}, {{"rule no_globals", "global variable: moveCount"}});
}

BOOST_AUTO_TEST_CASE(a_static_mandated_function_is_judged_as_it_is) {
    // static changes who may call isFilled, not its prototype: the checker reaches it all
    // the same (it cost the whole function test before).
    Grade g = gradeBroken("dotsboxes", {{"bool isFilled(long long grid, int pos) {",
                                         "static bool isFilled(long long grid, int pos) {"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(g.test("function isFilled")["output"].get<std::string>().find("judged as") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_floating_type_named_but_never_computed_with) {
    // sizeof(double) computes nothing in floating point: no_floating_point holds.
    Grade g = gradeBroken("dotsboxes", {{"int main() {", "int main() {\n    if (sizeof(double) == 1) return 3;"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
    // Nor does a variable named as a floating function is (adversary round 14: 95 for a
    // right program whose exponent was called exp).
    Grade named = gradeBroken("dotsboxes", {{"    for (int e = 0; e < 18 - i; e++) place *= 10;",
                                             "    const int exp = 18 - i;\n    for (int e = 0; e < exp; e++) place *= 10;"}});
    BOOST_TEST(named.failed().empty(), named.run.out);
}

BOOST_AUTO_TEST_CASE(a_library_container_that_keeps_floats_of_its_own) {
    // std::unordered_map keeps its load factor as a float and rehashes in floating point:
    // the library's arithmetic, not the program's (adversary round 13: 95 for a right program).
    Grade g = gradeBroken("dotsboxes",
                          {{"int main() {", "#include <string>\n#include <unordered_map>\n\nint main() {\n"
                                            "    std::unordered_map<std::string, int> names;\n"
                                            "    names.reserve(4);\n    names[\"a\"] = 1;\n"
                                            "    if (names.size() != 1) return 3;"}});
    BOOST_TEST(g.failed().empty(), g.run.out);
}

BOOST_AUTO_TEST_CASE(ordinary_code_the_rules_allow) {
    // Adversary round 15, each 97 or 95 for a right program: a for loop after a case label
    // (no_arrays took its ':' for a range-for's), a class's own operator[] and a subscript of
    // an object of it (round 16: the compiler's view tells it from an array's), a
    // lambda whose captures start a line, the streams' headers and <iomanip>'s std::setw
    // (round 18), the streams' manipulators std::noskipws,
    // std::skipws and std::dec (no_library), and a function of the student's own named pow
    // (no_floating_point).
    Grade triangles = gradeBroken(
        "dotstriangles",
        {{"int main() {\n    long long grid = 0;",
          "#include <iomanip>\n#include <istream>\n#include <ostream>\n\n"
          "int main() {\n    long long grid = 0;\n"
          "    std::cout << std::setw(0);\n"
          "    auto same =\n        [](long long x) { return x; };\n"
          "    grid = same(grid);\n"
          "    switch (grid) {\n    case 0: { for (int k = 0; k < 1; k++) grid += 0; break; }\n"
          "    default: break;\n    }\n"
          "    std::cin >> std::noskipws >> std::skipws;\n    std::cout << std::dec;\n"
          "    struct Digit {\n        long long of;\n"
          "        int operator[](int i) const { return static_cast<int>(of % (i + 10)); }\n    };\n"
          "    const Digit digits{grid};\n"
          "    if (digits[1] != 0) return 3;"}});
    BOOST_TEST(triangles.failed().empty(), triangles.run.out);
    Grade ownPow = gradeBroken("dotsboxes", {{"long long placeOf(int i) {",
                                              "long long pow(long long base, int n) {\n    long long p = 1;\n"
                                              "    for (int k = 0; k < n; k++) p *= base;\n    return p;\n}\n\n"
                                              "long long placeOf(int i) {"},
                                             {"    for (int e = 0; e < 18 - i; e++) place *= 10;",
                                              "    place = pow(10, 18 - i);"}});
    BOOST_TEST(ownPow.failed().empty(), ownPow.run.out);
}

BOOST_AUTO_TEST_CASE(global_constants_are_no_variables) {
    // Named constants are no global state, whether the compiler works them out (a
    // constexpr pointer, kept in .data.rel.ro, or read-only data) or the program builds
    // them when it starts (a const std::string, a const vector of them: adversary round 21,
    // the text forbids "variables"). A pointer to const can be pointed elsewhere, and a
    // "constant" whose const the code casts away is a variable: charged, with a hint.
    const std::string constants =
        "constexpr const char *kGreeting = \"hi\";\n"
        "const char *const kFarewell = \"bye\";\n"
        "const int kSize = 4;\n"
        "const char kName[] = \"dots\";\n"
        "const std::string kPlayers = \"AB\";\n"
        "namespace {\nconst std::vector<std::string> kWords = {\"one\", \"two\"};\n}\n"
        "bool readMove(int &);  // a declaration's unnamed parameter is no cast (adversary round 23b)\n\n"
        "int main() {\n"
        "    if (std::string(kGreeting).size() + std::string(kFarewell).size() + kSize + sizeof kName + "
        "kPlayers.size() + kWords.size() == 0) "
        "return 3;";
    Grade allowed = gradeBroken("dotsboxes", {{"int main() {", "#include <vector>\n" + constants}});
    BOOST_TEST(allowed.failed().empty(), allowed.run.out);
    const std::string variables =
        "const std::string kGreeting = \"hi\";\n"
        "const char *farewell = \"bye\";\n\n"
        "int main() {\n"
        "    const_cast<std::string &>(kGreeting) += \"!\";\n"
        "    if (kGreeting.size() + std::string(farewell).size() == 0) return 3;";
    Grade charged = gradeBroken("dotsboxes", {{"int main() {", variables}});
    expectFailures(charged, {"rule no_globals"},
                   {{"rule no_globals", "global variable: kGreeting"},
                    {"rule no_globals", "global variable: farewell"},
                    {"rule no_globals", "a named constant is allowed"}});
    const std::string pointers =
        "const std::string kPlayers = \"AB\";\n"
        "const char *farewell = \"bye\";\n\n"
        "int main() {\n"
        "    if (kPlayers.size() + std::string(farewell).size() == 0) return 3;";
    Grade pointer = gradeBroken("dotsboxes", {{"int main() {", pointers}});
    expectFailures(pointer, {"rule no_globals"}, {{"rule no_globals", "global variable: farewell"}});
    // Nor where the constant is written through an integer, strtol's end pointer (adversary
    // round 23b: 100) or bsearch's answer.
    for (const std::string &writes :
         {std::string("    typedef char *Cell;\n    Cell(kMoves.data())[0] = 'y';\n"),  // round 23c
          std::string(
              "    *reinterpret_cast<char *>(reinterpret_cast<unsigned long>(kMoves.data())) = 'y';\n"),
          std::string("    char *end;\n    std::strtol(kMoves.c_str(), &end, 10);\n    *end = 'y';\n"),
          // bsearch hands back a writable pointer into what it was given as const (round 26)
          std::string(
              "    const char x = 'x';\n    *static_cast<char *>(std::bsearch(&x, kMoves.data(), 1, 1,\n"
              "        [](const void *, const void *) { return 0; })) = 'y';\n"),
          // const_cast pasted together by a macro, or spliced across lines (round 26)
          std::string("#define JOIN(a, b) a##b\n    JOIN(const_, cast)<std::string &>(kMoves)[0] = 'y';\n"),
          std::string("    const_\\\ncast<std::string &>(kMoves)[0] = 'y';\n")}) {
        Grade written =
            gradeBroken("dotsboxes", {{"int main() {", "const std::string kMoves(8, 'x');\n\nint main() {\n" +
                                                           writes + "    if (kMoves.empty()) return 3;"}});
        expectFailures(written, {"rule no_globals"}, {{"rule no_globals", "global variable: kMoves"}});
    }
    BOOST_TEST(
        pointer.test("rule no_globals")["output"].get<std::string>().find("kPlayers") == std::string::npos,
        pointer.run.out);
}

BOOST_AUTO_TEST_CASE(language_features_are_no_array_and_no_library_in_dotstriangles) {
    // A lambda's [captures] are no array; virtual functions, throw and catch, and a
    // function's static set at run time use the language's own support, not the library.
    const std::string features =
        "struct Rule {\n    virtual ~Rule() {}\n    virtual int weight() const { return 1; }\n};\n"
        "int once(int x) { return x; }\n"
        "int checked(int x) {\n    static int first = once(x);\n    Rule rule;\n"
        "    auto scaled = [&rule](int y) { return y * rule.weight(); };\n"
        "    try {\n        if (scaled(first) < 0) throw 1;\n    } catch (int) {\n        return 0;\n    }\n"
        "    return [](int z) { return z; }(x);\n}\n\nint main() {\n    if (checked(1) != 1) return 3;";
    Grade g = gradeBroken("dotstriangles", {{"int main() {", features}});
    BOOST_TEST(g.failed().empty(), g.run.out);
}

BOOST_AUTO_TEST_CASE(array_in_dotstriangles) {
    Grade g = gradeBroken(
        "dotstriangles",
        {{"    int score = 0;\n    for (int t = 13;",
          "    int counts[3] = {0, 0, 0};\n    (void)counts;\n    int score = 0;\n    for (int t = 13;"}});
    expectFailures(g, {"rule no_arrays"}, {{"rule no_arrays", "int counts[3]"}});
    // An array type a template deduces from a string literal needs no bracket: the
    // compiler's view shows it (adversary round 23: 100).
    Grade deduced =
        gradeBroken("dotstriangles",
                    {{"int main() {",
                      "template <class T> struct Table;\ntemplate <class T> struct Table<const T &> { "
                      "typedef T type; };\n"
                      "int sideOf(int k) {\n    Table<decltype(\"1234\")>::type sides = {2, 3, 6, 1, 3};\n"
                      "    return *(sides + k);\n}\n\nint main() {"}});
    expectFailures(deduced, {"rule no_arrays"}, {{"rule no_arrays", "the compiler sees an array in sideOf"}});
    // main's char *argv[] is a pointer, and a string literal a template or a reference
    // binds keeps its own type: neither is an array of the student's (adversary round 23c).
    Grade ordinary = gradeBroken(
        "dotstriangles",
        {{"int main() {",
          "template <typename T> void put(const T &text) { std::cout << text; }\n\n"
          "int main(int argc, const char * argv[]) {\n    const auto &top = \"\";\n    put(top);\n"
          "    if (argc < 1 || argv == nullptr) put(\"\");"}});
    BOOST_TEST(ordinary.failed().empty(), ordinary.run.out);
}

BOOST_AUTO_TEST_CASE(a_global_declared_into_the_librarys_namespace) {
    // A static member of a student's specialization of a library template is a global all
    // the same, however it is declared into std (adversary round 23: 100).
    Grade g = gradeBroken("dotsboxes", {{"int main() {",
                                         "template <class T> struct Mine {};\n"
                                         "template <class T> struct std::less<Mine<T>> {\n"
                                         "    static int moves;\n};\n"
                                         "template <class T> int std::less<Mine<T>>::moves = 0;\n\n"
                                         "int main() {\n    ++std::less<Mine<int>>::moves;"}});
    expectFailures(g, {"rule no_globals"}, {{"rule no_globals", "declares into it"}});
}

BOOST_AUTO_TEST_CASE(an_include_alone_uses_no_function_in_dotstriangles) {
    // "You cannot use any functions in the library": a header the code compiles without
    // (and one of the student's own) is shown, never charged; one the code needs is charged,
    // alone (here <limits> for std::numeric_limits, beside an unused <cmath>). A header of
    // constants and types only is no function (adversary round 23: <climits> for INT_MAX).
    const std::pair<std::string, std::string> includes{
        "#include <iostream>",
        "#include <iostream>\n#include <cmath>\n#include <limits>\n#include <climits>"};
    Grade unused = gradeBroken("dotstriangles", {includes});
    expectFailures(unused, {},
                   {{"rule no_library", "not charged"}, {"rule no_library", "#include <limits>"}});
    BOOST_TEST(unused.report["score"].get<double>() == 100);
    Grade needed = gradeBroken("dotstriangles",
                               {includes,
                                {"int main() {",
                                 "int main() {\n    constexpr int kMost = std::numeric_limits<int>::max();\n"
                                 "    if (kMost < 5 || INT_MAX < 5) return 1;"}});
    expectFailures(needed, {"rule no_library"}, {{"rule no_library", "needs these headers"}});
    const std::string said = needed.test("rule no_library")["output"];
    const std::size_t charged = said.find("needs these headers"),
                      notCharged = said.find("not charged: your code");
    BOOST_TEST(said.find("#include <limits>") < charged, said);
    BOOST_TEST(said.find("#include <cmath>") > notCharged, said);
    BOOST_TEST(
        said.find("#include <climits> (a header of constants and types, no function)") != std::string::npos,
        said);
    // A header of the student's own is no library (adversary round 23c: 97 for "rules.h").
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    writeFile(scratch.path() / "rules.h", "#pragma once\nconst int kTriangles = 6;\n");
    writeFile(scratch.path() / "dotstriangles.cpp",
              broken(dotslab::readFileText(kDotstriangles),
                     {{"#include <iostream>", "#include <iostream>\n#include \"rules.h\""},
                      {"int main() {", "int main() {\n    if (kTriangles != 6) return 3;"}}));
    const Grade own = grade("dotstriangles", scratch.path());
    BOOST_TEST(own.failed().empty(), own.run.out);
}

BOOST_AUTO_TEST_CASE(pow_in_dotstriangles) {
    Grade g = gradeBroken(
        "dotstriangles",
        {{"#include <iostream>", "#include <iostream>\n#include <cmath>"},
         {"    long long place = 1;\n    for (int e = 0; e < 18 - i; e++) place *= 10;\n    return place;",
          "    return static_cast<long long>(std::pow(10.0, 18 - i) + 0.5);"}});
    expectFailures(g, {"rule no_floating_point", "rule no_library"},
                   {{"rule no_floating_point", "pow"}, {"rule no_library", "#include <cmath>"}});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reports_and_options)

BOOST_AUTO_TEST_CASE(gradescope_json_and_junit) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::path jsonPath = scratch.path() / "r.json", junitPath = scratch.path() / "r.xml";
    RunResult run =
        dotslab::runTrusted(DOTSGRADE_PROGRAM,
                            {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string(), "--fuzz", "3",
                             "--malformed", "3", "--json", jsonPath.string(), "--junit", junitPath.string()},
                            "", 120);
    BOOST_TEST(run.status == 0);
    json r = json::parse(dotslab::readFileText(jsonPath));
    BOOST_TEST(r.contains("score"));
    for (const json &t : r["tests"])
        for (const char *key : {"name", "score", "max_score", "status", "output", "visibility"})
            BOOST_TEST(t.contains(key), key);
    std::string xml = dotslab::readFileText(junitPath);
    BOOST_TEST(xml.find("<testsuite name=\"dotsgrade.dotsboxes\"") != std::string::npos);
    BOOST_TEST(xml.find("failures=\"0\"") != std::string::npos);
    BOOST_TEST(run.out.find("Score: ") != std::string::npos, "the terminal summary");
}

BOOST_AUTO_TEST_CASE(junit_is_well_formed_utf8_whatever_the_program_prints) {
    // Bytes that are no UTF-8 in a program's output (and in our own binary malformed
    // inputs) made the XML unreadable (adversary round 20): each is shown as U+FFFD.
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path junit = scratch.path() / "r.xml";
    broken_copies::gradeBroken(
        "dotsboxes",
        {{kEndOfInput, "            std::cout << \"\\xff\\xfe\\xc0\\x80\\n\";\n            return 1;"}},
        {"--junit", junit.string()});
    const std::string xml = dotslab::readFileText(junit);
    BOOST_TEST(xml.find("\uFFFD") != std::string::npos, xml);
    BOOST_CHECK_NO_THROW(json(xml).dump());  // nlohmann::json refuses to write text that is no UTF-8
}

BOOST_AUTO_TEST_CASE(with_a_sample_its_pictures_decide) {
    // An instructor's sample that prints the score one space closer: a student printing
    // exactly what it prints earns everything, the display function included (it was
    // judged against our picture: 94, adversary round 20b).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path student = scratch.path() / "dotsboxes.cpp", sample = scratch.path() / "sample";
    writeFile(student, broken(dotslab::readFileText(broken_copies::kDotsboxes),
                              {{"\"    Player 1 score: \"", "\"   Player 1 score: \""}}));
    const RunResult built =
        dotslab::runTrusted("/usr/bin/g++", {"-std=c++11", "-o", sample.string(), student.string()}, "", 120);
    BOOST_TEST_REQUIRE(built.status == 0, built.err);
    Grade g = grade("dotsboxes", student, {"--sample", sample.string()});
    expectFailures(g, {}, {{"function displayGrid", "judged by its runs against that program"}});
}

BOOST_AUTO_TEST_CASE(an_instructors_folder_of_links_is_not_graded_a_students_links_are_graded) {
    // An instructor's class folder made with cp -rs holds links, which the grader never
    // follows: not graded, and said why, never 0 for "no source files" (round 20b).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path linked = scratch.path() / "bob";
    fs::create_directories(linked);
    fs::create_symlink(broken_copies::kDotsboxes, linked / "dotsboxes.cpp");
    const RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", linked.string()}, "", 60);
    BOOST_TEST(run.status == 1, run.ending());
    BOOST_TEST(run.out.find("symbolic links") != std::string::npos, run.out << run.err);
    // A student's links are the student's (a git repository keeps them): one to a file of
    // the hand-in is read as that file; one that leaves it is never read, and the build
    // says so (adversary round 25 H10: "not graded" for what would score low).
    const fs::path inside = scratch.path() / "carol", outside = scratch.path() / "dave";
    fs::create_directories(inside / "notes");
    fs::copy_file(broken_copies::kDotsboxes, inside / "notes" / "game.txt");
    fs::create_symlink("notes/game.txt", inside / "dotsboxes.cpp");
    const Grade carol = grade("dotsboxes", inside, {"--fuzz", "2", "--malformed", "0"});
    BOOST_TEST(carol.failed().empty(), carol.run.out);
    fs::create_directories(outside);
    fs::create_symlink("/etc/hostname", outside / "dotsboxes.cpp");
    const Grade dave = grade("dotsboxes", outside, {"--fuzz", "2", "--malformed", "0"});
    BOOST_TEST(dave.failed().count("build") == 1, dave.run.out);
    BOOST_TEST(dave.test("build")["output"].get<std::string>().find("symbolic links to files outside it") !=
                   std::string::npos,
               dave.run.out);
}

BOOST_AUTO_TEST_CASE(a_sample_that_cannot_start_is_a_bad_command_line) {
    // A sample without its execute bit (as unzipped), a source file or a Windows .exe made
    // every expected output an error, and every student 60 (adversary round 20b).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path source = kSource / "dotsboxes" / "dotsboxes.cpp", plain = scratch.path() / "sample";
    fs::copy_file(DOTSGRADE_PROGRAM, plain);
    fs::permissions(plain, fs::perms::owner_read | fs::perms::owner_write);
    for (const auto &[sample, said] :
         {std::pair<fs::path, std::string>{source, "not a program this machine can run"},
          {plain, "is not executable"}}) {
        const RunResult run = dotslab::runTrusted(
            DOTSGRADE_PROGRAM, {"dotsboxes", source.string(), "--sample", sample.string()}, "", 60);
        BOOST_TEST(run.status == 2, run.ending());
        BOOST_TEST(run.err.find(said) != std::string::npos, run.err);
    }
}

BOOST_AUTO_TEST_CASE(explain_lists_every_test_with_its_points) {
    RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotstriangles", "--explain"}, "");
    BOOST_TEST(run.status == 0);
    for (const char *name : {"build", "rule no_arrays", "function printGrid", "transcript dotstriangles-crlf",
                             "random games", "random malformed input", "Total: 100"})
        BOOST_TEST(run.out.find(name) != std::string::npos, name);
    BOOST_TEST(run.out.find("\n       0  random malformed input") != std::string::npos,
               "robustness is reported, worth nothing by default: the assignment promises integers");
}

BOOST_AUTO_TEST_CASE(rubric_override) {
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(scratch.path() / "rubric.json", R"({"build": 50, "fuzz": 0})");
    Grade g = grade("dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp",
                    {"--rubric", (scratch.path() / "rubric.json").string()});
    BOOST_TEST(g.test("build")["max_score"].get<double>() == 50);
    BOOST_TEST(g.test("random games")["max_score"].get<double>() == 0);
    writeFile(scratch.path() / "bad.json", R"({"bonus": 5})");
    RunResult bad = dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                        {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string(),
                                         "--rubric", (scratch.path() / "bad.json").string()},
                                        "");
    BOOST_TEST(bad.status == 2, "a bad rubric is a bad command line");
    BOOST_TEST(bad.err.find("unknown category 'bonus'") != std::string::npos);
    for (const char *rubric : {R"({"build": -5})", R"({"build": "ten"})", R"([1, 2])", "{build: 5"}) {
        writeFile(scratch.path() / "bad.json", rubric);
        RunResult refused =
            dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string(), "--rubric",
                                 (scratch.path() / "bad.json").string()},
                                "");
        BOOST_TEST(refused.status == 2, rubric << ": " << refused.ending() << " " << refused.err);
        BOOST_TEST(refused.err.find("--rubric") != std::string::npos, refused.err);
    }
}

BOOST_AUTO_TEST_CASE(instructor_sample_program_is_the_oracle) {
    // With a sample program that prints five spaces, our reference is the one that differs.
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(scratch.path() / "sample.cpp",
              broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                     {{"\"    Player 2 score: \"", "\"     Player 2 score: \""}}));
    BOOST_TEST_REQUIRE(std::system(("g++ -O1 -o " + (scratch.path() / "sample").string() + " " +
                                    (scratch.path() / "sample.cpp").string())
                                       .c_str()) == 0);
    Grade g = grade("dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp",
                    {"--sample", (scratch.path() / "sample").string()});
    BOOST_TEST(g.failed().count("transcript dotsboxes-sample") == 1);
    BOOST_TEST(g.failed().count("function updateGrid") == 0,
               "the function stage does not depend on the sample");
}

BOOST_AUTO_TEST_CASE(an_instructors_sample_that_loops_at_end_of_input_still_grades) {
    // Its text promises whole games, so an instructor's sample may loop at end of input:
    // the cases worth nothing it cannot finish are not judged, never "not graded"
    // (adversary round 19: every grading with such a sample was not graded).
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(
        scratch.path() / "looping.cpp",
        broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
               {{kEndOfInput, "            for (;;) std::cout << \"Player 1, make your move (1-16): \";"}}));
    BOOST_TEST_REQUIRE(std::system(("g++ -O1 -o " + (scratch.path() / "looping").string() + " " +
                                    (scratch.path() / "looping.cpp").string())
                                       .c_str()) == 0);
    Grade g = grade("dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp",
                    {"--sample", (scratch.path() / "looping").string()});
    BOOST_TEST(g.report["score"].get<double>() == 100, g.run.out);
    const std::string eof = g.test("transcript dotsboxes-eof")["output"];
    BOOST_TEST(eof.find("not judged: the sample solution did not finish it") != std::string::npos, eof);
}

BOOST_AUTO_TEST_CASE(compare_modes_and_extra_tests) {
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(scratch.path() / "tests" / "quick.in", "1\n1\n2\n");  // expected output from the oracle
    writeFile(scratch.path() / "tests" / "quick.desc", "two moves, one refused, then end of input\n");
    // Its display prints no trailing spaces on the last lines, its main one too many.
    fs::path trimmed = scratch.path() / "trimmed.cpp";
    writeFile(trimmed,
              broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                     {{"std::cout << \"   \" << vertical(grid, 14) << \"  \" << vertical(grid, 15) << '\\n';",
                       "std::cout << \"   \" << vertical(grid, 14) << (isFilled(grid, 15) ? \"  |\" : \"\") "
                       "<< '\\n';"},
                      {"\"Invalid move! Try again.\\n\"", "\"Invalid move! Try again. \\n\""}}));
    std::vector<std::string> tests = {"--tests", (scratch.path() / "tests").string()};
    Grade exact = grade("dotsboxes", trimmed, tests);
    BOOST_TEST(exact.failed().count("test quick") == 1);
    BOOST_TEST(exact.failed().count("function displayGrid") == 1);
    tests.insert(tests.end(), {"--compare", "trailing"});
    Grade lenient = grade("dotsboxes", trimmed, tests);
    BOOST_TEST(lenient.failed().count("test quick") == 0);
    BOOST_TEST(lenient.failed().count("transcript dotsboxes-sample") == 0);
    BOOST_TEST(lenient.failed().count("function displayGrid") == 0, "--compare applies to the functions too");
}

BOOST_AUTO_TEST_CASE(an_instructors_test_that_ends_mid_game_is_judged_up_to_the_inputs_end) {
    // The commonest hand-written test: the first few moves, the sample's output expected.
    // What a program does when its input runs out mid-game no dotsboxes text says (our own
    // dotsboxes-eof is robustness, worth nothing): a program whose every move matched lost
    // the test's 7.5 points for saying goodbye at the end (adversary round 26 F2).
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(scratch.path() / "tests" / "first-moves.in", "1\n5\n2\n");
    const std::vector<std::string> tests = {"--tests", (scratch.path() / "tests").string()};
    // It says goodbye and exits 3; its unchecked read loops (the text promises an integer).
    for (const std::string &atTheEnd :
         {std::string("            std::cout << \"Goodbye!\\n\";\n            return 3;"),
          std::string("            continue;")}) {
        const Grade g = broken_copies::gradeBroken("dotsboxes", {{kEndOfInput, atTheEnd}}, tests);
        BOOST_TEST(g.failed().count("test first-moves") == 0, g.run.out);
        BOOST_TEST(g.test("test first-moves")["output"].get<std::string>().find("input ends mid-game") !=
                       std::string::npos,
                   g.run.out);
    }
    // A move that differs before the input's end is still the program's.
    const Grade wrong = broken_copies::gradeBroken(
        "dotsboxes", {{"\"Invalid move! Try again.\\n\"", "\"Invalid move!\\n\""}}, tests);
    BOOST_TEST(wrong.failed().count("test first-moves") == 0, "no invalid move in it: " << wrong.run.out);
    writeFile(scratch.path() / "tests" / "first-moves.in", "1\n1\n2\n");
    const Grade refused = broken_copies::gradeBroken(
        "dotsboxes", {{"\"Invalid move! Try again.\\n\"", "\"Invalid move!\\n\""}}, tests);
    BOOST_TEST(refused.failed().count("test first-moves") == 1, refused.run.out);
}

BOOST_AUTO_TEST_CASE(an_instructors_tests_are_checked_against_the_sample) {
    // Adversary round 25 (F5, F6, F9): an instructor's tests as they are made on real
    // machines. The expected files come from our reference, run as the instructor runs it.
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path tests = scratch.path() / "course" / "tests";
    const std::string reference = (fs::path(DOTSGRADE_PROGRAM).parent_path() / "boxes").string();
    auto expectFrom = [&](const std::string &name, const std::vector<std::string> &args,
                          const std::string &input) {
        const RunResult r = dotslab::runTrusted(reference, args, input, 30);
        writeFile(tests / (name + ".out"), r.out);
        writeFile(tests / (name + ".err"), r.err);
        writeFile(tests / (name + ".rc"), std::to_string(r.status) + "\n");
    };
    // A game file named as the instructor ran the sample, from the course's folder: every
    // program failed it, the reference too.
    writeFile(tests / "example.txt", "1\n000\n0100\n011\n0111\n011\n1000\n100\n0,0,0\n0,1,2\n0,0,0\n");
    writeFile(tests / "load.in", "0 0 h\n");
    writeFile(tests / "load.args", "3 3 2 tests/example.txt\n");
    expectFrom("load", {"3", "3", "2", (tests / "example.txt").string()}, "0 0 h\n");
    // Saved in Notepad: its input and its expected output end their lines with CR LF.
    writeFile(tests / "notepad.in", "0 0 h\r\n0 0 v\r\n");
    writeFile(tests / "notepad.args", "2 2 2\r\n");
    expectFrom("notepad", {"2", "2", "2"}, "0 0 h\n0 0 v\n");
    const std::string out = readFileText(tests / "notepad.out");
    std::string withCr;
    for (char c : out) withCr += c == '\n' ? std::string("\r\n") : std::string(1, c);
    writeFile(tests / "notepad.out", withCr);
    // An expected output no program can print: the instructor's slip.
    writeFile(tests / "slip.in", "0 0 h\n");
    writeFile(tests / "slip.args", "2 2 2\n");
    expectFrom("slip", {"2", "2", "2"}, "0 0 h\n");
    writeFile(tests / "slip.out", "what the instructor typed\n");
    writeFile(tests / "Game3.IN", "0 0 h\n");  // Windows' capitals: no test
    const fs::path course = scratch.path() / "course";
    // A boxes that refuses a line with a CR in it, which no text mentions.
    const fs::path crRefused = assembledSubmission("boxes", scratch.path() / "cr");
    writeFile(
        crRefused / "main.cpp",
        broken(readFileText(crRefused / "main.cpp"),
               {{"Command command = parseCommand(line->text, game.grid());",
                 "Command command = parseCommand(line->text.find('\\r') == std::string::npos ? line->text "
                 ": std::string(\"x\"), game.grid());"}}));
    for (const fs::path &submission : {assembledSubmission("boxes", scratch.path() / "right"), crRefused}) {
        const Grade g =
            grade("boxes", submission, {"--tests", tests.string(), "--fuzz", "2", "--malformed", "0"});
        for (const char *name : {"test load", "test notepad", "test slip"})
            BOOST_TEST(g.failed().count(name) == 0, submission << ": " << name << "\n" << g.run.out);
        BOOST_TEST(g.test("test slip")["output"].get<std::string>().find(
                       "the sample solution (dotslab's reference) does not pass this test itself") !=
                       std::string::npos,
                   g.run.out);
        BOOST_TEST(g.run.err.find("warning: test slip: the sample solution") != std::string::npos, g.run.err);
        BOOST_TEST(g.run.err.find("Game3.IN is no part of any test") != std::string::npos, g.run.err);
    }
    // The kit is where the instructor is: refused for the slip, and for a category with
    // points and no test (Gradescope grades out of the assignment's points: 75/100).
    const fs::path kit = scratch.path() / "kit.zip";
    const RunResult slip = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"gradescope", "boxes", "-o", kit.string(), "--tests", tests.string()}, "", 300);
    BOOST_TEST(slip.status == 2, slip.err);
    BOOST_TEST(slip.err.find("test slip: the sample solution") != std::string::npos, slip.err);
    BOOST_TEST(!fs::exists(kit));
    fs::remove(tests / "slip.out");
    const RunResult noFuzz = dotslab::runTrusted(
        DOTSGRADE_PROGRAM,
        {"gradescope", "boxes", "-o", kit.string(), "--tests", tests.string(), "--fuzz", "0"}, "", 300);
    BOOST_TEST(noFuzz.status == 2, noFuzz.err);
    BOOST_TEST(noFuzz.err.find(
                   "the category 'fuzz' has 30 points but no test (--fuzz 0), so every grade is out of 70") !=
                   std::string::npos,
               noFuzz.err);
    const RunResult built = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"gradescope", "boxes", "-o", kit.string(), "--tests", tests.string()}, "", 300);
    BOOST_TEST(built.status == 0, built.err);
    BOOST_TEST(built.out.find("give the assignment 100 autograder points") != std::string::npos, built.out);
    BOOST_TEST(built.err.find("warning: " + (tests / "Game3.IN").string()) != std::string::npos, built.err);
}

BOOST_AUTO_TEST_CASE(saved_failures_are_tests_that_replay_unchanged) {
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path saved = scratch.path() / "saved", wrong = scratch.path() / "wrong.cpp";
    writeFile(wrong, broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                            {{"make your move (1-16): \"", "make your move (1-16):  \""}}));
    const std::vector<std::string> few = {"--fuzz", "3", "--malformed", "2"};
    std::vector<std::string> saving = few;
    saving.insert(saving.end(), {"--save-failures", saved.string()});
    Grade first = grade("dotsboxes", wrong, saving);
    const std::string shown = first.test("transcript dotsboxes-eof")["output"];
    BOOST_TEST(shown.find("replay: printf '5\\nabc\\n3.5\\n+7\\n99999999999\\n7\\n' | ./dotsboxes") !=
                   std::string::npos,
               shown);
    std::set<std::string> names;
    for (const fs::directory_entry &entry : fs::directory_iterator(saved))
        names.insert(entry.path().filename().string());
    for (const char *name : {"dotsboxes-eof.in", "dotsboxes-eof.out", "dotsboxes-sample.in",
                             "random-game-3.in", "malformed-input-2.desc"})
        BOOST_TEST(names.count(name) == 1, name);
    // No exit status where this grading judged none (dotsboxes' text names none): a .rc
    // makes a --tests case compare it (adversary round 25: a fixed program lost 14.25).
    BOOST_TEST(names.count("dotsboxes-eof.rc") == 0);
    // As --tests: the reference passes every one, the same program fails every one again.
    std::vector<std::string> replaying = {"--fuzz", "0", "--malformed", "0", "--tests", saved.string()};
    Grade reference = grade("dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp", replaying);
    Grade again = grade("dotsboxes", wrong, replaying);
    const fs::path otherStatus = scratch.path() / "other-status.cpp";
    writeFile(otherStatus, broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                                  {{"            return 1;", "            return 0;"}}));
    Grade anyStatus = grade("dotsboxes", otherStatus, replaying);
    int tests = 0;
    for (const json &t : reference.report["tests"]) {
        const std::string name = t["name"];
        if (name.rfind("test ", 0) != 0) continue;
        ++tests;
        BOOST_TEST(reference.failed().count(name) == 0, name);
        BOOST_TEST(again.failed().count(name) == 1, name);
        BOOST_TEST(anyStatus.failed().count(name) == 0, name);
    }
    BOOST_TEST(tests == 7, "two transcripts, three games and two malformed inputs");
}

BOOST_AUTO_TEST_CASE(an_archive_in_a_batch_gets_a_row_that_says_to_unpack_it) {
    // A course site's export holds a zip per student: it got no row at all, and graded
    // alone it was compiled as C++, 0 (adversary round 25).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path batch = scratch.path() / "class";
    writeFile(batch / "alice.cpp", dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    writeFile(batch / "dave.zip", std::string("PK\3\4\0\0\0\0", 8));
    writeFile(batch / "roster.pdf", "%PDF-1.4\n");
    const RunResult run = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"dotsboxes", "--batch", batch.string(), "--fuzz", "1", "--malformed", "0"}, "",
        300);
    BOOST_TEST(run.status == 1, "a row not graded: " << run.err);
    BOOST_TEST(run.out.find("\ndave,not graded,") != std::string::npos, run.out);
    BOOST_TEST(run.out.find("unzip -d") != std::string::npos, run.out);
    BOOST_TEST(run.out.find("roster") == std::string::npos, run.out);
    BOOST_TEST(run.err.find("skipped roster.pdf") != std::string::npos, run.err);
    const RunResult alone =
        dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", (batch / "dave.zip").string()}, "", 300);
    BOOST_TEST(alone.status == 1, alone.out);
    BOOST_TEST(alone.out.find("NOT GRADED") != std::string::npos, alone.out);
}

BOOST_AUTO_TEST_CASE(batch_mode, *kUnderThreadSanitizer) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::path batch = scratch.path() / "class";
    writeFile(batch / "alice.cpp", dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    writeFile(batch / "bob.cpp", broken(dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                                        {{"return 0;\n}\n", "return 0\n}\n"}}));
    writeFile(batch / "carol" / "dotsboxes.cpp",
              dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    const fs::path reports = scratch.path() / "reports";
    RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                        {"dotsboxes", "--batch", batch.string(), "--jobs", "2", "--fuzz", "3",
                                         "--malformed", "3", "--json", reports.string()},
                                        "", 300);
    BOOST_TEST(run.status == 0, run.err);
    std::istringstream csv(run.out);
    std::vector<std::string> rows;
    for (std::string line; std::getline(csv, line);) rows.push_back(line);
    BOOST_TEST_REQUIRE(rows.size() == 4u, run.out);
    // A row not as expected comes with the student's whole report, to see which test failed and why.
    auto report = [&](const std::string &student) {
        return rows[0] + "\n" + dotslab::readFileText(reports / (student + ".json"));
    };
    BOOST_TEST(rows[0].rfind("student,score,max_score,reason,build,", 0) == 0);
    BOOST_TEST(rows[1].rfind("alice,100,100,", 0) == 0, report("alice"));
    BOOST_TEST(rows[2].rfind("bob,0,100,", 0) == 0, report("bob"));
    BOOST_TEST(rows[3].rfind("carol,100,100,", 0) == 0, report("carol"));
}

BOOST_AUTO_TEST_CASE(submissions_as_students_hand_them_in) {
    // Any case of a source extension, .cxx, .C and .CC included; two files of one student are
    // an error naming both, never one row silently replacing the other.
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string reference = dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    const fs::path batch = scratch.path() / "class", twice = scratch.path() / "twice";
    writeFile(batch / "bob" / "DotsBoxes.CPP", reference);
    writeFile(batch / "carol.cxx", reference);
    writeFile(batch / "dave.C", reference);
    writeFile(batch / "erin.CC",
              reference);  // which g++ would take for a file to link (adversary round 21: 0)
    // The class folder unzipped from a Mac's zip, or kept in git: no students there.
    writeFile(batch / "__MACOSX" / "._carol.cxx", "\5\26\7");
    writeFile(batch / "._dave.C", "\5\26\7");
    writeFile(batch / ".git" / "HEAD", "ref: refs/heads/main\n");
    RunResult run = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"dotsboxes", "--batch", batch.string(), "--fuzz", "2", "--malformed", "2"}, "",
        300);
    BOOST_TEST(run.status == 0, run.err);
    for (const char *student : {"bob,100,100,", "carol,100,100,", "dave,100,100,", "erin,100,100,"})
        BOOST_TEST(run.out.find(student) != std::string::npos, run.out);
    BOOST_TEST(std::count(run.out.begin(), run.out.end(), '\n') == 5, run.out);  // a heading and four rows
    writeFile(twice / "alice.cpp", reference);
    writeFile(twice / "alice.cc", reference);
    RunResult clash =
        dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", "--batch", twice.string()}, "", 60);
    BOOST_TEST(clash.status == 1);
    BOOST_TEST(clash.err.find("alice.cc and alice.cpp") != std::string::npos, clash.err);
}

BOOST_AUTO_TEST_CASE(a_macs_zip_and_a_test_program_are_no_part_of_the_program) {
    // A Mac's zip holds __MACOSX/._NAME and ._NAME beside each file (binary: "stray '\\5' in
    // program"), and the eight lab suggests a test program with a main of its own: each made
    // a correct submission 0 (adversary round 19).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path folder = assembledSubmission("eight", scratch.path());
    const std::string appleDouble("\0\5\26\7\0\2\0\0Mac OS X        ", 24);
    for (const fs::directory_entry &entry : fs::directory_iterator(folder))
        if (entry.is_regular_file()) {
            writeFile(folder / ("._" + entry.path().filename().string()), appleDouble);
            writeFile(folder / "__MACOSX" / ("._" + entry.path().filename().string()), appleDouble);
        }
    writeFile(folder / "test_board.cc", "#include <iostream>\nint main() { std::cout << \"testing\\n\"; }\n");
    Grade g = grade("eight", folder, {"--compiler-flags", kCxx17});
    BOOST_TEST(g.failed().empty(), g.run.out);
    BOOST_TEST(
        g.test("build")["output"].get<std::string>().find("left out test_board.cc") != std::string::npos,
        g.run.out);
}

BOOST_AUTO_TEST_CASE(a_submission_handed_in_as_its_folder_is_graded_as_its_files) {
    // The same files one folder down (a zip of lab6/, a batch folder per student): a test
    // program, an old copy in old/, or a test program beside main.cpp is what it is at the
    // top (adversary round 25: 100 at the top, 0 one folder down).
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path handIn = scratch.path() / "hand-in";
    const fs::path folder = assembledSubmission("eight", handIn);  // hand-in/eight/...
    writeFile(folder / "test_board.cc", "#include <iostream>\nint main() { std::cout << \"testing\\n\"; }\n");
    writeFile(folder / "old" / "eight_v1.cc", readFileText(folder / "eight.cc"));
    Grade nested = grade("eight", handIn, {"--compiler-flags", kCxx17});
    BOOST_TEST(nested.failed().empty(), nested.run.out);
    const fs::path computer = assembledSubmission("dotscomputer", scratch.path() / "computer");
    writeFile(computer / "test_game.cpp", "int main() { return 0; }\n");
    Grade beside = grade("dotscomputer", computer, {"--compiler-flags", kCxx17});
    BOOST_TEST(beside.failed().empty(), beside.run.out);
}

BOOST_AUTO_TEST_CASE(a_one_file_assignment_grades_the_file_named_as_it) {
    // Old versions left in the folder are left out, and the report says so; without a file
    // of the assignment's name the build says why, not a linker's "multiple definition".
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string reference = dotslab::readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    const fs::path folder = scratch.path() / "alice";
    writeFile(folder / "DotsBoxes.CPP", reference);
    writeFile(folder / "dotsboxes_old.cpp", reference);
    writeFile(folder / "old" / "v1.cc", reference);
    Grade named = grade("dotsboxes", folder, {"--fuzz", "2", "--malformed", "0"});
    BOOST_TEST(named.failed().empty(), named.run.out);
    const std::string note = named.test("build")["output"];
    BOOST_TEST(note.find("graded DotsBoxes.CPP alone") != std::string::npos, note);
    BOOST_TEST(note.find("left out: dotsboxes_old.cpp, old/v1.cc") != std::string::npos, note);
    BOOST_TEST(named.run.out.find("left out:") != std::string::npos, "the terminal report shows the note");
    fs::remove(folder / "DotsBoxes.CPP");
    Grade unnamed = grade("dotsboxes", folder, {"--fuzz", "0", "--malformed", "0"});
    const std::string why = unnamed.test("build")["output"];
    BOOST_TEST(unnamed.failed().count("build") == 1);
    BOOST_TEST(why.find("none of the 2 source files is called that") != std::string::npos, why);
}

BOOST_AUTO_TEST_CASE(command_line_errors) {
    BOOST_TEST(dotslab::runTrusted(DOTSGRADE_PROGRAM, {}, "").status == 2);
    BOOST_TEST(dotslab::runTrusted(DOTSGRADE_PROGRAM, {"tictactoe", "x.cpp"}, "").status ==
               2);  // bad command line
    BOOST_TEST(dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", "/no/such/file.cpp"}, "").status == 1);
    BOOST_TEST(
        dotslab::runTrusted(DOTSGRADE_PROGRAM, {"dotsboxes", "x.cpp", "--compare", "fuzzy"}, "").status == 2);
    // A --tests case that is malformed is the instructor's to fix, before anything is graded.
    TemporaryDirectory scratch("dotsgrade-test");
    writeFile(scratch.path() / "tests" / "quick.in", "1\n");
    writeFile(scratch.path() / "tests" / "quick.rc", "zero\n");
    const RunResult bad =
        dotslab::runTrusted(DOTSGRADE_PROGRAM,
                            {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string(), "--tests",
                             (scratch.path() / "tests").string()},
                            "");
    BOOST_TEST(bad.status == 2, bad.ending());
    BOOST_TEST(bad.err.find("quick.rc") != std::string::npos, bad.err);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rules_per_assignment)

BOOST_AUTO_TEST_CASE(globals_are_allowed_where_the_spec_allows_them) {
    // boxes was a C systems assignment: a global is no fault there.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::path folder = assembledSubmission("boxes", scratch.path());
    std::string main = readFileText(folder / "main.cpp");
    writeFile(folder / "main.cpp",
              broken(main, {{"int main(int argc, char **argv) {",
                             "int calls = 0;\n\nint main(int argc, char **argv) {\n    ++calls;"}}));
    Grade g = grade("boxes", folder, {"--compiler-flags", kCxx17});
    BOOST_TEST(g.failed().empty(), g.run.out);
    for (const json &t : g.report["tests"]) BOOST_TEST(t["name"] != "rule no_globals");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(declared_types)

BOOST_AUTO_TEST_CASE(return_and_parameter_types_as_written) {
    using dotslab::grader::declarationsOf;
    const std::string code =
        "bool isFilled(long long grid, int pos);\n"                              // 1: a declaration
        "static inline int isFilled(long long int g, signed p) { return 0; }\n"  // 2: another return type
        "[[nodiscard]] const bool\nisFilled(const long long, int = 3) { return 1; }\n"  // 3-4: const by value
        "void f() { if (isFilled(1, 2)) return; bool b = isFilled(1, 2); b = !isFilled(3, 4); }\n"  // calls
        "int g() { return isFilled(1, 2); }\n"
        "Truth isFilled(long long grid, int pos);\n"                         // an alias: not plain
        "auto isFilled(long long grid, int pos) -> int;\n"                   // trailing: not plain
        "bool Board::isFilled(long long grid, int pos) { return true; }\n";  // a member: not ours
    const std::vector<dotslab::grader::DeclaredFunction> found = declarationsOf(code, "isFilled");
    BOOST_TEST_REQUIRE(found.size() == 5u);
    const std::vector<std::string> parameters = {"long long", "int"};
    BOOST_TEST(found[0].line == 1);
    BOOST_TEST(found[0].returns == "bool");
    BOOST_TEST((found[0].parameters == parameters));
    BOOST_TEST(found[0].plain);
    BOOST_TEST(found[1].line == 2);
    BOOST_TEST(found[1].returns == "int");
    BOOST_TEST((found[1].parameters == parameters));
    BOOST_TEST(found[1].text == "static inline int isFilled(long long int g, signed p)");
    BOOST_TEST(found[2].line == 4);
    BOOST_TEST(found[2].returns == "bool");
    BOOST_TEST((found[2].parameters == parameters));
    BOOST_TEST(found[3].returns == "Truth");
    BOOST_TEST(!found[3].plain, "an alias: the compiler is asked");
    BOOST_TEST(!found[4].plain, "auto and a trailing type: the compiler is asked");
    BOOST_TEST(dotslab::grader::canonicalType({"long", "long", "&"}) == "long long &");
    BOOST_TEST(dotslab::grader::canonicalType({"unsigned", "int"}) == "unsigned");
    BOOST_TEST(dotslab::grader::canonicalType({"signed", "char"}) == "signed char");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(deployment)

BOOST_AUTO_TEST_CASE(class_reports_summary_html_and_similarity) {
    TemporaryDirectory scratch("dotsgrade-class");
    const fs::path batch = scratch.path() / "submissions";
    const std::string reference = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    writeFile(batch / "alice.cpp", reference);
    std::string renamed = reference;  // a near copy: every grid is a board
    for (std::size_t at; (at = renamed.find("grid")) != std::string::npos;) renamed.replace(at, 4, "board");
    writeFile(batch / "bob.cpp", renamed);
    writeFile(batch / "carol.cpp",
              "#include <iostream>\n\nint main() {\n    std::cout << \"hello\\n\";\n}\n");
    const fs::path html = scratch.path() / "class.html", summary = scratch.path() / "summary.txt";
    auto batchRun = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {
            "dotsboxes", "--batch",      batch.string(), "--fuzz",      "2",         "--malformed",
            "2",         "--similarity", "--html",       html.string(), "--summary", summary.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        const RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM, args, "", 300);
        BOOST_TEST_REQUIRE(run.status == 0, run.err);
        return run;
    };
    const RunResult run = batchRun({});
    BOOST_TEST(run.out.rfind("student,score,max_score,reason,", 0) == 0, run.out);
    BOOST_TEST(run.out.find("carol,") != std::string::npos);
    BOOST_TEST(run.err.find("dotsgrade: 3/3 ") != std::string::npos, "plain progress lines off a terminal");
    const std::string said = readFileText(summary);
    for (const char *part : {"Class summary: 3 submissions", "Most common failing tests", "Did not build",
                             "Slowest gradings", "alice and bob"})
        BOOST_TEST(said.find(part) != std::string::npos, part << " in:\n" << said);
    BOOST_TEST(said.find("carol and") == std::string::npos, "carol copied nobody:\n" << said);
    // The page as a browser builds it: Debian's Chromium, headless.
    const RunResult dom = dotslab::runTrusted(
        "/usr/bin/chromium",
        {"--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + html.string()}, "", 60);
    BOOST_TEST_REQUIRE(dom.status == 0, dom.err);
    BOOST_TEST(dom.out.find("<table id=\"class\">") != std::string::npos);
    for (const char *student : {">alice</a>", ">bob</a>", ">carol</a>"})
        BOOST_TEST(dom.out.find(student) != std::string::npos, student);
    BOOST_TEST(dom.out.find("<table id=\"similar\">") != std::string::npos);
    // Code everyone was handed is no evidence: with the reference as starter code, the
    // pair is gone.
    batchRun({"--starter", (kSource / "dotsboxes" / "dotsboxes.cpp").string()});
    BOOST_TEST(readFileText(summary).find("alice and bob") == std::string::npos, readFileText(summary));
}

BOOST_AUTO_TEST_CASE(a_github_classroom_result_fits_the_reporters_environment) {
    // The workflow hands the result to the reporter base64'd in one environment variable,
    // at most 128 KiB on Linux: 95 instructor tests that each said what differed made one
    // it could not be started with, and no points were recorded (adversary round 25).
    dotslab::grader::GradeReport report;
    report.assignment = "boxes";
    double total = 0;
    for (int k = 0; k < 400; ++k) {
        dotslab::grader::TestOutcome t;
        t.category = "tests";
        t.name = "case number " + std::to_string(k);
        t.description = std::string(600, 'd');
        t.maxScore = 0.25;
        t.score = k % 3 == 0 ? 0.25 : 0;
        t.passed = k % 3 == 0;
        for (int line = 0; line < 400; ++line) t.output += "expected: \"a line\"\n";
        total += t.score;
        report.tests.push_back(t);
    }
    const std::string text = dotslab::grader::classroomJson(report);
    const std::size_t base64 = 4 * ((text.size() + 2) / 3);
    BOOST_TEST(base64 + std::string("DOTSGRADE_RESULTS=").size() < 128u * 1024u, text.size());
    const json r = json::parse(text);
    BOOST_TEST_REQUIRE(r["tests"].size() == 400u);
    double recorded = 0;
    for (const json &t : r["tests"]) recorded += t["score"].get<double>();
    BOOST_TEST(std::abs(recorded - total) < 1e-9);
    BOOST_TEST(r["max_score"].get<double>() == 100.0);
}

BOOST_AUTO_TEST_CASE(github_classroom_result_versions_and_help) {
    TemporaryDirectory scratch("dotsgrade-classroom");
    const fs::path result = scratch.path() / "result.json", wrong = scratch.path() / "dotsboxes.cpp";
    writeFile(wrong, broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                            {{"\"    Player 2 score: \"", "\"     Player 2 score: \""}}));
    const Grade g = grade("dotsboxes", wrong, {"--classroom", result.string()});
    // What GitHub Classroom's reporter reads: version, status, max_score, per test a score.
    const json r = json::parse(readFileText(result));
    BOOST_TEST(r["version"] == 1);
    BOOST_TEST(r["status"] == "fail");
    BOOST_TEST(r["max_score"].get<double>() == 100);
    double total = 0;
    for (const json &t : r["tests"]) {
        total += t["score"].get<double>();
        BOOST_TEST((t["status"] == "pass" || t["status"] == "fail"));
    }
    BOOST_TEST(total == g.report["score"].get<double>());
    // A program that loses nothing (it fails only what is worth no points: dotsboxes'
    // malformed inputs) passes, or the reporter puts a red cross beside 100/100.
    writeFile(wrong, broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                            {{"    if (!(std::cin >> token)) return false;",
                              "    if (!(std::cin >> pos)) return false;\n    return true;\n    if "
                              "(!(std::cin >> token)) return false;"}}));
    const Grade plain = grade("dotsboxes", wrong, {"--classroom", result.string()});
    BOOST_TEST(plain.report["score"].get<double>() == 100, plain.run.out);
    BOOST_TEST(!plain.failed().empty(), "it fails a test worth nothing");
    BOOST_TEST(json::parse(readFileText(result))["status"] == "pass");
    for (const std::string program : {"dotsgrade", "dotssolve"}) {
        const RunResult version = dotslab::runTrusted(
            (fs::path(DOTSGRADE_PROGRAM).parent_path() / program).string(), {"--version"}, "");
        BOOST_TEST(version.status == 0);
        BOOST_TEST(version.out.rfind(program + " ", 0) == 0, version.out);
    }
    for (const std::string program : {"dotscomputer", "eight"}) {
        const RunResult help = dotslab::runTrusted(
            (fs::path(DOTSGRADE_PROGRAM).parent_path() / program).string(), {"--help"}, "");
        BOOST_TEST(help.status == 0);
        BOOST_TEST(help.out.rfind("usage: " + program, 0) == 0, help.out);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(runs)

BOOST_AUTO_TEST_CASE(a_held_sandbox_run_ends_as_its_program_does, *kUnderThreadSanitizer) {
    // A run joining a held sandbox is made in its pid namespace (the grader, outside, is
    // parent 0 there) and is the grader's own child: an exit status above 128 is a status,
    // a death by a signal is that signal.
    if (geteuid() != 0) return;  // held sandboxes are root's
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    // The parent as the kernel says: the system call itself, by the processor's instruction
    // (getppid and syscall() are fixed for every repeatable run).
    writeFile(scratch.path() / "ends.c",
              "#include <signal.h>\n#include <stdio.h>\n#include <sys/syscall.h>\n#include <unistd.h>\n"
              "int main(int argc, char **argv) {\n"
              "    long parent;\n"
              "    __asm__ volatile(\"syscall\" : \"=a\"(parent) : \"0\"((long)SYS_getppid) : \"rcx\", \"r11\", \"memory\");\n"
              "    printf(\"%ld\", parent);\n    fflush(stdout);\n"
              "    if (argv[1][0] == 'c') raise(SIGSEGV);\n    return 130;\n}\n");
    const fs::path program = scratch.path() / "ends";
    const RunResult compiled = dotslab::runTrusted(
        "/usr/bin/gcc", {"-o", program.string(), (scratch.path() / "ends.c").string()}, "");
    BOOST_REQUIRE_MESSAGE(compiled.status == 0, compiled.err);
    dotslab::Limits limits;
    const dotslab::SandboxHolder sandbox(program.string(), limits);
    BOOST_REQUIRE(sandbox.usable());
    for (const std::string how : {"exit", "crash"}) {
        dotslab::RunRequest request;
        request.program = program.string();
        request.args = {how};
        request.limits = limits;
        request.holder = &sandbox;
        const RunResult run = dotslab::runProgram(request);
        BOOST_TEST(run.out == "0", how << ": parent " << run.out << run.err);
        BOOST_TEST(run.status == (how == "exit" ? 130 : -1),
                   how << " " << run.status << " " << run.signal << " " << run.err);
        BOOST_TEST(run.signal == (how == "exit" ? 0 : SIGSEGV), how);
    }
}

BOOST_AUTO_TEST_SUITE_END()
