#define BOOST_TEST_MODULE boxes
#include <boost/test/unit_test.hpp>
