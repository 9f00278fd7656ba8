#include "render/frames.h"

#include <charconv>

namespace frp::render {

namespace {

bool known_kind(char kind) {
  return kind == static_cast<char>(FrameKind::Hello) ||
         kind == static_cast<char>(FrameKind::Content) ||
         kind == static_cast<char>(FrameKind::Error);
}

FrameRead malformed(std::string* problem, std::string what) {
  if (problem) *problem = std::move(what);
  return FrameRead::Malformed;
}

}  // namespace

FrameRead read_frame(Channel& channel, FrameKind& kind, std::string& payload,
                     std::string* problem) {
  std::optional<std::string> header = channel.read_line();
  if (!header) {
    // The end: clean only if nothing of a header came before it.
    if (channel.read_rest().empty()) return FrameRead::End;
    return malformed(problem, "a frame header cut short");
  }
  if (header->size() < 2 || !known_kind(header->front())) {
    return malformed(problem, "not a frame header: '" + header->substr(0, 40) + "'");
  }
  const char* digits = header->data() + 1;
  const char* end = header->data() + header->size();
  std::size_t length = 0;
  auto [stop, ec] = std::from_chars(digits, end, length);
  if (ec != std::errc() || stop != end) {
    return malformed(problem, "not a frame length: '" + header->substr(1, 40) + "'");
  }
  if (length > kLargestFrame) {
    return malformed(problem, "a frame of " + std::to_string(length) + " bytes");
  }
  kind = static_cast<FrameKind>(header->front());
  if (!channel.read_exactly(length, payload)) {
    return malformed(problem, "a frame cut short after " + std::to_string(payload.size()) +
                                  " of its " + std::to_string(length) + " bytes");
  }
  return FrameRead::Frame;
}

std::string encode_frame(FrameKind kind, std::string_view payload) {
  std::string out(1, static_cast<char>(kind));
  out += std::to_string(payload.size());
  out += '\n';
  out += payload;
  return out;
}

}  // namespace frp::render
