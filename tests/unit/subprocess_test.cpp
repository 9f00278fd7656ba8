// ChildProcess: the pipes the renderer workers talk through.
#include "common/subprocess.h"

#include <gtest/gtest.h>

namespace frp {
namespace {

TEST(ChildProcess, ReadsLinesThenTheRest) {
  ChildProcess child({"printf", "first\\nsecond\\nthird"});
  ASSERT_TRUE(child.started());
  EXPECT_EQ(child.read_line(), "first");
  EXPECT_EQ(child.read_rest(), "second\nthird");
  EXPECT_EQ(child.wait(), 0);
}

TEST(ChildProcess, SendsInputAndClosesIt) {
  // sort prints only after the end of its input, so this also checks that stdin was closed.
  ChildProcess child({"timeout", "5", "sort"});
  ASSERT_TRUE(child.send_and_close("b\na\n"));
  EXPECT_EQ(child.read_rest(), "a\nb\n");
  EXPECT_EQ(child.wait(), 0);
}

TEST(ChildProcess, ASecondChildDoesNotHoldTheFirstOnesInput) {
  // If the second child inherited the first one's stdin, the first would never see the end of
  // its input: sort would print nothing and timeout would kill it after five seconds.
  ChildProcess first({"timeout", "5", "sort"});
  ChildProcess second({"timeout", "5", "sort"});
  ASSERT_TRUE(first.send_and_close("2\n1\n"));
  EXPECT_EQ(first.read_rest(), "1\n2\n");
  EXPECT_EQ(first.wait(), 0);
  ASSERT_TRUE(second.send_and_close("z\ny\n"));
  EXPECT_EQ(second.read_rest(), "y\nz\n");
}

TEST(ChildProcess, MissingProgramExitsWith127) {
  ChildProcess child({"frp-gen-no-such-program"});
  ASSERT_TRUE(child.started());
  EXPECT_EQ(child.read_line(), std::nullopt);
  EXPECT_EQ(child.wait(), 127);
}

}  // namespace
}  // namespace frp
