// Unit tests for the guard around every command: an escaping exception is one line and exit 3.
#include "common/internal_error.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace frp {
namespace {

TEST(InternalError, ACommandThatReturnsKeepsItsExitCode) {
  std::ostringstream err;
  EXPECT_EQ(run_reporting_internal_errors([] { return 2; }, err), 2);
  EXPECT_EQ(err.str(), "");
}

TEST(InternalError, AnEscapingExceptionIsReportedAsABug) {
  std::ostringstream err;
  EXPECT_EQ(run_reporting_internal_errors(
                []() -> int { throw std::out_of_range("vector::_M_range_check"); }, err),
            kExitInternalError);
  EXPECT_TRUE(err.str().starts_with("frp-gen: internal error: vector::_M_range_check\n"))
      << err.str();
  EXPECT_NE(err.str().find("a bug in frp-gen"), std::string::npos);
  std::ostringstream unknown;
  EXPECT_EQ(run_reporting_internal_errors([]() -> int { throw 42; }, unknown), 3);
  EXPECT_NE(unknown.str().find("unknown type"), std::string::npos);
}

}  // namespace
}  // namespace frp
