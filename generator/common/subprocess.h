// A child process with pipes to its stdin and stdout; stderr passes through to ours.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace frp {

class ChildProcess {
 public:
  // Starts argv[0] (looked up in PATH) with `argv`. Check started() before use.
  explicit ChildProcess(const std::vector<std::string>& argv);
  ~ChildProcess();  // closes the pipes and waits, so no child outlives its owner
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  // One line of stdout, without its newline; nullopt at end of output.
  std::optional<std::string> read_line();
  // Sends `data` and closes stdin; false if the child stopped reading.
  bool send_and_close(const std::string& data);
  // The rest of stdout, after whatever read_line() consumed.
  std::string read_rest();
  // Waits for the exit: the exit code, 128+signal, or 127 if the program could not start.
  int wait();

 private:
  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  std::string buffered_;  // read from stdout but not yet handed out
  int status_ = -1;
};

}  // namespace frp
