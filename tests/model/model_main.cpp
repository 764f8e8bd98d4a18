#define BOOST_TEST_MODULE dotslab common model
#include <boost/test/unit_test.hpp>
