#define BOOST_TEST_MODULE dotscomputer
#include <boost/test/unit_test.hpp>
