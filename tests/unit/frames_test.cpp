// The renderer protocol's frames (render/frames.h): what read_frame makes of good and broken
// replies.
#include "render/frames.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <thread>

namespace frp::render {
namespace {

// A channel whose answer is `bytes`, written from a thread of its own (a reply may be larger
// than a pipe holds) and then ended.
class Reply {
 public:
  explicit Reply(std::string bytes) {
    std::signal(SIGPIPE, SIG_IGN);  // a reply read only in part ends its writer with EPIPE
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    channel_.emplace(-1, fds[0]);
    writer_ = std::thread([fd = fds[1], bytes = std::move(bytes)] {
      std::size_t done = 0;
      while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      ::close(fd);
    });
  }
  ~Reply() {
    channel_->close();  // a writer still writing sees the pipe closed
    writer_.join();
  }
  Channel& channel() { return *channel_; }

 private:
  std::optional<Channel> channel_;
  std::thread writer_;
};

struct Read {
  FrameRead result;
  FrameKind kind;
  std::string payload;
  std::string problem;
};

Read next(Reply& reply) {
  Read read{FrameRead::End, FrameKind::Content, "old payload", ""};
  read.result = read_frame(reply.channel(), read.kind, read.payload, &read.problem);
  return read;
}

TEST(Frames, EncodesKindLengthNewlinePayload) {
  EXPECT_EQ(encode_frame(FrameKind::Content, "abc"), "c3\nabc");
  EXPECT_EQ(encode_frame(FrameKind::Hello, "{\"workers\": 2}"), "h14\n{\"workers\": 2}");
  EXPECT_EQ(encode_frame(FrameKind::Error, ""), "e0\n");
}

TEST(Frames, ReadsGoodFramesInOrderThenTheEnd) {
  const std::string big(300000, 'x');  // more than a pipe holds and than one read returns
  Reply reply(encode_frame(FrameKind::Hello, "{\"workers\": 1}") +
              encode_frame(FrameKind::Content, "line 1\nline 2\n") +
              encode_frame(FrameKind::Content, "") + encode_frame(FrameKind::Content, big) +
              encode_frame(FrameKind::Content, "c5\nnot a header, content"));
  Read hello = next(reply);
  EXPECT_EQ(hello.result, FrameRead::Frame);
  EXPECT_EQ(hello.kind, FrameKind::Hello);
  EXPECT_EQ(hello.payload, "{\"workers\": 1}");
  Read first = next(reply);
  EXPECT_EQ(first.result, FrameRead::Frame);
  EXPECT_EQ(first.kind, FrameKind::Content);
  EXPECT_EQ(first.payload, "line 1\nline 2\n");
  Read empty = next(reply);
  EXPECT_EQ(empty.result, FrameRead::Frame);
  EXPECT_EQ(empty.payload, "");
  Read large = next(reply);
  EXPECT_EQ(large.result, FrameRead::Frame);
  EXPECT_EQ(large.payload, big);
  Read tricky = next(reply);
  EXPECT_EQ(tricky.result, FrameRead::Frame);
  EXPECT_EQ(tricky.payload, "c5\nnot a header, content");
  EXPECT_EQ(next(reply).result, FrameRead::End);
  EXPECT_EQ(next(reply).result, FrameRead::End);
}

TEST(Frames, ReadsAnErrorFrame) {
  const std::string failure =
      R"({"message": "'dict object' has no attribute 'x'", "template": "a.j2", "line": 3, )"
      R"("rendering": "csrc/a.cpp"})";
  Reply reply(encode_frame(FrameKind::Content, "first") + encode_frame(FrameKind::Error, failure));
  EXPECT_EQ(next(reply).kind, FrameKind::Content);
  Read error = next(reply);
  EXPECT_EQ(error.result, FrameRead::Frame);
  EXPECT_EQ(error.kind, FrameKind::Error);
  EXPECT_EQ(error.payload, failure);
  EXPECT_EQ(next(reply).result, FrameRead::End);
}

TEST(Frames, NothingAtAllIsTheEnd) {
  Reply reply("");
  EXPECT_EQ(next(reply).result, FrameRead::End);
}

TEST(Frames, APayloadCutShortIsMalformed) {
  Reply reply(encode_frame(FrameKind::Content, "whole") + "c100\nshort");
  EXPECT_EQ(next(reply).result, FrameRead::Frame);
  Read cut = next(reply);
  EXPECT_EQ(cut.result, FrameRead::Malformed);
  EXPECT_EQ(cut.problem, "a frame cut short after 5 of its 100 bytes");
}

TEST(Frames, AHeaderCutShortIsMalformed) {
  Reply reply(encode_frame(FrameKind::Content, "whole") + "c12");
  EXPECT_EQ(next(reply).result, FrameRead::Frame);
  Read cut = next(reply);
  EXPECT_EQ(cut.result, FrameRead::Malformed);
  EXPECT_EQ(cut.problem, "a frame header cut short");
}

TEST(Frames, AnOversizedLengthIsMalformedAndNotAllocated) {
  for (const std::string& length : {std::to_string(kLargestFrame + 1), std::string(30, '9')}) {
    Reply reply("c" + length + "\nabc");
    Read read = next(reply);
    EXPECT_EQ(read.result, FrameRead::Malformed) << length;
    EXPECT_NE(read.problem.find("frame"), std::string::npos) << read.problem;
  }
}

TEST(Frames, BadHeadersAreMalformed) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"x3\nabc", "not a frame header: 'x3'"},  // an unknown kind
      {"c\nabc", "not a frame header: 'c'"},    // no length
      {"c-3\nabc", "not a frame length: '-3'"},
      {"c+3\nabc", "not a frame length: '+3'"},
      {"c 3\nabc", "not a frame length: ' 3'"},
      {"c3x\nabc", "not a frame length: '3x'"},
      {"\nabc", "not a frame header: ''"},
      // The protocol this one replaced: path, owner, length, content.
      {"CMakeLists.txt\ngenerated\n3\nabc", "not a frame header: 'CMakeLists.txt'"},
  };
  for (const auto& [bytes, problem] : cases) {
    Reply reply(bytes);
    Read read = next(reply);
    EXPECT_EQ(read.result, FrameRead::Malformed) << bytes;
    EXPECT_EQ(read.problem, problem) << bytes;
  }
}

TEST(Frames, ProblemIsOptional) {
  Reply reply("c3\nab");
  FrameKind kind{};
  std::string payload;
  EXPECT_EQ(read_frame(reply.channel(), kind, payload), FrameRead::Malformed);
}

}  // namespace
}  // namespace frp::render
