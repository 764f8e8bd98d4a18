# Checks that each object linked with a student's keeps exactly one global symbol (its
# function, or the worker's main): nothing else of ours can be reached from student code.
#   cmake -DNM=nm "-DOBJECTS=a.o;b.o" -P sealed_objects_test.cmake
foreach(object ${OBJECTS})
  execute_process(COMMAND ${NM} --defined-only --extern-only ${object} OUTPUT_VARIABLE globals RESULT_VARIABLE status)
  string(STRIP "${globals}" globals)
  string(REPLACE "\n" ";" lines "${globals}")
  list(LENGTH lines count)
  if(NOT status EQUAL 0 OR NOT count EQUAL 1)
    message(FATAL_ERROR "${object} keeps ${count} global symbols, not one:\n${globals}")
  endif()
endforeach()
