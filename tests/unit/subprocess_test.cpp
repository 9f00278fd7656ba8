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
  EXPECT_EQ(child.start_error(), "No such file or directory");
}

TEST(ChildProcess, StartErrorIsTheOsReasonOrNothing) {
  ChildProcess not_executable({"/etc/passwd"});  // exec refuses it, even for root
  EXPECT_EQ(not_executable.start_error(), "Permission denied");
  ChildProcess runs({"sh", "-c", "exit 3"});
  EXPECT_EQ(runs.start_error(), "");
  EXPECT_EQ(runs.start_error(), "");  // asked twice: the answer is kept
  EXPECT_EQ(runs.wait(), 3);
}

TEST(ChildProcess, ReadsExactLengthsBetweenLines) {
  // A header line, a body longer than one read, another header, a short body, then the rest.
  ChildProcess child({"sh", "-c",
                      "printf 'head\\n'; head -c 200000 /dev/zero | tr '\\0' x; "
                      "printf 'next\\nabc'; printf 'tail'"});
  std::string body;
  EXPECT_EQ(child.read_line(), "head");
  ASSERT_TRUE(child.channel().read_exactly(200000, body));
  EXPECT_EQ(body, std::string(200000, 'x'));
  EXPECT_EQ(child.read_line(), "next");
  ASSERT_TRUE(child.channel().read_exactly(3, body));
  EXPECT_EQ(body, "abc");
  EXPECT_EQ(child.read_rest(), "tail");
  EXPECT_FALSE(child.channel().read_exactly(1, body));  // the answer has ended
  EXPECT_EQ(body, "");
  EXPECT_EQ(child.wait(), 0);
}

TEST(ChildProcess, ExtraChannelsAreDescriptorsThreeAndFourAndSoOn) {
  // The child answers on each channel what it read there, so each pair must be its own.
  ChildProcess child({"sh", "-c", "cat; cat <&3 >&4; cat <&5 >&6"}, 2);
  ASSERT_TRUE(child.started());
  ASSERT_EQ(child.channel_count(), 3u);
  ASSERT_TRUE(child.channel(0).send_and_close("zero"));
  ASSERT_TRUE(child.channel(1).send_and_close("one"));
  ASSERT_TRUE(child.channel(2).send_and_close("two"));
  EXPECT_EQ(child.channel(0).read_rest(), "zero");
  EXPECT_EQ(child.channel(1).read_rest(), "one");
  EXPECT_EQ(child.channel(2).read_rest(), "two");
  EXPECT_EQ(child.wait(), 0);
}

TEST(ChildProcess, ExtraChannelsDoNotLeakIntoOtherChildren) {
  // The second child runs until the end of the test. Had it inherited the first one's extra
  // input, that input would never end, and `timeout` would stop the first child with 124.
  ChildProcess first({"timeout", "5", "sh", "-c", "cat <&3 >&4"}, 1);
  ChildProcess second({"cat"});
  ASSERT_TRUE(first.channel(1).send_and_close("data"));
  EXPECT_EQ(first.channel(1).read_rest(), "data");
  EXPECT_EQ(first.wait(), 0);
}

TEST(ChildProcess, WaitEndsTheInputOfEveryChannel) {
  ChildProcess child({"timeout", "5", "sh", "-c", "cat >/dev/null; cat <&3 >/dev/null"}, 1);
  EXPECT_EQ(child.wait(), 0);
}

}  // namespace
}  // namespace frp
