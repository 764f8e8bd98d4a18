// A grade is a fact: the same submission and options give the same report on every
// run, alone or in a batch, on a loaded machine; and whatever fails on the grader's side
// says "not graded" and why, in every format, never a lost point.
#define BOOST_TEST_MODULE dotsgrade_grade_is_a_fact
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <optional>
#include <thread>

#include "grading_helpers.h"
#include "process/process_runner.h"

using namespace dotslab::grader::testing;

namespace {

// How many times each submission is graded alone. Under ThreadSanitizer (scripts/test
// --thread) a grading takes several times as long, and two gradings already put the same
// threads side by side for it to watch; the plain build checks the ten.
#if defined(__SANITIZE_THREAD__)
constexpr int kGradings = 2;
#else
constexpr int kGradings = 10;
#endif

// Returns the reference with isFilled wrong as `body` says, so that the functions that
// call it (displayGrid, updateGrid, gameState) are wrong only through it.
std::string withIsFilled(const std::string &body) {
    return broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                  {{"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                    "bool isFilled(long long grid, int pos) { " + body + " }"}});
}

// Returns what of a Gradescope report must be the same on every run: everything but the
// time it took.
json withoutTimings(json report) {
    report.erase("execution_time");
    return report;
}

// Keeps both cores busy while it lives: the determinism is checked on a loaded machine.
class Load {
  public:
    Load() {
        for (int k = 0; k < 2; ++k) {
            const pid_t child = fork();
            if (child == 0) {
                for (volatile unsigned long spin = 0;; spin = spin + 1) {
                }
            }
            children_.push_back(child);
        }
    }
    ~Load() {
        for (pid_t child : children_) {
            kill(child, SIGKILL);
            waitpid(child, nullptr, 0);
        }
    }

  private:
    std::vector<pid_t> children_;
};

// Returns the students of a batch's CSV (a row each, after the header).
std::vector<std::string> csvRows(const std::string &csv) {
    std::vector<std::string> rows;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) rows.push_back(line);
    return rows;
}

// How a dotsgrade ended: its exit status and everything it printed.
struct Ending {
    int status = -1;
    std::string out;
};

// Returns how dotsgrade ended grading our dotsboxes with TMPDIR on a fresh tmpfs mounted
// with `options`, the command started through `through` (a program and a space, or ""),
// with `extra` options; nothing (the test skipped) where a tmpfs cannot be mounted.
std::optional<Ending> referenceGradedWithTmpdirOn(const std::string &options, const std::string &through,
                                                  const std::string &extra,
                                                  const std::string &assignment = "dotsboxes",
                                                  fs::path submission = kSource / "dotsboxes" /
                                                                        "dotsboxes.cpp") {
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path mounted = scratch.path() / "tmpdir";
    fs::create_directories(mounted);
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    if (geteuid() != 0 ||
        dotslab::runTrusted("/usr/bin/mount", {"-t", "tmpfs", "-o", options, "tmpfs", mounted.string()}, "")
                .status != 0) {
        BOOST_TEST_MESSAGE("skipped: mounting a tmpfs needs root");
        return std::nullopt;
    }
    fs::permissions(mounted, fs::perms::owner_all | fs::perms::others_exec);
    const std::string command = "TMPDIR=" + mounted.string() + " " + through + DOTSGRADE_PROGRAM " " +
                                assignment + " " + submission.string() + extra +
                                " --fuzz 3 --malformed 3 > " + (scratch.path() / "out").string() + " 2>&1";
    const int status = std::system(command.c_str());
    dotslab::runTrusted("/usr/bin/umount", {mounted.string()}, "");
    return Ending{WEXITSTATUS(status), readFileText(scratch.path() / "out")};
}

// Checks that what dotsgrade printed gives no score.
void expectNoScore(const std::string &out) {
    for (char digit = '0'; digit <= '9'; ++digit)
        BOOST_TEST(out.find(std::string("Score: ") + digit) == std::string::npos, out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(the_same_grade_every_time)

BOOST_AUTO_TEST_CASE(several_wrong_functions_alone_and_in_a_batch_under_load, *kUnderThreadSanitizer) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path batch = scratch.path() / "class";
    // isFilled inverted: displayGrid, updateGrid and gameState are wrong only through it.
    writeFile(batch / "inverted.cpp", withIsFilled("return digitAt(grid, pos) != 1;"));
    // isFilled wrong at one position only.
    writeFile(batch / "one_position.cpp", withIsFilled("return pos != 7 && digitAt(grid, pos) == 1;"));
    const Load load;
    for (const char *student : {"inverted", "one_position"}) {
        const fs::path submission = batch / (std::string(student) + ".cpp");
        const Grade first = grade("dotsboxes", submission);
        // The fair grade: isFilled alone is wrong; the functions that call it are right on their own.
        for (const char *right : {"function displayGrid", "function playerScore", "function updateGrid",
                                  "function gameState"})
            BOOST_TEST(first.test(right)["score"] == first.test(right)["max_score"], student << ": " << right);
        // isFilled is charged once: under its test, or in the runs where they cost more.
        BOOST_TEST(first.failed().count("function isFilled") == 1u, student);
        BOOST_TEST(first.report["score"].get<double>() < 100, student);
        for (int again = 1; again < kGradings; ++again) {
            const Grade next = grade("dotsboxes", submission);
            BOOST_TEST(withoutTimings(next.report) == withoutTimings(first.report),
                       student << " run " << again + 1 << " differs:\n"
                               << next.run.out << "\nfrom the first:\n"
                               << first.run.out);
        }
        // In a batch of two jobs, beside another student, the same row as graded alone.
        const fs::path folder = scratch.path() / (std::string("json-") + student);
        const RunResult run =
            dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                {"dotsboxes", "--batch", batch.string(), "--jobs", "2", "--fuzz", "10",
                                 "--malformed", "10", "--timeout", "1", "--json", folder.string()},
                                "", 1800);  // ThreadSanitizer on a loaded machine: many minutes
        BOOST_TEST_REQUIRE(run.status == 0, run.ending() << "\n" << run.err);
        const json inBatch = json::parse(readFileText(folder / (std::string(student) + ".json")));
        BOOST_TEST(withoutTimings(inBatch) == withoutTimings(first.report), student << " differs in a batch");
    }
}

BOOST_AUTO_TEST_CASE(a_function_that_is_not_defined_earns_nothing_and_is_said_once) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    // No updateGrid at all: main updates the grid with a helper of its own.
    const fs::path submission = scratch.path() / "dotsboxes.cpp";
    writeFile(submission, broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                                 {{"void updateGrid(long long &grid, int pos, int p) {",
                                   "static void applyMove(long long &grid, int pos, int p, bool) {"},
                                  {"updateGrid(grid, pos, player);", "applyMove(grid, pos, player, true);"}}));
    const Grade g = grade("dotsboxes", submission);
    BOOST_TEST(g.test("function updateGrid")["score"].get<double>() == 0);
    BOOST_TEST(g.failed() == std::set<std::string>{"function updateGrid"}, "charged once, under its function");
    std::size_t said = 0;
    for (std::size_t at = 0; (at = g.run.out.find("missing mandated function", at)) != std::string::npos; ++at)
        ++said;
    BOOST_TEST(said == 1u, g.run.out);
}

BOOST_AUTO_TEST_CASE(a_program_of_stubs_earns_nothing_for_its_runs) {
    // Every mandated function a stub: a main that is right cannot play, and a function
    // wrong on most of its calls is no single mistake to forgive the runs through.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path submission = scratch.path() / "dotsboxes.cpp";
    writeFile(submission,
              broken(readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"),
                     {{"bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }",
                       "bool isFilled(long long, int) { return false; }"},
                      {"void updateGrid(long long &grid, int pos, int p) {",
                       "void updateGrid(long long &, int, int) {}\nvoid oldUpdateGrid(long long &grid, int pos, int p) {"}}));
    const Grade g = grade("dotsboxes", submission);
    BOOST_TEST(g.test("function updateGrid")["score"].get<double>() == 0, "no example of it: nothing for free");
    BOOST_TEST(g.failed().count("transcript dotsboxes-sample") == 1, g.run.out);
    BOOST_TEST(g.failed().count("random games") == 1, g.run.out);
}

BOOST_AUTO_TEST_CASE(a_program_that_reads_the_clock_or_draws_random_numbers_is_graded_alike_every_time) {
    // The reference, with a first line of its own made of everything a program could draw
    // on to differ from run to run: the calendar and the processor's clocks, rand() seeded
    // with the time, the kernel's random numbers (and the 16 bytes each program is given),
    // /dev/urandom, std::random_device (opened on /dev/urandom), the processor time spent,
    // the uid (as root, each run has its own), the process id, the names of the program
    // and of the temporary folder (without bubblewrap, random ones of the grading's),
    // /dev/urandom read by hand, the processor's time-stamp counter, the machine's free
    // memory, uptime and load (sysinfo, getloadavg, sysconf), the kernel's files of the
    // machine's state (/proc's uptime, a fresh uuid, the program's start time; /sys's
    // network counters), the kernel's random numbers and clock through syscall(), the
    // run's uid as getresuid and its working folder's owner tell it (as root, each run has
    // one of its own), a timer of processor time (a loop counts until it fires), the
    // processor it runs on (getcpu) and how many it may use (hardware_concurrency, get_nprocs,
    // sysconf, sched_getaffinity: the machine's without bubblewrap), the kernel's clock discipline
    // (ntp_gettime, adjtimex), a child's processor time (wait4), how much output waits in the pipe to the
    // grader (FIONREAD), /dev/urandom spelled another way, mktemp's names, the time select() says it did not
    // wait, a pipe made small to see when the grader reads it, and the moment of the build (__DATE__,
    // __TIME__, __TIMESTAMP__), the id of the working folder's file system (a new tmpfs in each sandbox), the
    // times of the working folder and of the input's pipe, the free room of the working folder's file system,
    // whether a socket stamps what it receives with the clock (SO_TIMESTAMP), the kernel's clock pages beside
    // the vDSO read as plain memory, the machine's name and kernel (uname, gethostname), the
    // process limit (getrlimit), the device of the working folder, its links and size and
    // its mount's id, the links of /proc and of the grading's folder (stat, statx: the
    // machine's mounts and processes, the runs alive), what the runs before left on the working folder (its
    // mode, a count in its extended attributes) and on the priority of the whole user (raised
    // by one each run, which a user without bubblewrap shares with the grader), and what an uninitialised
    // variable reads (the stack a C library call left, with its stack protector's canary, which the kernel's
    // random bytes made) and where a variable and a library function are (alike in both modes: the same
    // stack, and no linker cache to move the libraries). All of it after the program has started itself again
    // with an empty environment (which dropped the library that makes runs alike: adversary round 25 H13).
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    // The kernel's clock pages beside the vDSO, as this process finds them (alike in every
    // process on one kernel): the program reads them as plain memory.
    const dotslab::ClockPages clockPages = dotslab::clockPagesAroundTheVdso();
    // The time-stamp counter where this machine can make it fault (the report says when not).
    const std::string counter = dotslab::timeStampCounterTraps() ? "__builtin_ia32_rdtsc()" : "0";
    const std::string noise =
        "int main(int, char **argv) {\n"
        "    if (argv[1] == nullptr) {  // started again with no environment: no library to preload\n"
        "        char again[] = \"again\";\n"
        "        char *const args[] = {argv[0], again, nullptr}, *const none[] = {nullptr};\n"
        "        execve(\"/proc/self/exe\", args, none);\n"
        "    }\n"
        "    unsigned long clockPages = 0;\n"
        "    for (unsigned long at = 0; at < " +
        std::to_string(clockPages.bytes) +
        "ul; at += 8)\n"
        "        clockPages = clockPages * 31 + *reinterpret_cast<const volatile unsigned long *>(\n"
        "            getauxval(AT_SYSINFO_EHDR) + " +
        std::to_string(clockPages.fromVdso) +
        "l + at);\n"
        "    std::ostringstream before, seen;  // the report shows a line's start: each is hashed\n"
        "    before << clockPages << ' ' << (std::getenv(\"DOTSLAB_VVAR\") ? \"told\" : \"-\") << ' ';\n"
        "    char note[64];\n"
        "    std::snprintf(note, sizeof note, \"%d %s %f\", 42, \"x\", 1.5);\n"
        "    const unsigned long stackLeft = leftovers();\n"
        "    const char *temporary = std::getenv(\"TMPDIR\");\n"
        "    before << argv[0] << ' ' << (temporary ? temporary : \"-\") << ' ';\n"
        "    std::srand(static_cast<unsigned>(std::time(nullptr)));\n"
        "    timespec now;\n"
        "    clock_gettime(CLOCK_MONOTONIC, &now);\n"
        "    unsigned char bytes[2] = {0, 0}, device[2] = {0, 0};\n"
        "    if (getrandom(bytes, sizeof bytes, 0) < 0) bytes[0] = 1;\n"
        "    const int fd = open(\"/dev/urandom\", O_RDONLY);\n"
        "    if (fd >= 0 && read(fd, device, sizeof device) < 0) device[0] = 1;\n"
        "    std::random_device seed(\"/dev/urandom\");\n"
        "    const unsigned char *kernel = reinterpret_cast<const unsigned char *>(getauxval(AT_RANDOM));\n"
        "    tms spent;\n"
        "    before << getuid() << ' ' << getpid() << ' ' << int(kernel[0]) << ' ' << times(&spent) << ' "
        "';\n"
        "    seen << std::rand() << ' ' << now.tv_sec << ' ' << now.tv_nsec << ' ' << "
        "seed() << ' '\n"
        "              << int(bytes[0]) << ' ' << int(bytes[1]) << ' ' << int(device[0]) << ' ' << "
        "int(device[1]) << ' '\n"
        "              << std::chrono::system_clock::now().time_since_epoch().count() << ' '\n"
        "              << " +
        counter +
        " << ' ';\n"
        "    struct sysinfo machine;\n"
        "    double loads[3] = {0, 0, 0};\n"
        "    if (sysinfo(&machine) == 0 && getloadavg(loads, 3) >= 0)\n"
        "        seen << machine.freeram << ' ' << machine.uptime << ' ' << machine.loads[0] << ' ' << "
        "loads[0]\n"
        "                  << ' ' << sysconf(_SC_AVPHYS_PAGES) << ' ';\n"
        "    for (const char *machine : {\"/proc/uptime\", \"/proc/sys/kernel/random/uuid\", "
        "\"/proc/self/stat\",\n"
        "                                \"/sys/class/net/lo/statistics/rx_bytes\"}) {\n"
        "        std::ifstream file(machine);\n"
        "        std::string line;\n"
        "        std::getline(file, line);\n"
        "        seen << line << ' ';\n"
        "    }\n"
        "    unsigned char direct[2] = {0, 0};\n"
        "    timespec directly{};\n"
        "    syscall(SYS_getrandom, direct, sizeof direct, 0);\n"
        "    syscall(SYS_clock_gettime, CLOCK_REALTIME, &directly);\n"
        "    seen << int(direct[0]) << ' ' << directly.tv_nsec << ' ';\n"
        "    uid_t real, effective, saved;\n"
        "    struct stat folder;\n"
        "    if (getresuid(&real, &effective, &saved) == 0 && stat(\".\", &folder) == 0)\n"
        "        seen << real << ' ' << folder.st_uid << ' ' << (folder.st_mode & 07777) << ' ';\n"
        "    char runs[16] = {0};\n"
        "    const int runsBefore = getxattr(\".\", \"user.runs\", runs, sizeof runs - 1) > 0 ? "
        "std::atoi(runs) : 0;\n"
        "    const std::string after = std::to_string(runsBefore + 1);\n"
        "    setxattr(\".\", \"user.runs\", after.c_str(), after.size(), 0);\n"
        "    chmod(\".\", 0700);\n"
        "    const int userPriority = getpriority(PRIO_USER, 0);  // every process of this user\n"
        "    setpriority(PRIO_USER, 0, userPriority + 1);\n"
        "    seen << runsBefore << ' ' << userPriority << ' ';\n"
        "    std::signal(SIGVTALRM, onTimer);\n"
        "    itimerval soon{};\n"
        "    soon.it_value.tv_usec = 2000;\n"
        "    long rounds = 0;\n"
        "    if (setitimer(ITIMER_VIRTUAL, &soon, nullptr) == 0)\n"
        "        while (!timerFired) ++rounds;\n"
        "    seen << rounds << ' ';\n"
        "    unsigned cpu = 9, node = 9;\n"
        "    ntptimeval ntp{};\n"
        "    timex discipline{};\n"
        "    getcpu(&cpu, &node);\n"
        "    ntp_gettime(&ntp);\n"
        "    adjtimex(&discipline);\n"
        "    seen << cpu << ' ' << ntp.time.tv_usec << ' ' << discipline.time.tv_usec << ' ';\n"
        "    cpu_set_t processors;\n"
        "    CPU_ZERO(&processors);\n"
        "    sched_getaffinity(0, sizeof processors, &processors);\n"
        "    seen << std::thread::hardware_concurrency() << ' ' << get_nprocs() << ' '\n"
        "              << sysconf(_SC_NPROCESSORS_ONLN) << ' ' << CPU_COUNT(&processors) << ' ';\n"
        "    const pid_t child = fork();\n"
        "    if (child == 0) {\n"
        "        for (volatile long spin = 0; spin < 3000000; ++spin) {}\n"
        "        _exit(0);\n"
        "    }\n"
        "    rusage childTime{};\n"
        "    int childStatus = 0;\n"
        "    if (child > 0) wait4(child, &childStatus, 0, &childTime);\n"
        "    seen << childTime.ru_utime.tv_usec << ' ';\n"
        "    std::cout << '.' << std::flush;  // output the grader has not read yet, maybe\n"
        "    int waiting = -1;\n"
        "    ioctl(1, FIONREAD, &waiting);\n"
        "    unsigned char spelled[2] = {0, 0};\n"
        "    std::ifstream other(\"/dev//urandom\", std::ios::binary);\n"
        "    other.read(reinterpret_cast<char *>(spelled), 2);\n"
        "    char named[] = \"nameXXXXXX\";\n"
        "    fd_set input;\n"
        "    FD_ZERO(&input);\n"
        "    FD_SET(0, &input);\n"
        "    timeval patience{1, 0};\n"
        "    select(1, &input, nullptr, nullptr, &patience);\n"
        "    seen << waiting << ' ' << int(spelled[0]) << ' ' << int(spelled[1]) << ' ' << "
        "mktemp(named) << ' '\n"
        "              << patience.tv_usec << ' ' << fcntl(1, F_SETPIPE_SZ, 4096) << ' ' << __DATE__ << ' '\n"
        "              << __TIME__ << ' ' << __TIMESTAMP__ << ' ';\n"
        "    struct statvfs where{};\n"
        "    statvfs(\".\", &where);\n"
        "    struct stat piped{};\n"
        "    fstat(0, &piped);\n"
        "    int pair[2] = {-1, -1}, on = 1;\n"
        "    const int stamps = socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) == 0 ? setsockopt(pair[0], "
        "SOL_SOCKET, "
        "SO_TIMESTAMP, &on, sizeof on) : 9;\n"
        "    seen << folder.st_mtim.tv_nsec << ' ' << piped.st_mtim.tv_nsec << ' ' << where.f_bfree << "
        "' ' "
        "<< stamps << ' ';\n"
        "    struct utsname system{};\n"
        "    char host[256] = \"-\";\n"
        "    rlimit processes{};\n"
        "    uname(&system);\n"
        "    gethostname(host, sizeof host);\n"
        "    getrlimit(RLIMIT_NPROC, &processes);\n"
        "    seen << system.nodename << ' ' << system.release << ' ' << system.version << ' ' << host << ' "
        "'\n"
        "              << processes.rlim_cur << ' ' << processes.rlim_max << ' ';\n"
        "    struct stat proc{}, above{};\n"
        "    struct statx mounted{};\n"
        "    stat(\"/proc\", &proc);\n"
        "    stat(\"../..\", &above);\n"
        "    statx(AT_FDCWD, \".\", 0, STATX_MNT_ID, &mounted);\n"
        "    seen << folder.st_dev << ' ' << folder.st_nlink << ' ' << folder.st_size << ' ' << "
        "proc.st_nlink\n"
        "         << ' ' << above.st_nlink << ' ' << above.st_dev << ' ' << mounted.stx_mnt_id << ' ';\n"
        "    seen << where.f_fsid << ' ' << stackLeft << ' ' << static_cast<const void *>(&where) << ' "
        "'\n"
        "              << reinterpret_cast<const void *>(&std::printf);\n"
        "    const std::hash<std::string> hash;\n"
        "    std::cout << hash(before.str()) << \" noise \" << hash(seen.str()) << ' ' << seen.str() << ' ' "
        "<< before.str()\n"
        "              << std::endl;\n";
    const fs::path submission = dotsboxesWith(
        scratch.path(), "noisy.cpp",
        {{"#include <string>",
          "#include <fcntl.h>\n#include <sys/auxv.h>\n#include <sys/random.h>\n#include <sys/sysinfo.h>\n"
          "#include <sched.h>\n#include <sys/ioctl.h>\n#include <sys/resource.h>\n#include <sys/select.h>\n"
          "#include <sys/socket.h>\n#include <sys/stat.h>\n#include <sys/statvfs.h>\n"
          "#include <sys/syscall.h>\n#include <sys/time.h>\n#include <sys/times.h>\n#include <sys/timex.h>\n"
          "#include <sys/wait.h>\n#include <sys/utsname.h>\n#include <sys/xattr.h>\n"
          "#include <csignal>\n"
          "#include <unistd.h>\n#include <chrono>\n#include <cstdlib>\n#include <ctime>\n#include <fstream>\n"
          "#include <cstdio>\n#include <functional>\n#include <random>\n#include <sstream>\n#include "
          "<thread>\n"
          "#include <string>"},
         {"int main() {\n",
          "volatile std::sig_atomic_t timerFired = 0;\nvoid onTimer(int) { timerFired = 1; }\n"
          "__attribute__((noinline)) unsigned long leftovers() {\n"
          "    volatile unsigned long slots[512];  // never set\n"
          "    unsigned long h = 0;\n"
          "    for (int i = 0; i < 512; ++i) h = h * 1000003 ^ slots[i];\n"
          "    return h;\n"
          "}\n\n" +
              noise}});
    // Returns the report's text, which must show the noise (else the comparison says nothing).
    auto shown = [](const Grade &g) {
        const std::string text = withoutTimings(g.report).dump();
        BOOST_TEST(text.find("noise") != std::string::npos, g.run.out);
        return text;
    };
    const Grade first = grade("dotsboxes", submission);
    const std::string inBubblewrap = shown(first);
    BOOST_TEST(shown(grade("dotsboxes", submission)) == inBubblewrap);
    if (!dotslab::timeStampCounterTraps())
        BOOST_TEST(first.run.out.find("not the processor's time-stamp counter") != std::string::npos,
                   first.run.out);
    // Where bubblewrap cannot run (Gradescope's container) too.
    const std::string inContainer = shown(gradeInContainer(submission));
    // And on one processor (a container limited to one: `taskset -c 0`).
    cpu_set_t everyProcessor, oneProcessor;
    BOOST_TEST_REQUIRE(sched_getaffinity(0, sizeof everyProcessor, &everyProcessor) == 0);
    CPU_ZERO(&oneProcessor);
    CPU_SET(0, &oneProcessor);
    BOOST_TEST_REQUIRE(sched_setaffinity(0, sizeof oneProcessor, &oneProcessor) == 0);
    const std::string onOneProcessor = shown(gradeInContainer(submission));
    sched_setaffinity(0, sizeof everyProcessor, &everyProcessor);
    BOOST_TEST(onOneProcessor == inContainer);
    // And the program sees the same in both modes: one grading, wherever it is graded.
    auto noiseLine = [](const std::string &text) {
        const std::size_t at = text.find("noise");
        return at == std::string::npos ? text : text.substr(at, text.find("\\n", at) - at);
    };
    BOOST_TEST(noiseLine(inContainer) == noiseLine(inBubblewrap));
}

BOOST_AUTO_TEST_CASE(what_makes_runs_alike_never_breaks_a_correct_program) {
    // The reference, doing at its start what the repeatable-run library stands in for:
    // its own SIGSEGV handler (the time-stamp counter's faults stay the library's, and C
    // library calls read that counter; even with every signal blocked), temporary files,
    // signals to itself by the pid getpid tells, its working folder by the path getcwd
    // tells, its input opened again as /dev/stdin (refused without bubblewrap: a correct
    // program that read its moves so scored 15, adversary round 21) and its output as
    // /dev/stdout (refused in both modes). It must score full marks in both modes.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::string harmless =
        "void onSignal(int) {}\n"
        "void onCrash(int) { _exit(3); }\n\n"
        "int main() {\n"
        "    std::signal(SIGSEGV, onCrash);\n"
        "    std::signal(SIGUSR1, onSignal);\n"
        "    char name[] = \"scratchXXXXXX\";\n"
        "    const int fd = mkstemp(name);\n"
        "    if (fd < 0 || unlink(name) != 0 || close(fd) != 0) return 3;\n"
        "    std::FILE *log = std::tmpfile();\n"
        "    if (log == nullptr || std::fclose(log) != 0) return 3;\n"
        "    std::FILE *input = std::fopen(\"/dev/stdin\", \"r\");\n"
        "    if (input == nullptr || std::fclose(input) != 0) return 3;\n"
        "    if (std::freopen(\"/dev/stdout\", \"w\", stdout) == nullptr) return 3;\n"
        "    if (kill(getpid(), SIGUSR1) != 0 || __builtin_ia32_rdtsc() == 0) return 3;\n"
        "    sigset_t all, before;\n"
        "    sigfillset(&all);\n"
        "    sigprocmask(SIG_BLOCK, &all, &before);\n"
        "    if (__builtin_ia32_rdtsc() == 0) return 3;\n"
        "    sigprocmask(SIG_SETMASK, &before, nullptr);\n"
        "    char folder[4096];\n"
        "    if (getcwd(folder, sizeof folder) == nullptr || mkdir(\"sub\", 0700) != 0 || chdir(\"sub\") != "
        "0 ||\n"
        "        chdir(folder) != 0 || rmdir(\"sub\") != 0)\n"
        "        return 3;\n";
    const fs::path submission = dotsboxesWith(
        scratch.path(), "harmless.cpp",
        {{"#include <string>",
          "#include <sys/stat.h>\n#include <unistd.h>\n#include <csignal>\n#include <cstdio>\n#include <cstdlib>\n"
          "#include <string>"},
         {"int main() {\n", harmless}});
    const Grade inBubblewrap = grade("dotsboxes", submission, {"--fuzz", "5", "--malformed", "5"});
    BOOST_TEST(inBubblewrap.failed().empty(), inBubblewrap.run.out);
    const Grade inContainer = gradeInContainer(submission);
    BOOST_TEST(inContainer.failed().empty(), inContainer.run.out);
}

BOOST_AUTO_TEST_CASE(link_time_optimisation_in_the_course_flags_changes_nothing) {
    const Grade g = grade("dotsboxes", kSource / "dotsboxes" / "dotsboxes.cpp",
                          {"--compiler-flags", "-std=c++11 -Wall -Wextra -pedantic -flto"});
    BOOST_TEST(g.failed().empty(), g.run.out);
}

// Each submission's random cases are drawn from its code's digest: the same code (in any
// folder, with any comments) always gets the same cases, and other code other cases, which
// nobody knows before handing it in. `--seed` picks them for all.
BOOST_AUTO_TEST_CASE(each_submission_has_random_cases_of_its_own) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const std::string model = readFileText(kSource / "dotsboxes" / "dotsboxes.cpp");
    writeFile(scratch.path() / "one" / "dotsboxes.cpp", model);
    writeFile(scratch.path() / "two" / "dotsboxes.cpp", model);
    writeFile(scratch.path() / "commented" / "dotsboxes.cpp", "// one more line\n" + model + "  \n");
    writeFile(scratch.path() / "changed" / "dotsboxes.cpp", model + "int oneMoreFunction() { return 1; }\n");
    // Nor do what is no part of the program, a name, or a byte-order mark (adversary round
    // 23: one program, 58.4 to 65.6).
    writeFile(scratch.path() / "beside" / "dotsboxes.cpp", model);
    writeFile(scratch.path() / "beside" / "tests" / "test_dotsboxes.cpp", "int main() { return 0; }\n");
    writeFile(scratch.path() / "beside" / "notes.cpp", "int helper() { return 2; }\n");
    writeFile(scratch.path() / "beside" / "notes.h", "int unused = 2;\n");  // nothing includes it (round 23b)
    writeFile(scratch.path() / "beside" / "old" / "dotsboxes.cpp", model + "int older() { return 1; }\n");
    writeFile(scratch.path() / "beside" / "Makefile",
              "dotsboxes: dotsboxes.cpp\n\tg++ -o dotsboxes dotsboxes.cpp\n");
    writeFile(scratch.path() / "renamed" / "game.cpp", "\xEF\xBB\xBF" + model);
    // A literal's text is what the program does: answers kept in one drew the same games
    // again (adversary round 25), and so did answers in a spaced-out literal.
    writeFile(scratch.path() / "table" / "dotsboxes.cpp", model + "const char *const kTable = \"1 2 3\";\n");
    writeFile(scratch.path() / "spaced" / "dotsboxes.cpp", model + "const char *const kTable = \"1 23\";\n");
    // Returns the seed the report of grading folder's dotsboxes.cpp, or folder if it has
    // none (with options), names.
    auto seedOf = [&](const char *folder, std::vector<std::string> options = {}) {
        options.insert(options.end(), {"--fuzz", "2", "--malformed", "0"});
        const fs::path file = scratch.path() / folder / "dotsboxes.cpp";
        const Grade g = grade(
            "dotsboxes", fs::exists(file) && std::string(folder) != "beside" ? file : scratch.path() / folder,
            options);
        BOOST_TEST(g.failed().empty(), g.run.out);
        const std::size_t at = g.run.out.find("(seed ");
        BOOST_TEST_REQUIRE(at != std::string::npos, g.run.out);
        return g.run.out.substr(at + 6, g.run.out.find(')', at) - at - 6);
    };
    const std::string one = seedOf("one");
    BOOST_TEST(one.size() == 64u, one);
    BOOST_TEST(std::all_of(one.begin(), one.end(), [](char c) { return std::isxdigit(c) != 0; }), one);
    BOOST_TEST(seedOf("two") == one);
    // Comments and blanks draw no other cases (else a student could try seeds until one
    // misses a bug); only other code does.
    BOOST_TEST(seedOf("commented") == one);
    BOOST_TEST(seedOf("beside") == one);
    BOOST_TEST(seedOf("renamed") == one);
    BOOST_TEST(seedOf("changed") != one);
    BOOST_TEST(seedOf("table") != one);
    BOOST_TEST(seedOf("spaced") != seedOf("table"));
    BOOST_TEST(seedOf("one", {"--seed", "1"}) == "1");
    BOOST_TEST(seedOf("changed", {"--seed", "any text"}) == "any text");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(not_graded)

// Each kind of failure on the grader's side, forced; each must say "not graded" and why,
// with no score, and exit 1.
BOOST_AUTO_TEST_CASE(a_grader_side_failure_is_never_a_score) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path reference = kSource / "dotsboxes" / "dotsboxes.cpp";
    // A sample program that crashes: there is nothing to compare with.
    const fs::path crashing = scratch.path() / "crashing-sample";
    writeFile(crashing, "#!/bin/sh\nkill -SEGV $$\n");
    fs::permissions(crashing, fs::perms::owner_all);
    // A compile command that fails for every program, the reference included.
    struct Failure {
        const char *what;
        std::vector<std::string> options;
        const char *says;
    };
    const std::vector<Failure> failures = {
        {"a crashing sample", {"--sample", crashing.string()}, "did not finish"},
        {"compile flags nothing builds with", {"--compiler-flags", "-std=c++11 -fno-such-flag"},
         "does not build even a program that does nothing"},
    };
    for (const Failure &f : failures) {
        const fs::path json = scratch.path() / "results.json", junit = scratch.path() / "junit.xml",
                       classroom = scratch.path() / "classroom.json";
        std::vector<std::string> args = {"dotsboxes",      reference.string(), "--fuzz",    "3",
                                         "--malformed",    "3",                "--json",    json.string(),
                                         "--junit",        junit.string(),     "--classroom", classroom.string()};
        args.insert(args.end(), f.options.begin(), f.options.end());
        const RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM, args, "", 300);
        BOOST_TEST(run.status == 1, f.what << ": " << run.ending());
        BOOST_TEST(run.out.find("NOT GRADED: ") != std::string::npos, f.what << ":\n" << run.out);
        BOOST_TEST(run.out.find(f.says) != std::string::npos, f.what << ":\n" << run.out);
        BOOST_TEST(run.out.find("Score: not graded") != std::string::npos, run.out);
        // No results.json: Gradescope would read a score from one, and shows its own error without.
        BOOST_TEST(!fs::exists(json), f.what);
        BOOST_TEST(readFileText(junit).find("<error message=\"not graded\">") != std::string::npos);
        // GitHub Classroom's reporter records "Points total/max" unless max_score is 0, the
        // total summed over the tests: a max_score with no tests was a 0 recorded.
        const nlohmann::json result = nlohmann::json::parse(readFileText(classroom));
        BOOST_TEST(result["status"] == "error");
        BOOST_TEST(result["max_score"] == 0,
                   f.what << ": the reporter would record 0/" << result["max_score"]);
        BOOST_TEST_REQUIRE(result["tests"].size() == 1u);
        BOOST_TEST(result["tests"][0]["status"] == "error");  // its log shows the message
        BOOST_TEST(result["tests"][0]["message"].get<std::string>().find(f.says) != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(a_sandbox_that_fails_for_a_moment_costs_nothing, *kUnderThreadSanitizer) {
    // Bubblewrap as it fails under load (once seen in CI: a correct program "printed
    // nothing" for one malformed input): a third of its starts fail, two in a row, which
    // outlasts the one retry a run makes on its own. The build, the function checks and
    // every run are done again while a program that does nothing runs; before, a correct
    // program scored 0 ("does not compile").
    TemporaryDirectory scratch("dotsgrade-test");
    const fs::path folder = scratch.path();
    fs::permissions(folder, fs::perms::all | fs::perms::sticky_bit);  // the runs' users count too
    const fs::path count = folder / "count", lock = folder / "lock", flaky = folder / "bwrap";
    writeFile(count, "0\n");
    writeFile(lock, "");
    for (const fs::path &shared : {count, lock})
        fs::permissions(shared, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                    fs::perms::group_write | fs::perms::others_read |
                                    fs::perms::others_write);
    writeFile(flaky,
              "#!/bin/sh\n"
              "n=$(flock " +
                  lock.string() + " sh -c 'n=$(cat " + count.string() + "); n=$((n + 1)); echo $n > " +
                  count.string() +
                  "; echo $n')\n"
                  "case $((n % 6)) in\n"
                  "    4|5) echo 'bwrap: Creating new namespace failed: Resource temporarily unavailable' "
                  ">&2; exit 1 ;;\n"
                  "esac\n"
                  "exec /usr/bin/bwrap \"$@\"\n");
    fs::permissions(flaky, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
    const fs::path json = folder / "results.json";
    setenv("DOTSGRADE_BWRAP", flaky.c_str(), 1);
    const RunResult run = dotslab::runTrusted(
        DOTSGRADE_PROGRAM,
        {"dotsboxes", (kSource / "dotsboxes" / "dotsboxes.cpp").string(), "--json", json.string()}, "", 300);
    unsetenv("DOTSGRADE_BWRAP");
    BOOST_TEST_REQUIRE(run.status == 0, run.ending() << ":\n" << run.out << run.err);
    BOOST_TEST(std::stoi(readFileText(count)) > 12, "bubblewrap started " << readFileText(count) << " times");
    const nlohmann::json report = nlohmann::json::parse(readFileText(json));
    BOOST_TEST(report["score"].get<double>() == 100, run.out);
}

BOOST_AUTO_TEST_CASE(no_disk_left_for_the_grader) {
    // The grader's own folders on a file system with next to no room (a tmpfs of 1.2 MB as
    // TMPDIR): a correct program is not graded, never charged.
    const std::optional<Ending> graded = referenceGradedWithTmpdirOn("size=1200k", "", "");
    if (!graded) return;
    // Refused as it starts (no room for the grader's own files), or not graded: never a score.
    BOOST_TEST(graded->status == 1, graded->out);
    BOOST_TEST(
        (graded->out.find("NOT GRADED: ") != std::string::npos || graded->out.rfind("dotsgrade: ", 0) == 0),
        graded->out);
    expectNoScore(graded->out);
}

BOOST_AUTO_TEST_CASE(a_disk_that_fills_while_building_is_the_graders) {
    // Room enough for a program that does nothing to build, not for boxes (a few hundred
    // KB): the build runs out of room, which is the grader's disk, not the submission
    // (adversary round 21: "does not compile", 0). Not graded, or graded in full.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path boxes = assembledSubmission("boxes", scratch.path());
    for (const char *size : {"size=200k", "size=240k", "size=280k", "size=320k", "size=400k"}) {
        const std::optional<Ending> graded = referenceGradedWithTmpdirOn(
            size, CONTAINER_SIM " ", " --unsafe-no-sandbox --compiler-flags '-std=c++17 -Wall -pedantic'",
            "boxes", boxes);
        if (!graded) return;
        BOOST_TEST_CONTEXT(size) {
            if (graded->out.find("Score: 100 / 100") == std::string::npos) {
                BOOST_TEST(graded->status == 1, graded->out);
                expectNoScore(graded->out);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_makefile_that_fills_the_disk_is_the_students) {
    // Where the build folder cannot be a capped tmpfs (no CAP_SYS_ADMIN: Gradescope's
    // container), a Makefile that fills the grader's disk and fails made its own grading "not
    // graded", blaming the instructor's disk (adversary round 25 H9). What make wrote goes
    // before the course's command builds the sources: graded as they are.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path boxes = assembledSubmission("boxes", scratch.path());
    writeFile(boxes / "Makefile",
              "boxes:\n\t@i=0; while dd if=/dev/zero of=fill$$i bs=1M count=16 2>/dev/null; do i=$$((i+1)); "
              "done; echo 'No space left on device'; exit 1\n");
    const std::optional<Ending> graded = referenceGradedWithTmpdirOn(
        "size=48m", CONTAINER_SIM " ", " --unsafe-no-sandbox --compiler-flags '-std=c++17 -Wall -pedantic'",
        "boxes", boxes);
    if (!graded) return;
    BOOST_TEST(graded->status == 0, graded->out);
    BOOST_TEST(graded->out.find("Score: 100 / 100") != std::string::npos, graded->out);
}

BOOST_AUTO_TEST_CASE(a_hardened_temporary_folder_costs_nothing) {
    // TMPDIR mounted nosymfollow, without bubblewrap: every run started through a symbolic
    // link exited 127 (15/100 for boxes). TMPDIR mounted noexec as root (a hardened /tmp):
    // the runs' library copied there could not be mapped, and boxes was charged the loader's
    // complaint (96.5). Adversary round 24: now full marks, or not graded, never less.
    const TemporaryDirectory scratch("dotsgrade-test");
    const fs::path boxes = assembledSubmission("boxes", scratch.path());
    const std::string flags = std::string(" --compiler-flags '") + kCxx17 + "'";
    for (const auto &[options, through, extra] :
         {std::tuple<std::string, std::string, std::string>{"nosymfollow", "DOTSGRADE_BWRAP=/nonexistent ",
                                                            " --unsafe-no-sandbox"},
          {"noexec", "", ""}}) {
        const std::optional<Ending> graded =
            referenceGradedWithTmpdirOn(options, through, extra + flags, "boxes", boxes);
        if (!graded) return;
        const bool full = graded->out.find("Score: 100 / 100") != std::string::npos;
        BOOST_TEST((full || graded->out.find("NOT GRADED: ") != std::string::npos), options << ":\n"
                                                                                            << graded->out);
        if (options == "nosymfollow") BOOST_TEST(full, graded->out);
    }
}

BOOST_AUTO_TEST_CASE(a_file_the_grader_cannot_read_is_no_empty_file) {
    // Submissions unpacked by another account under umask 077, graded by a TA's: the file
    // read as empty was a program with no main, 0/100 (adversary round 24); an instructor's
    // test read as empty cost a correct program 10. Not graded, and said why.
    if (geteuid() != 0) return;  // setpriv needs root
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const fs::path submission = scratch.path() / "dotsboxes.cpp", tests = scratch.path() / "tests";
    writeFile(submission, readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    fs::permissions(submission, fs::perms::owner_read | fs::perms::owner_write);
    fs::create_directories(tests);
    fs::permissions(tests, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    writeFile(tests / "t1.in", "1\n");
    writeFile(tests / "t1.out", "");
    fs::permissions(tests / "t1.out", fs::perms::owner_read | fs::perms::owner_write);
    auto asNobody = [&](const std::string &options) {
        const fs::path out = scratch.path() / "out";
        const std::string command = "setpriv --reuid=65534 --regid=65534 --clear-groups " DOTSGRADE_PROGRAM
                                    " dotsboxes " +
                                    options + " --fuzz 1 --malformed 1 > " + out.string() + " 2>&1";
        const int status = std::system(command.c_str());
        return Ending{WEXITSTATUS(status), readFileText(out)};
    };
    const Ending unreadable = asNobody(submission.string());
    BOOST_TEST(unreadable.status == 1, unreadable.out);
    BOOST_TEST(unreadable.out.find("cannot read " + submission.string() + ": Permission denied") !=
                   std::string::npos,
               unreadable.out);
    expectNoScore(unreadable.out);
    fs::permissions(submission, fs::perms::others_read, fs::perm_options::add);
    const Ending unreadableTest = asNobody(submission.string() + " --tests " + tests.string());
    BOOST_TEST(unreadableTest.status == 2, unreadableTest.out);
    BOOST_TEST(unreadableTest.out.find("cannot read " + (tests / "t1.out").string()) != std::string::npos,
               unreadableTest.out);
    fs::permissions(tests, fs::perms::owner_all);
    const Ending unlisted = asNobody(submission.string() + " --tests " + tests.string());
    BOOST_TEST(unlisted.status == 2, unlisted.out);
    BOOST_TEST(unlisted.out.find("cannot list " + tests.string()) != std::string::npos, unlisted.out);
    // But the modes a hand-in came with (unzip keeps a zip's: a file and a folder of mode
    // 000, ours) are the submission's: graded as root grades them, never "not graded"
    // (adversary round 24b: a student's 0 became "not graded").
    const fs::path handedIn = scratch.path() / "handed-in";
    fs::create_directories(handedIn / ".vscode");
    writeFile(handedIn / "dotsboxes.cpp", readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    writeFile(handedIn / "old_version.cpp", "int main() { return 1; }\n");
    writeFile(handedIn / ".vscode" / "settings.json", "{}\n");
    BOOST_TEST_REQUIRE(
        dotslab::runTrusted("/usr/bin/chown", {"-R", "65534:65534", handedIn.string()}, "").status == 0);
    fs::permissions(handedIn / "old_version.cpp", fs::perms::none);
    fs::permissions(handedIn / ".vscode", fs::perms::none);
    const Ending modes = asNobody(handedIn.string());
    BOOST_TEST(modes.status == 0, modes.out);
    BOOST_TEST(modes.out.find("Score: 100 / 100") != std::string::npos, modes.out);
}

BOOST_AUTO_TEST_CASE(a_temporary_folder_where_programs_cannot_run) {
    // TMPDIR on a file system mounted noexec (a common hardening of /tmp), where bubblewrap
    // cannot run: the programs the grader copies there cannot start. That is the grader's
    // failure: not graded, and said why, never a correct program charged (it was 30/100).
    const std::optional<Ending> graded =
        referenceGradedWithTmpdirOn("noexec", CONTAINER_SIM " ", " --unsafe-no-sandbox");
    if (!graded) return;
    BOOST_TEST(graded->status == 1, graded->out);
    BOOST_TEST(graded->out.find("NOT GRADED: ") != std::string::npos, graded->out);
    BOOST_TEST(graded->out.find("mounted noexec") != std::string::npos, graded->out);
    expectNoScore(graded->out);
}

BOOST_AUTO_TEST_CASE(an_empty_or_relative_tmpdir_is_an_ordinary_setting) {
    // TMPDIR set but empty means none (as for mktemp); a relative one is taken from where
    // dotsgrade starts. Both are a shell's ordinary state: a correct program gets 100.
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    fs::create_directories(scratch.path() / "relative");
    fs::permissions(scratch.path() / "relative", fs::perms::owner_all | fs::perms::others_exec);
    for (const std::string setting : {"TMPDIR=", "TMPDIR=relative"}) {
        const std::string command = "cd " + scratch.path().string() + " && " + setting + " " DOTSGRADE_PROGRAM
                                    " dotsboxes " + (kSource / "dotsboxes" / "dotsboxes.cpp").string() +
                                    " --fuzz 3 --malformed 3 > out 2>&1";
        const int status = std::system(command.c_str());
        const std::string out = readFileText(scratch.path() / "out");
        BOOST_TEST(WEXITSTATUS(status) == 0, setting << ": " << out);
        BOOST_TEST(out.find("Score: 100 / 100") != std::string::npos, setting << ": " << out);
    }
}

BOOST_AUTO_TEST_CASE(a_batch_counts_what_was_not_graded_and_fails) {
    TemporaryDirectory scratch("dotsgrade-test");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::others_exec);
    const fs::path batch = scratch.path() / "class", html = scratch.path() / "class.html";
    writeFile(batch / "alice.cpp", readFileText(kSource / "dotsboxes" / "dotsboxes.cpp"));
    const fs::path crashing = scratch.path() / "crashing-sample";
    writeFile(crashing, "#!/bin/sh\nkill -SEGV $$\n");
    fs::permissions(crashing, fs::perms::owner_all);
    const RunResult run = dotslab::runTrusted(DOTSGRADE_PROGRAM,
                                              {"dotsboxes", "--batch", batch.string(), "--fuzz", "3",
                                               "--malformed", "3", "--sample", crashing.string(), "--html",
                                               html.string()},
                                              "", 300);
    BOOST_TEST(run.status == 1, "a batch with a submission not graded fails: " << run.ending());
    const std::vector<std::string> rows = csvRows(run.out);
    BOOST_TEST_REQUIRE(rows.size() == 2u, run.out);
    BOOST_TEST(rows[1].rfind("alice,not graded,100,", 0) == 0, rows[1]);
    BOOST_TEST(rows[1].find("not graded: the sample solution") != std::string::npos, rows[1]);
    BOOST_TEST(run.err.find("1 NOT GRADED") != std::string::npos, run.err);
    BOOST_TEST(readFileText(html).find("not graded") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
