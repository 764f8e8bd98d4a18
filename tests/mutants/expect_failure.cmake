# Runs a check that must FAIL on a broken submission, and passes only if it does fail and
# its output contains EXPECT (the message that names what is wrong).
#   cmake -DRUNNER=... [-DSUITE=... -DPROGRAM=... -DTRANSCRIPTS=...] [-DARGS=... -DSOURCE=...]
#         -DEXPECT=... -P expect_failure.cmake
if(SUITE)
  set(command ${RUNNER} --run_test=${SUITE} -- --program=${PROGRAM} --transcripts=${TRANSCRIPTS})
else()
  set(command ${RUNNER} ${ARGS} ${SOURCE})
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
set(output "${out}${err}")
if(status EQUAL 0)
  message(FATAL_ERROR "the check passed a broken submission; it should have failed saying:\n  ${EXPECT}\n"
                      "Its output was:\n${output}")
endif()
string(FIND "${output}" "${EXPECT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR
          "the check failed (status ${status}) but did not say:\n  ${EXPECT}\nIts output was:\n${output}")
endif()
message(STATUS "rejected as expected (status ${status}), saying: ${EXPECT}")
