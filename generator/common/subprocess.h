// A child process with pipes to its stdin and stdout, and optionally more pairs of pipes;
// stderr passes through to ours.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace frp {

// Our ends of one conversation with a child: what we send it and what it answers.
class Channel {
 public:
  Channel(int to_child, int from_child) : to_child_(to_child), from_child_(from_child) {}
  ~Channel();
  Channel(Channel&& other) noexcept;
  Channel& operator=(Channel&&) = delete;
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // One line of the child's answer, without its newline; nullopt at the end.
  std::optional<std::string> read_line();
  // Sends `data` and closes our sending end; false if the child stopped reading.
  bool send_and_close(const std::string& data);
  // The next `size` bytes of the answer into `out`, read straight into it where they were not
  // read ahead already; false (with what there was in `out`) if the answer ends first.
  bool read_exactly(std::size_t size, std::string& out);
  // The rest of the answer, after whatever read_line() and read_exactly() consumed.
  std::string read_rest();
  // Closes both ends: the child sees the end of its input, and whatever it answers is dropped.
  void close();

 private:
  int to_child_ = -1;
  int from_child_ = -1;
  // Reads more of the answer into buffered_; false at its end.
  bool fill();

  std::string buffered_;  // read ahead; the part from consumed_ on is not handed out yet
  std::size_t consumed_ = 0;
};

class ChildProcess {
 public:
  // Starts argv[0] (looked up in PATH) with `argv`. Channel 0 is the child's stdin and stdout;
  // each of the `extra_channels` more is a pair of pipes the child inherits: channel k's input
  // is the child's descriptor 2k+1 and its output 2k+2 (3 and 4 for channel 1, ...). Check
  // started() before use.
  explicit ChildProcess(const std::vector<std::string>& argv, int extra_channels = 0);
  ~ChildProcess();  // closes the pipes and waits, so no child outlives its owner
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  std::size_t channel_count() const { return channels_.size(); }
  Channel& channel(std::size_t k = 0) { return channels_.at(k); }

  // Channel 0's operations, for a child that has only the one.
  std::optional<std::string> read_line() { return channel().read_line(); }
  bool send_and_close(const std::string& data) { return channel().send_and_close(data); }
  std::string read_rest() { return channel().read_rest(); }

  // Closes our sending ends, then waits for the exit: the exit code, 128+signal, or 127 if the
  // program could not start.
  int wait();
  // Ends the child now (SIGTERM) and waits for it: for one whose answer is no longer needed, and
  // which would otherwise finish its work first. Its own children see their channels close.
  void stop();

  // Why the program could not be started (the OS's words for the failed fork or exec, e.g. "No
  // such file or directory"), or "" once it runs. Waits for the exec, which takes a moment.
  std::string start_error();

 private:
  pid_t pid_ = -1;
  std::vector<Channel> channels_;
  int status_ = -1;
  int exec_status_ = -1;  // our end of a close-on-exec pipe: the child's errno if exec fails
  int start_errno_ = -1;  // -1 until known; 0 once the program runs
};

}  // namespace frp
