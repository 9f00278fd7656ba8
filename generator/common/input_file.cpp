#include "common/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace frp {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

}  // namespace

std::optional<std::string> read_input_file(const std::string& path, std::string& error,
                                           std::size_t limit) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just after.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const int reason = errno;
    // A socket cannot be opened at all (ENXIO, "No such device or address"): say what it is.
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) {
      error = "not a regular file (" + kind_of(info.st_mode) + ")";
    } else {
      error = std::string("cannot read: ") + std::strerror(reason);
    }
    return std::nullopt;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    error = std::string("cannot read: ") + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  if (!S_ISREG(info.st_mode)) {
    error = "not a regular file (" + kind_of(info.st_mode) + ")";
    ::close(fd);
    return std::nullopt;
  }
  auto too_large = [&] {
    error = "larger than the " + std::to_string(limit >> 20) + " MiB frp-gen reads from an input";
    ::close(fd);
    return std::nullopt;
  };
  if (static_cast<std::size_t>(info.st_size) > limit) return too_large();
  std::string text(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t done = 0;
  for (;;) {
    if (done == text.size()) {
      if (text.size() > limit) return too_large();  // it grew while being read
      text.resize(text.size() + 4096);
    }
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::string("cannot read: ") + std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  text.resize(done);
  return text;
}

}  // namespace frp
