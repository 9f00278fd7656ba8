#include "common/cache_folder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>
#include <vector>

namespace frp {

CacheFolder CacheFolder::from_environment() {
  const char* cache = std::getenv("FRP_CACHE_DIR");
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (cache && *cache) return std::string(cache) == "off" ? CacheFolder() : CacheFolder(cache);
  if (xdg && *xdg) return CacheFolder(std::string(xdg) + "/frp-gen");
  if (home && *home) return CacheFolder(std::string(home) + "/.cache/frp-gen");
  return CacheFolder();
}

bool replace_cache_file(const std::string& path, std::string_view text) {
  const std::string_view parts[] = {text};
  return replace_cache_file(path, parts);
}

namespace {

// Writes all of `parts` to `fd`, IOV_MAX of them per call, resuming after short writes.
bool write_parts(int fd, std::span<const std::string_view> parts) {
  std::vector<iovec> pending;
  pending.reserve(parts.size());
  for (std::string_view part : parts) {
    if (!part.empty()) pending.push_back({const_cast<char*>(part.data()), part.size()});
  }
  std::size_t next = 0;
  while (next < pending.size()) {
    const int count = static_cast<int>(std::min<std::size_t>(pending.size() - next, IOV_MAX));
    ssize_t done = ::writev(fd, &pending[next], count);
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) return false;
    for (auto left = static_cast<std::size_t>(done); left > 0;) {
      iovec& part = pending[next];
      const std::size_t taken = std::min(left, part.iov_len);
      part.iov_base = static_cast<char*>(part.iov_base) + taken;
      part.iov_len -= taken;
      left -= taken;
      if (part.iov_len == 0) ++next;
    }
  }
  return true;
}

}  // namespace

bool replace_cache_file(const std::string& path, std::span<const std::string_view> parts) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  const std::string temp = path + "." + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  const bool written = write_parts(fd, parts);
  if (::close(fd) != 0 || !written) {
    fs::remove(temp, ec);
    return false;
  }
  fs::rename(temp, path, ec);
  if (ec) fs::remove(temp, ec);
  return !ec;
}

std::string file_identity(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "-";
  std::ostringstream out;
  out << info.st_size << ' ' << info.st_mtim.tv_sec << '.' << info.st_mtim.tv_nsec << ' '
      << info.st_ino;
  return out.str();
}

std::string key_hash(std::string_view key) {
  std::ostringstream out;
  out << std::hex << std::hash<std::string_view>{}(key);
  return out.str();
}

}  // namespace frp
