// The one reader and writer of test cases as files (files/transcript_case.h): what it
// writes it reads back unchanged, a malformed file is an error that names it, and every
// transcript of the specs reads.
#include <boost/test/unit_test.hpp>

#include "files/files.h"
#include "files/transcript_case.h"

namespace fs = std::filesystem;
using namespace dotslab;

BOOST_AUTO_TEST_SUITE(transcript_case)

BOOST_AUTO_TEST_CASE(what_is_written_reads_back_unchanged) {
    TemporaryDirectory folder("transcript-case");
    TranscriptCase whole;
    whole.name = "whole";
    whole.input = "2 2\r\n\x01 binary\n";
    whole.args = {"3", "4", "save.txt"};
    whole.out = "out\n";
    whole.err = "";  // compared, and empty: not the same as absent
    whole.status = 255;
    whole.description = "every file";
    TranscriptCase bare;
    bare.name = "bare";
    bare.input = "";
    writeTranscriptCase(folder.path(), whole);
    writeTranscriptCase(folder.path(), bare);

    BOOST_TEST(readFileText(folder.path() / "whole.args") == "3 4 save.txt\n");
    BOOST_TEST(readFileText(folder.path() / "whole.rc") == "255\n");
    BOOST_TEST(!fs::exists(folder.path() / "bare.rc"));
    const std::vector<TranscriptCase> read = readTranscriptCases(folder.path());
    BOOST_TEST_REQUIRE(read.size() == 2u);
    BOOST_TEST(read[0].name == "bare");  // sorted by name
    BOOST_TEST(read[0].input.empty());
    BOOST_TEST(read[0].args.empty());
    BOOST_TEST((!read[0].out && !read[0].err && !read[0].status));
    BOOST_TEST(read[0].description.empty());
    const TranscriptCase &back = read[1];
    BOOST_TEST(back.name == whole.name);
    BOOST_TEST(back.input == whole.input);
    BOOST_TEST(back.args == whole.args);
    BOOST_TEST(back.out.value() == *whole.out);
    BOOST_TEST(back.err.has_value());
    BOOST_TEST(back.err.value().empty());
    BOOST_TEST(back.status.value() == 255);
    BOOST_TEST(back.description == whole.description);
    BOOST_TEST(readTranscriptCases(folder.path(), "wh").size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_malformed_status_names_its_file) {
    TemporaryDirectory folder("transcript-case");
    for (const char *rc : {"", "abc\n", "1 2\n", "256\n", "-1\n"}) {
        writeFileText(folder.path() / "bad.in", "");
        writeFileText(folder.path() / "bad.rc", rc);
        try {
            readTranscriptCase(folder.path(), "bad");
            BOOST_ERROR("the status '" << rc << "' was read");
        } catch (const TranscriptCaseError &e) {
            BOOST_TEST(std::string(e.what()).find("bad.rc") != std::string::npos, e.what());
        }
    }
    writeFileText(folder.path() / "bad.rc", " 7 \n");
    BOOST_TEST(readTranscriptCase(folder.path(), "bad").status.value() == 7);
    BOOST_CHECK_THROW(readTranscriptCase(folder.path(), "missing"), TranscriptCaseError);
    BOOST_TEST(readTranscriptCases(folder.path() / "no-such-folder").empty());
}

BOOST_AUTO_TEST_CASE(every_spec_transcript_reads_whole) {
    const std::vector<TranscriptCase> cases = readTranscriptCases(DOTSLAB_TRANSCRIPTS);
    BOOST_TEST(cases.size() >= 8u);
    for (const TranscriptCase &c : cases) BOOST_TEST((c.out && c.status), c.name);
}

BOOST_AUTO_TEST_SUITE_END()
