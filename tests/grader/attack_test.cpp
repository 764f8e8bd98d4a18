// dotsgrade against a hostile student: every attack fails, the honest part of the
// submission is still graded, and dotsgrade exits 0 with its report. Each case is one row
// of the attack table in issue 12 (and the spec's Safety section).
#define BOOST_TEST_MODULE dotsgrade_attacks
#include <sys/stat.h>
#include <sys/wait.h>

#include <boost/test/unit_test.hpp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "grading_helpers.h"

using namespace dotslab::grader::testing;

namespace {

const std::string kSecret = "TOP-SECRET-7f3a9c";

// A file only root may read, in a folder only root may enter, holding kSecret.
struct SecretFile {
    TemporaryDirectory folder{"dotsgrade-secret"};
    fs::path path = folder.path() / "secret.txt";
    SecretFile() {
        writeFile(path, kSecret + "\n");
        chmod(path.c_str(), 0600);
    }
};

// Returns the number after label in text, or -1 if label is not there.
int numberAfter(const std::string &text, const std::string &label) {
    const std::size_t at = text.find(label);
    return at == std::string::npos ? -1 : std::atoi(text.c_str() + at + label.size());
}

// Checks that nothing dotsgrade printed or reported holds text.
void neverShown(const Grade &g, const std::string &text) {
    BOOST_TEST(g.report.dump().find(text) == std::string::npos, "the report shows " << text);
    BOOST_TEST(g.run.out.find(text) == std::string::npos, "the terminal report shows " << text);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(build_time)

BOOST_AUTO_TEST_CASE(including_a_root_only_file) {
    SecretFile secret;
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g = grade("dotsboxes", dotsboxesWith(scratch.path(), "dotsboxes.cpp",
                                               {{"#include <string>", "#include <string>\n#include \"" +
                                                                          secret.path.string() + "\""}}));
    neverShown(g, kSecret);
    BOOST_TEST(g.failed().count("build") == 1);
}

BOOST_AUTO_TEST_CASE(incbin_of_a_root_only_file_and_of_hidden_tests) {
    SecretFile secret;
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string steal =
        "asm(\".section .rodata\\nstolen: .incbin \\\"" + secret.path.string() +
        "\\\"\\n.byte 0\\n.text\");\nextern \"C\" const char stolen[];\n\nint main() {\n"
        "    std::cout << stolen;";
    Grade g = grade("dotsboxes", dotsboxesWith(scratch.path(), "dotsboxes.cpp", {{"int main() {", steal}}));
    neverShown(g, kSecret);
    BOOST_TEST(g.failed().count("build") == 1, "the assembler cannot see the file");
}

BOOST_AUTO_TEST_CASE(including_another_students_submission) {
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path batch = scratch.path() / "class";
    const std::string alice = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp") + "\n// alice-was-here\n";
    writeFile(batch / "alice.cpp", alice);
    writeFile(batch / "mallory.cpp", "#include \"alice.cpp\"\n");
    writeFile(batch / "trudy" / "dotsboxes.cpp", "#include \"../alice.cpp\"\n");
    RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                        {"dotsboxes", "--batch", batch.string(), "--fuzz", "2", "--malformed",
                                         "2", "--json", (scratch.path() / "json").string()},
                                        "", 300);
    BOOST_TEST(run.status == 0, run.err);
    BOOST_TEST(run.out.find("alice,100,100,") != std::string::npos, run.out);
    BOOST_TEST(run.out.find("mallory,0,100,") != std::string::npos, run.out);
    BOOST_TEST(run.out.find("trudy,0,100,") != std::string::npos, run.out);
    for (const char *copier : {"mallory", "trudy"})
        BOOST_TEST(
            readFileText(scratch.path() / "json" / (std::string(copier) + ".json")).find("alice-was-here") ==
            std::string::npos);
}

BOOST_AUTO_TEST_CASE(compiler_memory_and_file_bombs) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade zero =
        grade("dotsboxes", dotsboxesWith(scratch.path(), "zero.cpp",
                                         {{"#include <string>", "#include <string>\n#include </dev/zero>"}}));
    BOOST_TEST(zero.failed().count("build") == 1);
    Grade fill = grade("dotsboxes",
                       dotsboxesWith(scratch.path(), "fill.cpp",
                                     {{"int main() {", "asm(\".fill 0x40000000, 1, 0\");\n\nint main() {"}}));
    BOOST_TEST(fill.failed().count("build") == 1);
}

BOOST_AUTO_TEST_CASE(control_characters_in_compiler_messages) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g =
        grade("dotsboxes",
              dotsboxesWith(scratch.path(), "dotsboxes.cpp",
                            {{"int main() {", "#error \"\x1b[2J\x1b[HScore: 95 / 95\"\nint main() {"}}));
    BOOST_TEST(g.run.out.find('\x1b') == std::string::npos, "no raw escape reaches the terminal");
    BOOST_TEST(g.run.out.find("\\x1b[2J") != std::string::npos, g.run.out);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(run_time)

BOOST_AUTO_TEST_CASE(the_graders_environment_is_not_passed_on) {
    setenv("DOTSGRADE_TEST_TOKEN", kSecret.c_str(), 1);
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g =
        grade("dotsboxes",
              dotsboxesWith(scratch.path(), "dotsboxes.cpp",
                            {{"#include <string>", "#include <string>\n#include <cstdlib>"},
                             {"int main() {",
                              "int main() {\n    if (const char *t = std::getenv(\"DOTSGRADE_TEST_TOKEN\")) "
                              "std::cout << t;"}}));
    unsetenv("DOTSGRADE_TEST_TOKEN");
    neverShown(g, kSecret);
    BOOST_TEST(g.report["score"].get<double>() == g.maxScore(), "the honest program is graded in full");
}

BOOST_AUTO_TEST_CASE(memory_and_disk_limits_hold_for_the_whole_run) {
    // Ten children of 200 MB each, and 3000 files of 1 MB: each within the per-process
    // limits, far over the run's. The program says how far it got before playing.
    const std::string includes =
        "#include <string>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include "
        "<sys/wait.h>\n"
        "#include <unistd.h>";
    const std::string hog =
        "int main() {\n"
        "    int survivors = 0;\n"
        "    for (int k = 0; k < 10; ++k)\n"
        "        if (fork() == 0) {\n"
        "            volatile char *block = static_cast<volatile char *>(std::malloc(200 << 20));\n"
        "            for (long i = 0; block && i < (200L << 20); i += 4096) block[i] = 1;\n"
        "            usleep(300000);\n"
        "            _exit(block ? 0 : 1);\n"
        "        }\n"
        "    for (int k = 0, status = 0; k < 10; ++k)\n"
        "        if (wait(&status) > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) ++survivors;\n"
        "    std::cout << \"survivors: \" << survivors << \"\\n\";";
    const std::string filler =
        "int main() {\n    int written = 0;\n    std::string block(1 << 20, 'x');\n"
        "    for (int k = 0; k < 3000; ++k) {\n        std::FILE *f = std::fopen((\"f\" + "
        "std::to_string(k)).c_str(), \"w\");\n"
        "        if (!f) break;\n        bool ok = std::fwrite(block.data(), 1, block.size(), f) == "
        "block.size();\n"
        "        ok = std::fclose(f) == 0 && ok;\n        if (!ok) break;\n        ++written;\n    }\n"
        "    std::cout << \"written: \" << written << \"\\n\";";
    TemporaryDirectory scratch("dotsgrade-test");
    Grade memory = grade(
        "dotsboxes",
        dotsboxesWith(scratch.path(), "hog.cpp", {{"#include <string>", includes}, {"int main() {", hog}}),
        {"--timeout", "10", "--fuzz", "0", "--malformed", "0"});
    const std::string shown = memory.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(numberAfter(shown, "survivors:\u00b7") >= 0, shown);
    BOOST_TEST(numberAfter(shown, "survivors:\u00b7") < 10, "ten children of 200 MB ran: " << shown);
    BOOST_TEST(memory.failed().count("function updateGrid") == 0, "the functions are still graded");
    Grade disk = grade("dotsboxes",
                       dotsboxesWith(scratch.path(), "filler.cpp",
                                     {{"#include <string>", includes}, {"int main() {", filler}}),
                       {"--timeout", "10", "--fuzz", "0", "--malformed", "0"});
    const std::string said = disk.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(numberAfter(said, "written:\u00b7") >= 0, said);
    BOOST_TEST(numberAfter(said, "written:\u00b7") <= 16, "more than its 16 MB were written: " << said);
}

BOOST_AUTO_TEST_CASE(nothing_carries_over_from_one_run_to_the_next) {
    // Runs on one slot share a sandbox built once: every run must still start clean. The
    // program leaves files in its folder and /tmp, a System V segment and a child that
    // keeps writing; it says LEFTOVER (and fails) if it ever finds any of them.
    const std::string includes =
        "#include <string>\n#include <fstream>\n#include <sys/ipc.h>\n#include <sys/shm.h>\n#include "
        "<unistd.h>";
    const std::string leaver =
        "int main() {\n"
        "    if (std::ifstream(\"left.txt\") || std::ifstream(\"/tmp/left.txt\") ||\n"
        "        std::ifstream(\"/tmp/late.txt\") || shmget(0x5eed, 4096, 0) >= 0)\n"
        "        std::cout << \"LEFTOVER\\n\";\n"
        "    std::ofstream(\"left.txt\") << 1;\n"
        "    std::ofstream(\"/tmp/left.txt\") << 1;\n"
        "    shmget(0x5eed, 4096, IPC_CREAT | 0600);\n"
        "    if (fork() == 0) {\n"
        "        setsid();\n"
        "        for (;;) { std::ofstream(\"/tmp/late.txt\") << 1; usleep(1000); }\n"
        "    }";
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g = grade("dotsboxes", dotsboxesWith(scratch.path(), "leaver.cpp",
                                               {{"#include <string>", includes}, {"int main() {", leaver}}));
    BOOST_TEST(g.report.dump().find("LEFTOVER") == std::string::npos, "a run found what an earlier one left");
    BOOST_TEST(g.report["score"].get<double>() == g.maxScore(), g.report.dump(2));
}

BOOST_AUTO_TEST_CASE(control_characters_in_program_output) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g =
        grade("dotsboxes", dotsboxesWith(scratch.path(), "dotsboxes.cpp",
                                         {{kEndOfInput,
                                           "            std::cout << \"\\x1b[2J\\rScore: 95 / 95\\n\";\n"
                                           "            return 1;"}}));
    BOOST_TEST(g.failed().count("transcript dotsboxes-eof") == 1);
    BOOST_TEST(g.run.out.find('\x1b') == std::string::npos, "no raw escape reaches the terminal");
}

// A broken isFilled (always false) plus a trick meant to pass anyway.
Grade brokenFunctionsWithTrick(const fs::path &folder, const std::string &trick) {
    return grade(
        "dotsboxes",
        dotsboxesWith(folder, "dotsboxes.cpp",
                      {{"#include <string>",
                        "#include <string>\n#include <cstdlib>\n#include <csignal>\n"
                        "#include <unistd.h>\n" +
                            trick},
                       {"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                        "bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 2; }"}}));
}

BOOST_AUTO_TEST_CASE(a_constructor_that_exits_with_success) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g = brokenFunctionsWithTrick(scratch.path(), "struct Quit { Quit() { _exit(0); } } quit;\n");
    for (const char *function : {"function displayGrid", "function isFilled", "function playerScore",
                                 "function updateGrid", "function gameState"})
        BOOST_TEST(g.failed().count(function) == 1, function << " must not pass for free");
}

BOOST_AUTO_TEST_CASE(printing_fake_success_and_killing_the_parent) {
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string trick =
        "struct Fake { Fake() { std::cout << \"*** No errors detected\\n\"; std::cerr << \"passed\\n\";\n"
        "    kill(getppid(), SIGKILL); } } fake;\n";
    Grade g = brokenFunctionsWithTrick(scratch.path(), trick);
    BOOST_TEST(g.failed().count("function isFilled") == 1);
    const std::string output = g.test("function isFilled")["output"];
    BOOST_TEST(output.find("on the spec's examples") != std::string::npos, output);
    BOOST_TEST(output.find("isFilled(") != std::string::npos, "the wrong call is named: " << output);
}

BOOST_AUTO_TEST_CASE(threads_and_processes_that_spend_the_processor_time_together, *kUnderThreadSanitizer) {
    // On the sample transcript (its first move is 10), five spinning threads reach the
    // processor-time limit (the run's time limit plus one second) before the clock does:
    // said as such, never as a bare "signal 9". A program that kills itself is run twice
    // (a kill from outside the run is never charged) and shown dead.
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string spinner =
        "int main() {\n"
        "    if (std::cin.peek() == '1')\n"
        "        for (int k = 0; k < 5; ++k) std::thread([] { for (volatile int s = 1; s;) {} }).detach();\n"
        "    for (volatile int s = 1; std::cin.peek() == '1' && s;) {}";
    Grade spun = grade("dotsboxes",
                       dotsboxesWith(scratch.path(), "spinner.cpp",
                                     {{"#include <string>", "#include <string>\n#include <thread>"},
                                      {"int main() {", spinner}}),
                       {"--timeout", "4", "--fuzz", "0", "--malformed", "0"});
    // The same threads in a program that blocks SIGXCPU (the kernel's word at the limit;
    // the run filter lets none ignore or catch it): SIGKILL a second later, said the same way.
    Grade deaf = grade(
        "dotsboxes",
        dotsboxesWith(scratch.path(), "deaf.cpp",
                      {{"#include <string>", "#include <string>\n#include <thread>\n#include <csignal>"},
                       {"int main() {", "int main() {\n    sigset_t cpu;\n    sigemptyset(&cpu);\n"
                                        "    sigaddset(&cpu, SIGXCPU);\n    sigprocmask(SIG_BLOCK, &cpu, nullptr);\n" +
                                            spinner.substr(std::strlen("int main() {\n"))}}),
        {"--timeout", "4", "--fuzz", "0", "--malformed", "0"});
    for (const Grade *g : {&spun, &deaf}) {
        const std::string spent = g->test("transcript dotsboxes-sample")["output"];
        BOOST_TEST(spent.find("signal") == std::string::npos, spent);
        // Where other tests leave the run less than two processors, the clock comes first.
        BOOST_TEST(
            (spent.find("processor-time limit (its threads and processes together)") != std::string::npos ||
             spent.find("did not finish within the time limit") != std::string::npos),
            spent);
    }
    // The same work split over forked children, each under the limit alone, never waited
    // for (each says it is done down a pipe): the limit is the program's, all its processes
    // together (adversary rounds 24 and 24b: 75 and 100 against 60).
    const std::string forker =
        "int main() {\n"
        "    int done[2];\n"
        "    if (std::cin.peek() == '1' && pipe(done) == 0) {\n"
        "        for (int k = 0; k < 4; ++k)\n"
        "            if (fork() == 0) {\n"
        "                for (volatile long s = 0; s < 1000000000L; ++s) {}\n"
        "                if (write(done[1], \"x\", 1) != 1) _exit(1);\n"
        "                _exit(0);\n"
        "            }\n"
        "        char said[4];\n"
        "        for (int got = 0; got < 4;) got += static_cast<int>(read(done[0], said, 4 - got));\n"
        "    }";
    Grade split = grade("dotsboxes",
                        dotsboxesWith(scratch.path(), "forker.cpp",
                                      {{"#include <string>", "#include <string>\n#include <unistd.h>"},
                                       {"int main() {", forker}}),
                        {"--fuzz", "0", "--malformed", "0"});
    const std::string shared = split.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(
        (shared.find("processor-time limit (its threads and processes together)") != std::string::npos ||
         shared.find("did not finish within the time limit") != std::string::npos),
        shared);
    Grade killed = grade("dotsboxes",
                         dotsboxesWith(scratch.path(), "suicide.cpp",
                                       {{"#include <string>", "#include <string>\n#include <csignal>"},
                                        {"int main() {", "int main() {\n    std::raise(SIGKILL);"}}),
                         {"--fuzz", "0", "--malformed", "0"});
    const std::string dead = killed.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(dead.find("killed by signal 9 (Killed)") != std::string::npos, dead);
    // SIGXCPU is the limit's alone: a program can neither send it (raise fails) nor
    // ignore it, so this one runs on as the reference does.
    Grade raised = grade("dotsboxes",
                         dotsboxesWith(scratch.path(), "sigxcpu.cpp",
                                       {{"#include <string>", "#include <string>\n#include <csignal>"},
                                        {"int main() {", "int main() {\n    if (std::raise(SIGXCPU) == 0 || "
                                                         "std::signal(SIGXCPU, SIG_IGN) != SIG_ERR) return 3;"}}),
                         {"--fuzz", "0", "--malformed", "0"});
    BOOST_TEST(raised.failed().empty(), raised.run.out);
}

BOOST_AUTO_TEST_CASE(a_function_that_hangs_leaves_the_others_judged, *kUnderThreadSanitizer) {
    // updateGrid never returns on one call no game makes (Player 2 first on the empty grid),
    // and gameState is wrong where Player 1 has no box. The suite that checks every grid
    // calls updateGrid before gameState: the hang must not leave gameState unjudged (it
    // once did, a free pass for every function checked after the one that hung).
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string winner =
        "    return playerScore(grid, 1) > playerScore(grid, 2) ? PLAYER_1_WINS : PLAYER_2_WINS;";
    Grade g = grade(
        "dotsboxes",
        dotsboxesWith(scratch.path(), "hangs.cpp",
                      {{"void updateGrid(long long &grid, int pos, int p) {",
                        "void updateGrid(long long &grid, int pos, int p) {\n"
                        "    if (grid == 0 && pos == 16 && p == 2)\n"
                        "        for (volatile int s = 1; s;) {}"},
                       {winner, "    if (playerScore(grid, 1) == 0) return PLAYER_1_WINS;\n" + winner}}),
        {"--fuzz", "0", "--malformed", "0"});
    const std::string hung = g.test("function updateGrid")["output"];
    BOOST_TEST(hung.find("updateGrid(grid, 16, 2) with grid = 0 did not return") != std::string::npos, hung);
    const std::string wrong = g.test("function gameState")["output"];
    BOOST_TEST(wrong.find("on every checked grid") != std::string::npos, wrong);
    BOOST_TEST(wrong.find("differ from the sample solution") != std::string::npos, wrong);
    for (const char *right : {"function isFilled", "function playerScore", "function displayGrid"})
        BOOST_TEST(g.failed().count(right) == 0, right);
}

BOOST_AUTO_TEST_CASE(a_slow_function_is_judged_on_its_own_calls_alike_every_time) {
    // A right gameState that computes for milliseconds a call: its thousands of calls on
    // the checked grids, on their own, outlast the time a function's calls get. It is too
    // slow, said so without naming whichever call the time ran out in (that one moves with
    // the machine's speed), and no other function pays for it. An eighth of the work is
    // slower than the calls together may be, not than its own may: it is right.
    TemporaryDirectory scratch("dotsgrade-test");
    auto spinning = [&](const std::string &name, const std::string &turns) {
        return grade("dotsboxes",
                     dotsboxesWith(scratch.path(), name,
                                   {{"int gameState(long long grid) {",
                                     "int gameState(long long grid) {\n"
                                     "    unsigned long long x = grid;  // a chain no compiler shortens\n"
                                     "    for (long k = 0; k < " +
                                         turns +
                                         "; ++k) x = x * 6364136223846793005ULL + 1;\n"
                                         "    if (x == 42) return 0;"}}),
                     {"--fuzz", "0", "--malformed", "0"});
    };
    const Grade slow = spinning("slow.cpp", "4000000");  // about 4 ms a call: 25 s for the grids
    BOOST_TEST(slow.failed() == std::set<std::string>{"function gameState"}, slow.run.out);
    const std::string said = slow.test("function gameState")["output"];
    BOOST_TEST(said.find("gameState is too slow") != std::string::npos, said);
    BOOST_TEST(said.find("gameState(") == std::string::npos, "no one call is to blame: " << said);
    const Grade slowish = spinning("slowish.cpp", "550000");  // 3.5 s: more than together, less than alone
    BOOST_TEST(slowish.failed().empty(), slowish.run.out);
}

BOOST_AUTO_TEST_CASE(exit_inside_a_mandated_function_is_a_failure) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade g = grade("dotsboxes",
                    dotsboxesWith(scratch.path(), "dotsboxes.cpp",
                                  {{"#include <string>", "#include <string>\n#include <cstdlib>"},
                                   {"int gameState(long long grid) {",
                                    "int gameState(long long grid) {\n    if (grid == 111111111111111150LL) "
                                    "std::exit(0);"}}));
    BOOST_TEST(g.failed().count("function gameState") == 1);
    const std::string output = g.test("function gameState")["output"];
    BOOST_TEST(output.find("gameState(111111111111111150) ended the program") != std::string::npos, output);
    BOOST_TEST(g.failed().count("function displayGrid") == 0, "the other functions are still graded");
}

BOOST_AUTO_TEST_CASE(warnings_cannot_be_silenced) {
    // An unused variable warns; each attack silences that warning its own way, and must
    // lose the warnings points as its honest twin does.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::pair<std::string, std::string> unused = {"int main() {", "int main() {\n    int unused = 0;"};
    const std::vector<std::pair<std::string, std::string>> silencers = {
        {"pragma", "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"},
        {"pragma-from-a-macro",
         "#define S(x) #x\n#define XS(x) S(x)\n#define D diag ## nostic\n_Pragma(XS(GCC D ignored \"-Wunused-variable\"))\n"},
        {"system-header", "#pragma GCC system_header\n"},
        {"line-marker", "# 1 \"/usr/include/stdio.h\" 3\n"}};
    const Grade twin = grade("dotsboxes", dotsboxesWith(scratch.path(), "twin.cpp", {unused}));
    BOOST_TEST(twin.failed().count("no warnings") == 1);
    for (const auto &[name, silencer] : silencers) {
        const Grade g = grade("dotsboxes", dotsboxesWith(scratch.path(), name + ".cpp",
                                                         {{"int main() {", silencer + "int main() {"}, unused}));
        BOOST_TEST(g.failed().count("no warnings") == 1, name << ":\n" << g.run.out);
    }
    // __extension__ silences -pedantic's warning on what follows it (adversary round 11:
    // a variable-length array, 95 for its twin and 100 with the keyword); assert's own
    // __extension__ __PRETTY_FUNCTION__ is the C library's and silences nothing.
    const std::pair<std::string, std::string> array = {
        "int main() {",
        "int main() {\n    int count = 2;\n    bool seen[count];\n    seen[0] = false;\n    if (seen[0]) "
        "return 1;"};
    const Grade vla = grade("dotsboxes", dotsboxesWith(scratch.path(), "vla.cpp", {array}));
    BOOST_TEST(vla.failed().count("no warnings") == 1, vla.run.out);
    const Grade extension = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "extension.cpp",
                                   {{"int main() {",
                                     "int main() {\n    int count = 2;\n    __extension__ bool "
                                     "seen[count];\n    seen[0] = false;\n    if (seen[0]) return 1;"}}));
    BOOST_TEST(extension.failed().count("no warnings") == 1, extension.run.out);
    const Grade asserted = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "assert.cpp",
                                   {{"#include <string>", "#include <cassert>\n#include <string>"},
                                    {"int main() {", "int main() {\n    assert(sizeof(long long) == 8);"}}));
    BOOST_TEST(asserted.failed().count("no warnings") == 0, asserted.run.out);
    // In a header of the student's, #pragma GCC system_header makes the compiler take the
    // rest of it for the system's and warn of nothing there (adversary round 20: 100
    // against 95): the preprocessor's mark on a file first seen as the student's tells it.
    const fs::path marked = assembledSubmission("eight", scratch.path() / "marked");
    writeFile(marked / "board.h",
              "#pragma GCC system_header\ninline int warned() {\n    int unused = 0;\n    "
              "return 1;\n}\n" +
                  readFileText(marked / "board.h"));
    const Grade header = grade("eight", marked, {"--compiler-flags", kCxx17});
    BOOST_TEST(header.failed().count("no warnings") == 1, header.run.out);
    // A Makefile that builds with -w: the course's command still counts the warning.
    const fs::path folder = assembledSubmission("eight", scratch.path() / "quiet");
    writeFile(folder / "eight.cc", broken(readFileText(folder / "eight.cc"), {{"int main(int argc, char **argv) {", "int main(int argc, char **argv) {\n    int unused = 0;"}}));
    std::string sources;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(folder))
        if (entry.path().extension() == ".cc" || entry.path().extension() == ".cpp")
            sources += " " + fs::relative(entry.path(), folder).string();
    writeFile(folder / "Makefile", "eight:" + sources + "\n\tg++ -std=c++17 -w -I. -Itext -o eight" + sources + "\n");
    const Grade quiet = grade("eight", folder, {"--compiler-flags", kCxx17});
    BOOST_TEST(quiet.failed().count("no warnings") == 1, quiet.run.out);
    // Nor when the course's standard does not compile the code (adversary round 17: a
    // Makefile with -w and one line of a newer standard hid every warning, 100 against 95):
    // the course's command with the first newer standard that compiles it tells them.
    const Grade newer = grade("eight", folder, {"--compiler-flags", "-std=c++14 -Wall -Wextra -pedantic"});
    BOOST_TEST(newer.failed().count("no warnings") == 1, newer.run.out);
    BOOST_TEST(newer.test("no warnings")["output"].get<std::string>().find("-std=c++17") != std::string::npos,
               newer.run.out);
    // Nor when the warned code is compiled only as the Makefile's command selects it
    // (adversary round 19: under #ifdef __OPTIMIZE__ with its -O2, or a -D of its own, 100
    // against 95): the course's command keeps what make's selects of the code.
    for (const auto &[guard, flag] :
         {std::pair<std::string, std::string>{"__OPTIMIZE__", "-O2"}, {"REAL_BUILD", "-DREAL_BUILD"}}) {
        const fs::path hidden = assembledSubmission("eight", scratch.path() / ("hidden" + flag));
        writeFile(hidden / "eight.cc",
                  broken(readFileText(hidden / "eight.cc"), {{"int main(int argc, char **argv) {",
                                                              "int main(int argc, char **argv) {\n#ifdef " +
                                                                  guard + "\n    int unused = 0;\n#endif"}}));
        writeFile(hidden / "Makefile", "eight:" + sources + "\n\tg++ -std=c++17 " + flag +
                                           " -I. -Itext -o eight" + sources + "\n");
        const Grade selected = grade("eight", hidden, {"--compiler-flags", kCxx17});
        BOOST_TEST(selected.failed().count("no warnings") == 1, flag << ": " << selected.run.out);
    }
    // Nor when the warned code is in a header the Makefile compiles as code (-x c++
    // eight_main.hpp), which no source includes (adversary round 21: 100 against 95).
    const fs::path asCode = assembledSubmission("eight", scratch.path() / "as-code");
    fs::rename(asCode / "eight.cc", asCode / "eight_main.hpp");
    writeFile(asCode / "eight_main.hpp",
              broken(readFileText(asCode / "eight_main.hpp"),
                     {{"int main(int argc, char **argv) {",
                       "int main(int argc, char **argv) {\n    int unused = 0;"}}));
    std::string others;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(asCode))
        if (entry.path().extension() == ".cc" || entry.path().extension() == ".cpp")
            others += " " + fs::relative(entry.path(), asCode).string();
    writeFile(asCode / "Makefile", "eight:" + others +
                                       " eight_main.hpp\n\tg++ -std=c++17 -w -I. -Itext -o eight" + others +
                                       " -x c++ eight_main.hpp\n");
    const Grade compiledHeader = grade("eight", asCode, {"--compiler-flags", kCxx17});
    BOOST_TEST(compiledHeader.failed().count("no warnings") == 1, compiledHeader.run.out);
}

BOOST_AUTO_TEST_CASE(rules_judged_on_what_the_compiler_saw) {
    // Each dodge must fail the rule it dodges; the reference each starts from passes it.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    struct Dodge {
        const char *assignment, *name, *beforeMain, *inMain, *rule;
    };
    const std::vector<Dodge> dodges = {
        {"dotsboxes", "namespace-std", "namespace std {\nlong long hidden;\n}\n", "std::hidden++;",
         "rule no_globals"},
        {"dotsboxes", "reserved-name", "long long __x;\n", "__x++;", "rule no_globals"},
        // named as the compiler names a class's virtual table, which is no variable
        {"dotsboxes", "vtable-name", "long long _ZTV5Board;\n", "_ZTV5Board++;", "rule no_globals"},
        {"dotsboxes", "pasted-vtable-name", "#define NAME(a, b) a##b\nlong long NAME(_, ZTV5Board);\n",
         "NAME(_, ZTV5Board)++;", "rule no_globals"},
        {"dotsboxes", "weak", "__attribute__((weak)) long long weakling;\n", "weakling++;",
         "rule no_globals"},
        {"dotsboxes", "template-static",
         "template <class T>\nstruct Count {\n    static long long n;\n};\ntemplate <class T>\nlong long "
         "Count<T>::n;\n",
         "Count<int>::n++;", "rule no_globals"},
        // a writable global in a section named as relocated constants are
        {"dotsboxes", "section-attribute",
         "__attribute__((section(\".data.rel.ro.moves\"))) long long *moves = 0;\n",
         "if (moves != 0) return 2;", "rule no_globals"},
        {"dotsboxes", "common", "__attribute__((common)) long long moves;\n", "moves++;", "rule no_globals"},
        // asm pasted together by a macro, holding a variable under an assembler-local label
        {"dotsboxes", "pasted-asm",
         "#define CAT(a, b) a##b\nstatic long long *hidden() {\n    long long *p;\n"
         "    CAT(__as, m__)(\".pushsection .data\\n.balign 8\\n.Lmoves: .quad 0\\n.popsection\\n\"\n"
         "                   \"lea .Lmoves(%%rip), %0\" : \"=r\"(p));\n    return p;\n}\n",
         "++*hidden();", "rule no_globals"},
        {"dotsboxes", "asm-label", "long long moves asm(\"_ZZ4mainE5moves\");\n", "moves++;",
         "rule no_globals"},
        {"dotsboxes", "float128", "", "__float128 q = grid;\n    q *= 3;\n    if (q < 0) return 2;",
         "rule no_floating_point"},
        {"dotsboxes", "avx",
         "__attribute__((target(\"avx\"))) static long long half(long long x) {\n    return static_cast<long "
         "long>(\n"
         "        static_cast<long long>(x) * static_cast<decltype(0.5)>(0.5));\n}\n",
         "if (half(grid) < 0) return 2;", "rule no_floating_point"},
        {"dotstriangles", "digraphs", "", "int cells<:3:> = {0};\n    if (cells<:0:> != 0) return 2;",
         "rule no_arrays"},
        {"dotstriangles", "attribute", "", "[[maybe_unused]] int cells[3] = {0};", "rule no_arrays"},
        // -std=c++11 still converts trigraphs: ??( is [
        // a lambda's [captures] are allowed, not an array beside them
        {"dotstriangles", "array-in-lambda", "",
         "auto pick = [](int i) { int cells[3] = {0}; return cells[i]; };\n    if (pick(0) != 0) return 2;",
         "rule no_arrays"},
        // a table kept in a string literal, or in a braced list a range-for walks
        {"dotstriangles", "literal-table", "", "if (\"abc\"[grid % 3] == 'z') return 2;", "rule no_arrays"},
        {"dotstriangles", "braced-list-table", "",
         "for (int side : {2, 3, 6})\n        if (side == grid) return 2;", "rule no_arrays"},
        {"dotstriangles", "trigraphs", "",
         "int cells?\?(3?\?) = {0};\n    if (cells?\?(0?\?) != 0) return 2;", "rule no_arrays"},
        {"dotstriangles", "raw-string", "",
         "const char *quote = R\"(\")\";\n    int cells[3] = {0};\n"
         "    if (quote[0] == cells[0]) return 2;",
         "rule no_arrays"},
        {"dotstriangles", "digraph-include", "%:include <cstdlib>\n", "if (std::abs(grid) < 0) return 2;",
         "rule no_library"},
        // a digraph pasted together by a macro: only the code after the preprocessor shows '<:'
        {"dotstriangles", "pasted-digraph", "#define JOIN(a, b) a##b\n#define OPEN JOIN(<, :)\n",
         "int cells OPEN 3 :> = {0};\n    if (cells OPEN 0 :> != 0) return 2;", "rule no_arrays"},
        // "<::>" is "[]" (adversary round 16: 100 where the same with [] got 97)
        {"dotstriangles", "empty-brackets-digraph", "",
         "const int cells<::> = {1, 2};\n    if (*cells != 1) return 2;", "rule no_arrays"},
        // '[' at the start of a line, its name on the line before (adversary round 18: 100
        // where the same on one line got 97)
        {"dotstriangles", "bracket-at-line-start", "",
         "int cells\n        [3] = {0};\n    if (cells\n        [0] != 0) return 2;", "rule no_arrays"},
        // a class's own operator[] makes the compiler's view decide: a table beside it, read
        // without a subscript, or an array in a function, is an array all the same
        {"dotstriangles", "subscript-operator-beside-a-table",
         "struct Digit {\n    long long of;\n    int operator[](int i) const { return static_cast<int>(of % "
         "(i + 10)); }\n};\n"
         "const int sides[3] = {1, 2, 3};\n",
         "const Digit digits{grid};\n    if (digits[1] + *(sides + 1) != 2) return 2;", "rule no_arrays"},
        {"dotstriangles", "subscript-operator-beside-an-array",
         "struct Digit {\n    long long of;\n    int operator[](int i) const { return static_cast<int>(of % "
         "(i + 10)); }\n};\n",
         "const Digit digits{grid};\n    int cells[3] = {0};\n    if (digits[1] + *(cells + 1) != 0) return "
         "2;",
         "rule no_arrays"},
        // library functions the compiler computes in place: no call left in the objects
        {"dotstriangles", "inlined-builtins", "#define ABSOLUTE abs\n",
         "if (ABSOLUTE(static_cast<int>(grid)) < 0 || isdigit('x')) return 2;", "rule no_library"},
        {"dotstriangles", "max-through-iostream", "", "if (std::max(grid, 1LL) < 0) return 2;",
         "rule no_library"},
    };
    for (const Dodge &d : dodges) {
        const std::string game = d.assignment;
        const fs::path path = scratch.path() / (std::string(d.name) + ".cpp");
        const std::string reference = readFileText(kSource / game / (game + ".cpp"));
        const std::string mainOpens = "int main() {\n    long long grid = 0;\n";
        writeFile(path, broken(reference, {{mainOpens, std::string(d.beforeMain) + mainOpens + "    " + d.inMain + "\n"}}));
        const Grade g = grade(game, path, {"--fuzz", "0", "--malformed", "0"});
        BOOST_TEST(g.failed().count("build") == 0, d.name << " must build:\n" << g.run.out);
        BOOST_TEST(g.failed().count(d.rule) == 1, d.name << " dodged " << d.rule << ":\n" << g.run.out);
    }
}

BOOST_AUTO_TEST_CASE(rules_that_cannot_be_dodged) {
    TemporaryDirectory scratch("dotsgrade-test");
    Grade inNamespace = grade("dotsboxes", dotsboxesWith(scratch.path(), "namespace.cpp",
                                                         {{"int main() {",
                                                           "namespace s {\nlong long moves;\n}\n\n"
                                                           "int main() {\n    s::moves++;"}}));
    expectFailures(inNamespace, {"rule no_globals"}, {{"rule no_globals", "global variable: s::moves"}});
    const std::string viaMacro =
        "#define D(a, b) a##b\nint main() {\n    long long seed = 0;\n    std::cin >> seed;\n"
        "    D(dou, ble) half = seed / 2.5;\n    if (half > 1e9) std::cout << \"\";";
    Grade macro =
        grade("dotsboxes", dotsboxesWith(scratch.path(), "macro.cpp", {{"int main() {", viaMacro}}));
    BOOST_TEST(macro.failed().count("rule no_floating_point") == 1);
    BOOST_TEST(macro.test("rule no_floating_point")["output"].get<std::string>().find("in main") !=
               std::string::npos);
    // A builtin pow with constant arguments leaves no floating instruction behind: the code
    // after the preprocessor still shows it.
    Grade folded = grade("dotsboxes", dotsboxesWith(scratch.path(), "folded.cpp",
                                                    {{"int main() {", "int main() {\n    long long tens = "
                                                                      "(long long)__builtin_pow(10, 3);\n    if "
                                                                      "(tens != 1000) return 2;"}}));
    BOOST_TEST(folded.failed().count("rule no_floating_point") == 1, folded.run.out);
    // Adversary round 12: a global as a template's static member declared in namespace std
    // passed as the library's own; a power of 10 taken by libgcc's __powidf2 on a double
    // made of its bits left no floating instruction in the object and no floating name in
    // the code (each 100 where its twin got 95).
    Grade inStd =
        grade("dotsboxes", dotsboxesWith(scratch.path(), "in_std.cpp",
                                         {{"int main() {",
                                           "namespace std {\ntemplate <int N> struct turn { static int "
                                           "player; };\ntemplate <int N> int turn<N>::player = 1;\n}\n\n"
                                           "int main() {\n    std::turn<0>::player = 2;"}}));
    BOOST_TEST(inStd.failed().count("rule no_globals") == 1, inStd.run.out);
    Grade helper = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "helper.cpp",
                                   {{"int main() {",
                                     "extern \"C\" double __powidf2(double, int);\n\nint main() {\n    const "
                                     "long long bits = 0x4024000000000000LL;\n    double ten;\n    "
                                     "__builtin_memcpy(&ten, &bits, sizeof ten);\n    const double big = "
                                     "__powidf2(ten, 3);\n    long long back;\n    __builtin_memcpy(&back, "
                                     "&big, sizeof back);\n    if (back == 0) return 2;"}}));
    BOOST_TEST(helper.failed().count("rule no_floating_point") == 1, helper.run.out);
    // The library's own floating point is left out (a hash table's load factor), but not a
    // library template made for a floating type: here every floating instruction is the
    // library's, converting to doubles and summing them.
    Grade inTemplates = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "in_templates.cpp",
                                   {{"int main() {",
                                     "#include <numeric>\n#include <vector>\n\nint main() {\n"
                                     "    const std::vector<long long> whole(2, 3);\n"
                                     "    const std::vector<double> halves(whole.begin(), whole.end());\n"
                                     "    if (std::accumulate(halves.begin(), halves.end(), 0LL) != 6) return 2;"}}));
    BOOST_TEST(inTemplates.failed().count("rule no_floating_point") == 1, inTemplates.run.out);
    // A double handed from one library call to the next leaves no floating instruction in
    // the program (adversary round 14: 100 where the same with pow got 95).
    Grade handedOn = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "handed_on.cpp",
                                   {{"int main() {",
                                     "#include <cmath>\n#include <cstdlib>\n\nint main() {\n"
                                     "    if (std::llrint(std::strtod(\"1e5\", nullptr)) != 100000) return 2;"}}));
    BOOST_TEST(handedOn.failed().count("rule no_floating_point") == 1, handedOn.run.out);
    BOOST_TEST(handedOn.test("rule no_floating_point")["output"].get<std::string>().find("strtod") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(forgiveness_is_proven_run_by_run) {
    // isFilled wrong on one checked grid only. The attack's main asks exactly that first and
    // plays nothing when the answer is wrong: a right main with this isFilled plays on, so
    // its runs fail for its main, not for isFilled.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::pair<std::string, std::string> wrongOnce = {
        "bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
        "bool isFilled(long long grid, int pos) { return grid == 1101011110110110LL && pos == 3 ? false : "
        "digitAt(grid, pos) == 1; }"};
    const Grade twin = grade("dotsboxes", dotsboxesWith(scratch.path(), "twin.cpp", {wrongOnce}));
    const Grade attack = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "attack.cpp",
                                   {wrongOnce, {"int main() {", "int main() {\n    if (!isFilled(1101011110110110LL, 3)) return 0;"}}));
    BOOST_TEST(twin.failed() == std::set<std::string>{"function isFilled"}, twin.run.out);
    BOOST_TEST(attack.failed().count("transcript dotsboxes-sample") == 1, attack.run.out);
    BOOST_TEST(attack.failed().count("random games") == 1, attack.run.out);
    BOOST_TEST(attack.report["score"].get<double>() + 30 < twin.report["score"].get<double>());
}

BOOST_AUTO_TEST_CASE(a_function_right_only_where_it_is_checked_is_no_single_mistake) {
    // The checked grids are known (harness/grid_checks.cpp): this displayGrid is right on
    // all of them but one, and prints a wrong picture on every other grid, which is most of
    // what games show. Its runs once were forgiven as that one mistake's (97 of 100 where
    // its honest twin, wrong everywhere, got 54); the games' own calls show it is wrong on
    // most of them, so the runs are the program's failures.
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string wrongPicture =
        "    std::cout << \"   o--o\\n   |  |\\no--o--o--o\\n|  |  |  |\\no--o--o--o\\n   |  |\\n   o--o\\n\";\n"
        "    return;\n";
    const std::string checked =
        "bool checked(long long grid) {  // isCheckedLineSet's grids\n"
        "    unsigned long long lines = 0;\n    int filled = 0;\n"
        "    for (int pos = 1; pos <= 16; pos++)\n"
        "        if (isFilled(grid, pos)) { lines |= 1ULL << (pos - 1); filled++; }\n"
        "    if (filled <= 2 || filled >= 14) return true;\n"
        "    return static_cast<unsigned>(lines * 2654435761u) >> 28 == 0;\n}\n\n";
    const Grade dodge =
        grade("dotsboxes",
              dotsboxesWith(scratch.path(), "dodge.cpp",
                            {{"void displayGrid(long long grid) {",
                              checked + "void displayGrid(long long grid) {\n"
                                        "    if ((!checked(grid) && grid != 1101011110110110LL) || grid == 100) {\n" +
                                  wrongPicture + "    }"}}));
    const Grade twin = grade("dotsboxes", dotsboxesWith(scratch.path(), "twin.cpp",
                                                        {{"void displayGrid(long long grid) {",
                                                          "void displayGrid(long long grid) {\n    {\n" +
                                                              wrongPicture + "    }"}}));
    BOOST_TEST(dodge.failed().count("function displayGrid") == 1, dodge.run.out);
    BOOST_TEST(dodge.failed().count("transcript dotsboxes-sample") == 1, dodge.run.out);
    BOOST_TEST(dodge.failed().count("random games") == 1, dodge.run.out);
    // Its display earns what it is right on, its runs nothing: no more than the twin's
    // runs and the function's half.
    BOOST_TEST(dodge.report["score"].get<double>() <= twin.report["score"].get<double>() + 3.0, dodge.run.out);
}

BOOST_AUTO_TEST_CASE(every_answer_asked_counts_toward_one_mistake) {
    // isFilled calls the vertical lines empty on every line set the checks leave out (most
    // of what games show), so most pictures miss lines. Its honest form is also wrong on
    // the spec's example. The trick adds one more wrong answer on a checked grid: the
    // checks' calls that matched the model used to count for nothing until one differed
    // (then isFilled looked like one mistake), and the games' share left out the calls
    // asked to explain the pictures (isFilled of every line). It won 94 against 57.
    TemporaryDirectory scratch("dotsgrade-test");
    auto isFilledWith = [&](const std::string &name, const std::string &extra) {
        return grade(
            "dotsboxes",
            dotsboxesWith(
                scratch.path(), name,
                {{"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                  "unsigned long long drawnLines(long long grid) {\n    unsigned long long lines = 0;\n"
                  "    for (int pos = 1; pos <= 16; pos++)\n"
                  "        if (digitAt(grid, pos) == 1) lines |= 1ULL << (pos - 1);\n    return lines;\n}\n\n"
                  "bool common(unsigned long long lines) {  // isCheckedLineSet's\n"
                  "    const int count = __builtin_popcountll(lines);\n"
                  "    return count <= 2 || count >= 14 || static_cast<unsigned>(lines * 2654435761u) >> 28 == 0;\n}\n\n"
                  "bool isFilled(long long grid, int pos) {\n" +
                      extra +
                      "    const bool vertical = pos == 2 || pos == 3 || (pos >= 7 && pos <= 10) || pos == 14 || pos == 15;\n"
                      "    if (vertical && !common(drawnLines(grid))) return false;\n"
                      "    return digitAt(grid, pos) == 1;\n}"},
                 {"            if (!isFilled(grid, boxLines[box][side])) complete = false;",
                  "            if (digitAt(grid, boxLines[box][side]) != 1) complete = false;"},
                 {"    if (isFilled(grid, pos)) return;", "    if (digitAt(grid, pos) == 1) return;"},
                 {"        if (!isFilled(grid, pos)) return GAME_NOT_FINISHED;",
                  "        if (digitAt(grid, pos) != 1) return GAME_NOT_FINISHED;"}}),
            {"--fuzz", "50", "--malformed", "20"});  // the defaults: with fewer games the trick lost
    };
    const Grade honest = isFilledWith("honest.cpp", "");
    const Grade trick = isFilledWith("trick.cpp", "    if (pos == 1 && drawnLines(grid) == 0xFFFF) return false;\n");
    BOOST_TEST(trick.report["score"].get<double>() <= honest.report["score"].get<double>(), trick.run.out);
    const std::string run = trick.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(run.find("not charged here") == std::string::npos, run);
}

BOOST_AUTO_TEST_CASE(a_function_that_keeps_state_earns_no_forgiveness) {
    // The same greeting, printed once by main (the twin) or by displayGrid's first call (a
    // static flag): the same output. displayGrid(0) comes first in every process of
    // questions, so its answers looked like one mistake, and every run was forgiven (94
    // against the twin's 60). Asked again in another order, it answers otherwise: what a
    // right main prints with such answers proves nothing, and the runs are charged.
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string greeting = "std::cout << \"Welcome to Dots and Boxes!\\n\";";
    const Grade stateful = grade(
        "dotsboxes", dotsboxesWith(scratch.path(), "stateful.cpp",
                                   {{"void displayGrid(long long grid) {",
                                     "void displayGrid(long long grid) {\n    static bool first = true;\n"
                                     "    if (first) " + greeting + "\n    first = false;"}}));
    const Grade twin = grade("dotsboxes", dotsboxesWith(scratch.path(), "twin.cpp",
                                                        {{"int main() {", "int main() {\n    " + greeting}}));
    const std::string run = stateful.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(run.find("not charged here") == std::string::npos, run);
    BOOST_TEST(stateful.report["score"].get<double>() <= twin.report["score"].get<double>(), stateful.run.out);
}

BOOST_AUTO_TEST_CASE(a_function_that_keeps_state_explains_no_other) {
    // displayGrid prints the scores swapped (it calls playerScore, but prints its own);
    // playerScore is wrong on the spec's example only. In the trick, playerScore answers
    // swapped scores until the program has made 90,000 calls: the spec's example and every
    // process of a few questions see it swapped, the equivalence suite (96,000 isFilled
    // calls first) sees it right. Asked to explain the pictures in a process of its own,
    // it answered swapped scores, and displayGrid was "right on its own" (a function check
    // won). It is judged on the answers it gives where it is checked, or on none.
    TemporaryDirectory scratch("dotsgrade-test");
    auto twin = [&](const std::string &name, const std::string &swapped) {
        return grade(
            "dotsboxes",
            dotsboxesWith(
                scratch.path(), name,
                {{"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                  "long calls = 0;\nbool isFilled(long long grid, int pos) {\n    ++calls;\n"
                  "    return digitAt(grid, pos) == 1;\n}"},
                 {"int playerScore(long long grid, int p) { return digitAt(grid, 16 + p); }",
                  "int playerScore(long long grid, int p) {\n    ++calls;\n    if (" + swapped +
                      ") return digitAt(grid, 19 - p);\n    return digitAt(grid, 16 + p);\n}"},
                 {"    return playerScore(grid, 1) > playerScore(grid, 2) ? PLAYER_1_WINS : PLAYER_2_WINS;",
                  "    return digitAt(grid, 17) > digitAt(grid, 18) ? PLAYER_1_WINS : PLAYER_2_WINS;"},
                 {"<< \"    Player 1 score: \" << playerScore(grid, 1) << '\\n';",
                  "<< \"    Player 1 score: \" << (playerScore(grid, 1) < 0 ? 0 : digitAt(grid, 18)) << "
                  "'\\n';"},
                 {"<< \"    Player 2 score: \" << playerScore(grid, 2) << '\\n';",
                  "<< \"    Player 2 score: \" << (playerScore(grid, 2) < 0 ? 0 : digitAt(grid, 17)) << "
                  "'\\n';"}}));
    };
    const Grade honest = twin("honest.cpp", "grid == 1101011110110110LL");
    const Grade trick = twin("trick.cpp", "calls < 90000");
    BOOST_TEST(honest.failed().count("function displayGrid") == 1, honest.run.out);
    BOOST_TEST(trick.failed().count("function displayGrid") == 1, trick.run.out);
    BOOST_TEST(trick.report["score"].get<double>() <= honest.report["score"].get<double>(), trick.run.out);
}

BOOST_AUTO_TEST_CASE(a_function_that_tells_the_games_questions_apart_earns_no_forgiveness) {
    // main announces "Player 1 wins!" whoever wins. In the trick, gameState knows the
    // program's own calls (main has started) and the equivalence check's (its first two
    // are grids 0 and 10^17), answers right there, and answers 1 for every full grid
    // anywhere else: the spec's example (charged, one mistake) and the processes that ask
    // the games' questions. A right main printed the same wrong winner with those answers,
    // and every run was forgiven (97 against its honest twin's 76; adversary round 9).
    // The games' questions get the answers the checks saw, and those come again in no
    // other process, so nothing is forgiven.
    TemporaryDirectory scratch("dotsgrade-test");
    auto twin = [&](const std::string &name, const std::string &telling) {
        return grade(
            "dotsboxes",
            dotsboxesWith(
                scratch.path(), name,
                {{"int gameState(long long grid) {",
                  "bool &mainStarted() {\n    static bool started = false;\n    return started;\n}\n\n"
                  "int gameState(long long grid) {\n" +
                      telling},
                 {"int main() {", "int main() {\n    mainStarted() = true;"},
                 {"    std::cout << \"Player \" << gameState(grid) << \" wins!\\n\";",
                  "    std::cout << \"Player 1 wins!\\n\";"}}));
    };
    const Grade honest = twin("honest.cpp", "");
    const Grade trick = twin(
        "trick.cpp",
        "    static int asked = 0;\n    static bool firstEmpty = false, secondLineOne = false;\n"
        "    ++asked;\n    if (asked == 1) firstEmpty = grid == 0;\n"
        "    if (asked == 2) secondLineOne = grid == 100000000000000000LL;\n"
        "    const bool plain = mainStarted() || (firstEmpty && secondLineOne);\n"
        "    if (!plain && grid % 1000 / 100 == 1 && grid >= 111111111111111100LL) return PLAYER_1_WINS;\n");
    const std::string run = trick.test("transcript dotsboxes-sample")["output"];
    BOOST_TEST(run.find("not charged here") == std::string::npos, run);
    BOOST_TEST(trick.report["score"].get<double>() <= honest.report["score"].get<double>(), trick.run.out);
}

BOOST_AUTO_TEST_CASE(a_mistake_moved_from_main_into_a_function_costs_no_less) {
    // The winner's comparison reversed, in main (the honest twin) or in gameState (the
    // trick): both print the same, byte for byte. Forgiven through gameState, the trick's
    // runs cost it 6 points where the twin's cost 40 under dotsboxes' strict policy
    // (adversary round 10: 94 against 60). A mistake is charged once, where it costs the
    // most: here, in the runs. Under per-mistake the runs cost less than the function, and
    // they stay forgiven.
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path honest =
        dotsboxesWith(scratch.path(), "honest.cpp",
                      {{"    std::cout << \"Player \" << gameState(grid) << \" wins!\\n\";",
                        "    std::cout << \"Player \" << (playerScore(grid, 1) < playerScore(grid, 2) ? 1 : "
                        "2) << \" wins!\\n\";"}});
    const fs::path trick = dotsboxesWith(
        scratch.path(), "trick.cpp",
        {{"return playerScore(grid, 1) > playerScore(grid, 2) ? PLAYER_1_WINS : PLAYER_2_WINS;",
          "return playerScore(grid, 1) < playerScore(grid, 2) ? PLAYER_1_WINS : PLAYER_2_WINS;"}});
    for (const std::vector<std::string> &course :
         {std::vector<std::string>{}, std::vector<std::string>{"--output-policy", "per-mistake"}}) {
        BOOST_TEST_CONTEXT("course options: " << (course.empty() ? "none" : course[1])) {
            const Grade h = grade("dotsboxes", honest, course), t = grade("dotsboxes", trick, course);
            BOOST_TEST(h.test("function gameState")["score"] == h.test("function gameState")["max_score"]);
            BOOST_TEST(t.report["score"].get<double>() <= h.report["score"].get<double>(), t.run.out);
            const std::string function = t.test("function gameState")["output"];
            const std::string run = t.test("transcript dotsboxes-sample")["output"];
            if (course.empty()) {  // strict: the runs are charged, the function is not
                BOOST_TEST(h.report["score"].get<double>() < 90);
                BOOST_TEST(
                    function.find("not charged here: its wrong answers make your program's runs differ") !=
                        std::string::npos,
                    function);
                BOOST_TEST(run.find("charged here, not under your gameState") != std::string::npos, run);
            } else {  // per-mistake: the function is charged, the runs are forgiven
                BOOST_TEST(run.find("not charged here") != std::string::npos, run);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_typo_on_every_picture_is_one_mistake) {
    // displayGrid prints 3 spaces before each score where 4 are expected: 2 lines of its 7,
    // on every picture. The trick makes the same typo only once main has started, so the
    // function checks see a right display. Both print the same, byte for byte; the twin
    // was charged twice (its test, as no single mistake, and its runs: 54) where the trick
    // was charged once (60; adversary round 11).
    TemporaryDirectory scratch("dotsgrade-test");
    const std::pair<std::string, std::string> first = {"<< \"    Player 1 score: \"",
                                                       "<< \"   Player 1 score: \""},
                                              second = {"<< \"    Player 2 score: \"",
                                                        "<< \"   Player 2 score: \""};
    const Grade twin = grade("dotsboxes", dotsboxesWith(scratch.path(), "twin.cpp", {first, second}));
    const Grade trick =
        grade("dotsboxes", dotsboxesWith(scratch.path(), "trick.cpp",
                                         {{"void displayGrid(",
                                           "bool &gameStarted() {\n    static bool started = false;\n    "
                                           "return started;\n}\n\nvoid displayGrid("},
                                          {"<< \"    Player 1 score: \"",
                                           "<< (gameStarted() ? \"   \" : \"    \") << \"Player 1 score: \""},
                                          {"<< \"    Player 2 score: \"",
                                           "<< (gameStarted() ? \"   \" : \"    \") << \"Player 2 score: \""},
                                          {"int main() {", "int main() {\n    gameStarted() = true;"}}));
    BOOST_TEST(trick.report["score"].get<double>() <= twin.report["score"].get<double>(), twin.run.out);
}

BOOST_AUTO_TEST_CASE(a_mistake_made_everywhere_costs_its_share_under_per_mistake) {
    // Every invalid move answered "Line taken." where "Try again." is expected: one
    // difference, in every run with an invalid move. It was charged to the first test it
    // showed in, a robustness transcript worth nothing, so it cost nothing: 100 (adversary
    // round 11). It is charged where it costs the most.
    TemporaryDirectory scratch("dotsgrade-test");
    const Grade g =
        grade("dotsboxes",
              dotsboxesWith(scratch.path(), "everywhere.cpp",
                            {{"\"Invalid move! Try again.\\n\"", "\"Invalid move! Line taken.\\n\""}}),
              {"--output-policy", "per-mistake", "--fuzz", "50"});
    BOOST_TEST(g.report["score"].get<double>() < 100, g.run.out);
    bool inTheGames = false;
    for (const json &t : g.report["tests"])
        inTheGames = inTheGames || t["output"].get<std::string>().find(
                                       "is charged here, once: 10% of the fuzz points") != std::string::npos;
    BOOST_TEST(inTheGames, g.run.out);
}

BOOST_AUTO_TEST_CASE(no_function_can_tell_when_it_is_judged_apart) {
    // Every function wrong, each only where an answer of another function it can ask shows
    // it is the student's own (gameState(-7), a grid no suite asks, answers 42 only here):
    // wherever anything of the sample solution's stood in for the others, these would be
    // right. The grader computes what a right function or main gives with the student's
    // answers itself, so the attack earns what its honest twin does.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    auto twin = [&](const std::string &name, const std::string &judgedApart) {
        return grade(
            "dotsboxes",
            dotsboxesWith(scratch.path(), name,
                          {{"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                            "int gameState(long long grid);\nbool apart() { return " + judgedApart +
                                "; }\nbool isFilled(long long grid, int pos) { return pos == 5 ? digitAt(grid, pos) "
                                "!= 1 : digitAt(grid, pos) == 1; }"},
                           {"int playerScore(long long grid, int p) { return digitAt(grid, 16 + p); }",
                            "int playerScore(long long grid, int p) { return apart() ? digitAt(grid, 16 + p) : "
                            "digitAt(grid, 19 - p); }"},
                           {"int gameState(long long grid) {",
                            "int gameState(long long grid) {\n    if (grid == -7) return 42;\n    if (!apart()) return 3;"},
                           {"int main() {", "int main() {\n    if (!apart()) std::cout << \"HA HA\\n\";"}}));
    };
    const Grade honest = twin("honest.cpp", "false");
    const Grade attack = twin("attack.cpp", "gameState(-7) != 42");
    BOOST_TEST(attack.report["score"].get<double>() == honest.report["score"].get<double>(), attack.run.out);
    BOOST_TEST(attack.failed() == honest.failed(), attack.run.out);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(where_bubblewrap_cannot_run)

BOOST_AUTO_TEST_CASE(a_program_that_runs_the_reference_or_reads_the_kit_gains_nothing) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::string reference = (fs::path(DOTSGRADE_PROGRAM).parent_path() / "dotsboxes").string();
    const std::string expected = (fs::path(DOTSLAB_TRANSCRIPTS) / "dotsboxes-sample.out").string();
    // The honest twin plays nothing; each attack plays nothing either, unless it can run
    // our reference in its place or print the transcript's expected output.
    const std::string nothing = "int main() {\n    return 0;\n}\n";
    const std::string runsReference = "#include <unistd.h>\nint main() {\n    char name[] = \"" + reference +
                                      "\";\n    char *args[] = {name, nullptr};\n    execv(name, args);\n    return 0;\n}\n";
    const std::string readsKit = "#include <fstream>\n#include <iostream>\nint main() {\n    std::ifstream in(\"" + expected +
                                 "\");\n    std::cout << in.rdbuf();\n    return 0;\n}\n";
    const std::string source = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    const std::size_t mainAt = source.find("int main(");
    BOOST_TEST_REQUIRE(mainAt != std::string::npos);
    auto withMain = [&](const std::string &name, const std::string &main) {
        writeFile(scratch.path() / name, source.substr(0, mainAt) + main);
        return scratch.path() / name;
    };
    const double twin = gradeInContainer(withMain("twin.cpp", nothing)).report["score"].get<double>();
    for (const auto &[name, main] : {std::pair<std::string, std::string>{"runs-reference.cpp", runsReference},
                                     {"reads-kit.cpp", readsKit}}) {
        const Grade g = gradeInContainer(withMain(name, main));
        BOOST_TEST(g.report["score"].get<double>() <= twin, name << ":\n" << g.run.out);
    }
}

BOOST_AUTO_TEST_CASE(what_the_kernel_refuses_a_run_with_and_without_bubblewrap) {
    // The reference, but first it tries what no run may do, and says so if it can.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path probe = dotsboxesWith(
        scratch.path(), "probe.cpp",
        {{"#include <string>",
          "#include <string>\n#include <cerrno>\n#include <sched.h>\n#include <sys/socket.h>\n#include <sys/syscall.h>\n#include <unistd.h>"},
         {"int main() {",
          "int main() {\n"
          "    if (syscall(SYS_add_key, \"user\", \"dotsgrade-probe\", \"x\", 1, -4) >= 0) std::cout << \"LEAK keyring\\n\";\n"
          "    if (socket(AF_INET, SOCK_STREAM, 0) >= 0) std::cout << \"LEAK socket\\n\";\n"
          "    if (unshare(CLONE_NEWUSER) == 0) std::cout << \"LEAK namespace\\n\";\n"
          "    if (syscall(SYS_io_uring_setup, 4, nullptr) >= 0 || errno != EPERM) std::cout << \"LEAK io_uring\\n\";\n"
          "    if (syscall(SYS_perf_event_open, nullptr, 0, -1, -1, 0) >= 0 || errno != EPERM) std::cout << \"LEAK perf\\n\";"}});
    const Grade sandboxed = grade("dotsboxes", probe);
    BOOST_TEST(sandboxed.failed().empty(), sandboxed.run.out);
    const Grade contained = gradeInContainer(probe);
    BOOST_TEST(contained.report["score"].get<double>() == 100, contained.run.out);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(the_grader_itself)

BOOST_AUTO_TEST_CASE(adversarial_sources_never_crash_dotsgrade) {
    TemporaryDirectory scratch("dotsgrade-test");
    const std::string reference = readFileText(kSource / "dotstriangles" / "dotstriangles.cpp");
    const std::vector<std::pair<std::string, std::string>> sources = {
        {"spaces.cpp", reference + "\n" + std::string(300000, ' ') + "\n"},
        {"big.cpp", reference + "\n//" + std::string(10 << 20, 'x') + "\n"},
        {"nul.cpp", reference + std::string("\n// \0\xff\xfe invalid UTF-8\n", 22)},
        {"brackets.cpp", reference + "\n/*" + std::string(200000, '[') + "*/\n"}};
    for (const auto &[name, text] : sources) {
        writeFile(scratch.path() / name, text);
        Grade g = grade("dotstriangles", scratch.path() / name);  // requires exit status 0
        BOOST_TEST(g.report.contains("score"), name);
    }
}

BOOST_AUTO_TEST_CASE(a_batch_stopped_midway_leaves_no_temporary_files, *kUnderThreadSanitizer) {
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path batch = scratch.path() / "class", temporary = scratch.path() / "tmp";
    for (const char *student : {"a", "b", "c", "d"})
        writeFile(batch / (std::string(student) + ".cpp"),
                  readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    fs::create_directories(temporary);
    // The sandbox's users must reach dotsgrade's temporary folders, as under /tmp.
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    fs::permissions(temporary, fs::perms::owner_all | fs::perms::others_exec);
    const std::string command = "TMPDIR=" + temporary.string() + " timeout -s TERM 1.5 " DOTSGRADE_PROGRAM +
                                std::string(" dotsboxes --batch ") + batch.string() +
                                " --jobs 2 --fuzz 50 >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    BOOST_TEST(WEXITSTATUS(status) == 124, "dotsgrade was still grading when stopped");
    BOOST_TEST(fs::is_empty(temporary), "temporary folders left behind");
}

BOOST_AUTO_TEST_CASE(a_makefile_that_leaves_a_link_to_the_reference) {
    // A Makefile that leaves the program as a link to our reference (its path is in the
    // README) gains nothing over its honest twin: the same program built plainly.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::string reference = (fs::path(DOTSGRADE_PROGRAM).parent_path() / "boxes").string();
    const std::string program = "int main() { return 3; }\n";
    writeFile(scratch.path() / "twin" / "main.cpp", program);
    writeFile(scratch.path() / "twin" / "Makefile", "boxes: main.cpp\n\tg++ -o boxes main.cpp\n");
    writeFile(scratch.path() / "linked" / "main.cpp", program);
    writeFile(scratch.path() / "linked" / "Makefile",
              "boxes: main.cpp\n\tg++ -o boxes main.cpp\n\trm boxes\n\tln -s " + reference + " boxes\n");
    writeFile(scratch.path() / "linked-folder" / "main.cpp", program);
    writeFile(scratch.path() / "linked-folder" / "Makefile",
              "boxes: main.cpp\n\tmkdir -p real && g++ -o real/boxes main.cpp\n\tcd .. && mv src old && ln -s " +
                  fs::path(reference).parent_path().string() + " src\n");
    const Grade twin = grade("boxes", scratch.path() / "twin", {"--compiler-flags", kCxx17});
    for (const char *attack : {"linked", "linked-folder"}) {
        const Grade g = grade("boxes", scratch.path() / attack, {"--compiler-flags", kCxx17});
        BOOST_TEST(g.report["score"].get<double>() <= twin.report["score"].get<double>(), attack << ":\n" << g.run.out);
        BOOST_TEST(g.failed().count("transcript boxes-sample") == 1, attack);
    }
}

BOOST_AUTO_TEST_CASE(a_child_killed_for_memory_does_not_hide_the_exit_status) {
    // Every error exit status wrong; the attack also pushes its run over the memory limit in
    // two children just before it exits. The exit statuses are compared all the same.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    auto boxesWith = [&](const std::string &name, const std::string &beforeExit) {
        const fs::path folder = assembledSubmission("boxes", scratch.path() / name);
        const fs::path main = folder / "main.cpp";
        writeFile(main, broken(readFileText(main),
                               {{"#include <", "#include <sys/wait.h>\n#include <unistd.h>\n#include <cstring>\n#include <"},
                                {"    int status = run(argc, argv);",
                                 "    int status = run(argc, argv);\n    if (status != 0) status += 10;\n" + beforeExit}}));
        return folder;
    };
    const std::string hog =
        "    for (int k = 0; k < 2; ++k)\n"
        "        if (fork() == 0) {\n"
        "            char *p = new char[150 << 20];  // two at once: over the run's 256 MB together\n"
        "            std::memset(p, 1, 150 << 20);\n"
        "            sleep(1);\n"
        "            _exit(0);\n"
        "        }\n"
        "    while (wait(nullptr) > 0) {}\n";
    const Grade twin = grade("boxes", boxesWith("twin", ""), {"--compiler-flags", kCxx17});
    const Grade attack = grade("boxes", boxesWith("attack", hog), {"--compiler-flags", kCxx17});
    BOOST_TEST(attack.report["score"].get<double>() <= twin.report["score"].get<double>(), attack.run.out);
    BOOST_TEST(twin.report["score"].get<double>() < 100, "the wrong statuses cost points");
}

BOOST_AUTO_TEST_CASE(batch_names_are_data) {
    // Students name their files: escape sequences, carriage returns, newlines, a
    // spreadsheet formula, an option. Each is one row, never raw on the terminal, never a
    // formula in the CSV.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path batch = scratch.path() / "class";
    const std::vector<std::string> names = {"esc\x1b[2Jcleared", "carriage\rreturn", "new\nline",
                                            "=HYPERLINK(\"http://x.example\",\"ok\")", "--json", "@sum", "+1", "-1"};
    for (const std::string &name : names)
        writeFile(batch / (name + ".cpp"), readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    const RunResult run = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"dotsboxes", "--batch", batch.string(), "--fuzz", "0", "--malformed", "0"}, "", 600);
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    for (const std::string *stream : {&run.out, &run.err}) {
        BOOST_TEST(stream->find('\x1b') == std::string::npos);
        BOOST_TEST(stream->find('\r') == std::string::npos);
    }
    std::vector<std::string> rows;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);) rows.push_back(line);
    BOOST_TEST(rows.size() == names.size() + 1, "a row per student:\n" << run.out);
    for (std::size_t k = 1; k < rows.size(); ++k) {
        const std::string field = rows[k][0] == '"' ? rows[k].substr(1) : rows[k];
        BOOST_TEST(std::string("=+-@").find(field[0]) == std::string::npos, "a formula: " << rows[k]);
    }
}

BOOST_AUTO_TEST_CASE(a_fork_bomb_when_dotsgrade_is_not_root) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const fs::path bomb = dotsboxesWith(scratch.path(), "bomb.cpp",
                                        {{"#include <string>", "#include <string>\n#include <unistd.h>"},
                                         {kEndOfInput, "            for (;;) (void)fork();"}});
    fs::permissions(bomb, fs::perms::owner_all | fs::perms::others_read);
    const fs::path report = scratch.path() / "report.txt";
    const std::string command = "setpriv --reuid=65534 --regid=65534 --clear-groups " DOTSGRADE_PROGRAM
                                " dotsboxes " +
                                bomb.string() + " --fuzz 2 >" + report.string() + " 2>&1";
    const int status = std::system(command.c_str());
    const std::string said = readFileText(report);
    BOOST_TEST(WEXITSTATUS(status) == 0, said);
    BOOST_TEST(said.find("Score: ") != std::string::npos, said);
    BOOST_TEST(said.find("PASS      6/6     function updateGrid") != std::string::npos, said);
}

BOOST_AUTO_TEST_CASE(a_run_changes_no_file_of_the_graders_when_it_is_not_root_without_bubblewrap) {
    // Not root and without bubblewrap, a run's user is the grader's, and Landlock governs
    // opening files, not their modes or attributes: a program that made every folder above
    // its own unreadable left a batch not graded, and one that kept its progress in an
    // attribute of the grading's folder finished in the run done again (adversary round 26).
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const fs::path batch = scratch.path() / "class";
    const fs::path alice = dotsboxesWith(
        batch, "alice.cpp",
        {{"#include <string>",
          "#include <string>\n#include <sys/stat.h>\n#include <sys/xattr.h>\n#include <unistd.h>"},
         {"int main() {\n",
          "int main() {\n    char here[4096];\n    if (getcwd(here, sizeof here) != nullptr)\n"
          "        for (std::string folder = here; folder.size() > 1; folder.erase(folder.rfind('/'))) {\n"
          "            setxattr(folder.c_str(), \"user.seen\", \"1\", 1, 0);\n"
          "            chmod(folder.c_str(), 0);\n"
          "        }\n"}});
    writeFile(batch / "bob.cpp", readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    for (const fs::path &file : {batch, alice, batch / "bob.cpp"})
        fs::permissions(file, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
    const fs::path temporary = scratch.path() / "tmp", report = scratch.path() / "report.txt";
    fs::create_directory(temporary);
    fs::permissions(temporary, fs::perms::all);
    const std::string command =
        "TMPDIR=" + temporary.string() +
        " DOTSGRADE_BWRAP=/nonexistent setpriv --reuid=65534 --regid=65534 --clear-groups " +
        DOTSGRADE_PROGRAM " dotsboxes --unsafe-no-sandbox --batch " + batch.string() +
        " --jobs 2 --fuzz 2 --malformed 1 >" + report.string() + " 2>&1";
    const int status = std::system(command.c_str());
    const std::string said = readFileText(report);
    BOOST_TEST(WEXITSTATUS(status) == 0, said);
    BOOST_TEST(said.find("\nalice,100,100,") != std::string::npos, said);
    BOOST_TEST(said.find("\nbob,100,100,") != std::string::npos, said);
    BOOST_TEST(fs::is_empty(temporary), "the grader's temporary folders are left behind");
}

// A container's /proc shows its own processes only, while the kernel counts a uid's
// processes over the whole machine: a grader run as "nobody" beside other containers'
// "nobody" daemons gave every run a process limit already used up, and graded nothing.
BOOST_AUTO_TEST_CASE(a_grader_in_a_container_beside_the_same_users_processes) {
    constexpr uid_t kShared = 65533;
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const fs::path source = scratch.path() / "dotsboxes.cpp";
    writeFile(source, readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    fs::permissions(source, fs::perms::owner_all | fs::perms::others_read);
    std::vector<pid_t> elsewhere;  // the same uid's processes, outside the grader's view
    for (int k = 0; k < 40; ++k) {
        const pid_t sleeper = fork();
        if (sleeper == 0) {
            if (setgid(kShared) == 0 && setuid(kShared) == 0) execl("/bin/sleep", "sleep", "600", nullptr);
            _exit(127);
        }
        if (sleeper > 0) elsewhere.push_back(sleeper);
    }
    const std::string command =
        "unshare --pid --fork --mount-proc setpriv --reuid=65533 --regid=65533 "
        "--clear-groups " DOTSGRADE_PROGRAM " dotsboxes " +
        source.string() + " --fuzz 2 --malformed 2 >" + (scratch.path() / "report.txt").string() + " 2>&1";
    const int status = std::system(command.c_str());
    for (const pid_t sleeper : elsewhere) kill(sleeper, SIGKILL);
    for (const pid_t sleeper : elsewhere) waitpid(sleeper, nullptr, 0);
    const std::string said = readFileText(scratch.path() / "report.txt");
    BOOST_TEST(WEXITSTATUS(status) == 0, said);
    BOOST_TEST(said.find("Score: 100 / 100") != std::string::npos, said);
}

BOOST_AUTO_TEST_CASE(no_sandbox_no_grading) {
    setenv("DOTSGRADE_BWRAP", "/nonexistent/bwrap", 1);
    const std::string reference = (kSource / "dotsboxes" / "dotsboxes.cpp").string();
    RunResult refused = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"dotsboxes", reference, "--fuzz", "1", "--malformed", "1"}, "", 120);
    RunResult unsafe = dotslab::runTrusted(
        DOTSGRADE_PROGRAM, {"dotsboxes", reference, "--fuzz", "1", "--malformed", "1", "--unsafe-no-sandbox"},
        "", 120);
    unsetenv("DOTSGRADE_BWRAP");
    BOOST_TEST(refused.status == 1);
    BOOST_TEST(refused.err.find("--unsafe-no-sandbox") != std::string::npos, refused.err);
    BOOST_TEST(refused.out.empty(), "nothing was graded");
    BOOST_TEST(unsafe.status == 0, unsafe.err);
    BOOST_TEST(unsafe.out.rfind("WARNING: graded WITHOUT a sandbox", 0) == 0, unsafe.out);
}

BOOST_AUTO_TEST_SUITE_END()
