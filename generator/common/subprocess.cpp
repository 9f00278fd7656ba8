#include "common/subprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

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

// Ends the child whose exec could not happen, its errno value sent to `exec_status` (if open).
[[noreturn]] void fail_exec(int exec_status) {
  const int code = errno;
  if (exec_status >= 0) (void)!::write(exec_status, &code, sizeof code);
  ::_exit(127);
}

// The child's side of fork: puts its ends of the pipes where the channels promise them
// (channel 0 on stdin and stdout, channel k on descriptors 2k+1 and 2k+2), then runs `argv`. If
// that fails, the errno value goes to `exec_status` (closed by a successful exec).
[[noreturn]] void exec_child(const std::vector<std::string>& argv,
                             const std::vector<std::pair<int, int>>& child_ends, int exec_status) {
  // Moved above every target number first, so that placing one end cannot close another.
  constexpr int kAboveTargets = 64;
  exec_status = ::fcntl(exec_status, F_DUPFD_CLOEXEC, kAboveTargets);
  std::vector<std::pair<int, int>> moved;
  for (auto [in, out] : child_ends) {
    moved.emplace_back(::fcntl(in, F_DUPFD_CLOEXEC, kAboveTargets),
                       ::fcntl(out, F_DUPFD_CLOEXEC, kAboveTargets));
  }
  for (std::size_t k = 0; k < moved.size(); ++k) {
    const int in_target = k == 0 ? STDIN_FILENO : static_cast<int>(2 * k + 1);
    const int out_target = k == 0 ? STDOUT_FILENO : static_cast<int>(2 * k + 2);
    // dup2 clears close-on-exec on the copy: only the placed ends survive exec.
    if (::dup2(moved[k].first, in_target) < 0 || ::dup2(moved[k].second, out_target) < 0) {
      fail_exec(exec_status);
    }
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execvp(args[0], args.data());
  fail_exec(exec_status);
}

}  // namespace

Channel::~Channel() { close(); }

Channel::Channel(Channel&& other) noexcept
    : to_child_(other.to_child_),
      from_child_(other.from_child_),
      buffered_(std::move(other.buffered_)),
      consumed_(other.consumed_) {
  other.to_child_ = other.from_child_ = -1;
}

void Channel::close() {
  close_fd(to_child_);
  close_fd(from_child_);
}

bool Channel::fill() {
  // What was handed out goes; what is left is at most a partial line.
  buffered_.erase(0, consumed_);
  consumed_ = 0;
  return from_child_ >= 0 && read_some(from_child_, buffered_);
}

std::optional<std::string> Channel::read_line() {
  for (;;) {
    std::size_t newline = buffered_.find('\n', consumed_);
    if (newline != std::string::npos) {
      std::string line = buffered_.substr(consumed_, newline - consumed_);
      consumed_ = newline + 1;
      return line;
    }
    if (!fill()) return std::nullopt;
  }
}

bool Channel::read_exactly(std::size_t size, std::string& out) {
  const std::size_t ahead = std::min(size, buffered_.size() - consumed_);
  out.assign(buffered_, consumed_, ahead);
  consumed_ += ahead;
  // The rest goes into `out` directly: replies run to megabytes, and a copy through a
  // growing buffer would touch all of that memory twice more.
  std::size_t done = ahead;
  out.resize(size);
  while (done < size && from_child_ >= 0) {
    ssize_t n = ::read(from_child_, out.data() + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  out.resize(done);
  return done == size;
}

bool Channel::send_and_close(const std::string& data) {
  std::size_t done = 0;
  while (to_child_ >= 0 && done < data.size()) {
    ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  close_fd(to_child_);
  return done == data.size();
}

std::string Channel::read_rest() {
  std::string out = buffered_.substr(consumed_);
  buffered_.clear();
  consumed_ = 0;
  while (from_child_ >= 0 && read_some(from_child_, out)) {
  }
  return out;
}

namespace {

// Lets a pipe hold a megabyte (where the system allows it) rather than Linux's 64 KiB: a
// renderer's request and reply are megabytes, and each time a small pipe fills, the writer sleeps
// until the reader has run. Only a speed-up: the pipe works as it is where this fails.
void widen_pipe(int fd) {
#ifdef F_SETPIPE_SZ
  ::fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
  (void)fd;
#endif
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, int extra_channels) {
  // Close-on-exec everywhere: a second child must not inherit this child's pipe ends, or this
  // child would never see the end of its input. exec_child places the child's own ends.
  std::vector<std::pair<int, int>> child_ends;
  bool ok = true;
  for (int k = 0; k <= extra_channels && ok; ++k) {
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0) {
      ok = false;
    } else if (::pipe2(from_child, O_CLOEXEC) != 0) {
      ::close(to_child[0]);
      ::close(to_child[1]);
      ok = false;
    } else {
      widen_pipe(to_child[1]);
      widen_pipe(from_child[1]);
      child_ends.emplace_back(to_child[0], from_child[1]);
      channels_.emplace_back(to_child[1], from_child[0]);
    }
  }
  int exec_status[2] = {-1, -1};
  if (ok && ::pipe2(exec_status, O_CLOEXEC) != 0) ok = false;
  if (ok) {
    pid_ = ::fork();
    if (pid_ == 0) exec_child(argv, child_ends, exec_status[1]);
  }
  if (!ok || pid_ < 0) start_errno_ = errno != 0 ? errno : EAGAIN;
  if (exec_status[1] >= 0) ::close(exec_status[1]);
  exec_status_ = exec_status[0];
  for (auto [in, out] : child_ends) {
    ::close(in);
    ::close(out);
  }
  if (pid_ <= 0) {  // nothing to talk to: every channel reads as ended
    channels_.clear();
    for (int k = 0; k <= extra_channels; ++k) channels_.emplace_back(-1, -1);
  }
}

ChildProcess::~ChildProcess() {
  for (Channel& c : channels_) c.close();
  if (started()) wait();
  if (exec_status_ >= 0) ::close(exec_status_);
}

std::string ChildProcess::start_error() {
  if (start_errno_ < 0) {
    // End of file: the exec closed the child's end. Else the errno value it sent.
    int code = 0;
    ssize_t n = 0;
    do {
      n = ::read(exec_status_, &code, sizeof code);
    } while (n < 0 && errno == EINTR);
    start_errno_ = n == static_cast<ssize_t>(sizeof code) ? code : 0;
    ::close(exec_status_);
    exec_status_ = -1;
  }
  return start_errno_ > 0 ? std::strerror(start_errno_) : "";
}

int ChildProcess::wait() {
  if (status_ >= 0 || !started()) return status_;
  // A child still reading its input would otherwise never finish.
  for (Channel& c : channels_) c.send_and_close("");
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return status_;
}

void ChildProcess::stop() {
  if (status_ >= 0 || !started()) return;
  ::kill(pid_, SIGTERM);
  for (Channel& c : channels_) c.close();
  wait();
}

}  // namespace frp
