#include "common/subprocess.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace frp {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Reads once into `out`; false at end of output or on error.
bool read_some(int fd, std::string& out) {
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    out.append(buffer, static_cast<std::size_t>(n));
    return true;
  }
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  // Close-on-exec: a second child must not inherit this child's pipe ends, or this child would
  // never see the end of its input. dup2 below gives the child its own ends without the flag.
  int to_child[2], from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) return;
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    return;
  }
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::close(from_child[1]);
  stdin_fd_ = to_child[1];
  stdout_fd_ = from_child[0];
  if (pid_ < 0) {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
  }
}

ChildProcess::~ChildProcess() {
  close_fd(stdin_fd_);
  close_fd(stdout_fd_);
  if (started()) wait();
}

std::optional<std::string> ChildProcess::read_line() {
  for (;;) {
    std::size_t newline = buffered_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffered_.substr(0, newline);
      buffered_.erase(0, newline + 1);
      return line;
    }
    if (stdout_fd_ < 0 || !read_some(stdout_fd_, buffered_)) return std::nullopt;
  }
}

bool ChildProcess::send_and_close(const std::string& data) {
  std::size_t done = 0;
  while (stdin_fd_ >= 0 && done < data.size()) {
    ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  close_fd(stdin_fd_);
  return done == data.size();
}

std::string ChildProcess::read_rest() {
  std::string out = std::move(buffered_);
  buffered_.clear();
  while (stdout_fd_ >= 0 && read_some(stdout_fd_, out)) {
  }
  return out;
}

int ChildProcess::wait() {
  if (status_ >= 0 || !started()) return status_;
  close_fd(stdin_fd_);  // a child still reading its input would otherwise never finish
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return status_;
}

}  // namespace frp
