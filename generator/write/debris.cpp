#include "write/debris.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <random>

namespace frp::write {

namespace {

// Whether the run with this pid may still be going (a pid taken since by another process
// reads as going: its entries stay, which is harmless).
bool running(pid_t pid) { return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM); }

}  // namespace

std::string debris_suffix(std::string_view mark) {
  std::random_device rd;
  return std::string(mark) + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
}

std::size_t remove_debris(const std::filesystem::path& folder, std::string_view mark) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::size_t removed = 0;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const std::size_t at = name.find(mark);
    if (at == std::string::npos) continue;
    const char* digits = name.data() + at + mark.size();
    pid_t pid = 0;
    const auto [stop, error] = std::from_chars(digits, name.data() + name.size(), pid);
    if (error != std::errc() || stop == name.data() + name.size() || *stop != '-' || running(pid)) {
      continue;
    }
    std::error_code ignored;
    if (fs::remove_all(it->path(), ignored) > 0) ++removed;
  }
  return removed;
}

}  // namespace frp::write
