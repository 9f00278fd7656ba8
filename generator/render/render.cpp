#include "render/render.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

namespace frp::render {

namespace {

bool write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string read_all(int fd) {
  std::string out;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return out;
}

// Runs `argv` with `input` on stdin; returns stdout and the exit status. stderr passes through,
// so template errors reach the user as Jinja2 reports them.
std::optional<std::pair<std::string, int>> run_filter(const std::vector<std::string>& argv,
                                                      const std::string& input) {
  int to_child[2], from_child[2];
  if (::pipe(to_child) != 0) return std::nullopt;
  if (::pipe(from_child) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    return std::nullopt;
  }
  pid_t pid = ::fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    ::close(to_child[0]);
    ::close(to_child[1]);
    ::close(from_child[0]);
    ::close(from_child[1]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::close(from_child[1]);
  // The renderer reads all of stdin before it writes, so writing first cannot deadlock.
  bool sent = write_all(to_child[1], input);
  ::close(to_child[1]);
  std::string output = read_all(from_child[0]);
  ::close(from_child[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!sent && output.empty()) return std::nullopt;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return std::make_pair(std::move(output), code);
}

}  // namespace

std::optional<std::vector<RenderedFile>> render(const nlohmann::json& model, const Options& opts,
                                                Diagnostics& diags) {
  // Spliced rather than built as one json value: that would deep-copy the whole model.
  std::string request = "{\"template_dirs\":" + nlohmann::json(opts.template_dirs).dump() +
                        ",\"model\":" + model.dump() + "}";
  auto result = run_filter({opts.python, opts.renderer}, request);
  if (!result) {
    diags.error({opts.renderer, 0, 0}, "could not run the renderer with '" + opts.python + "'");
    return std::nullopt;
  }
  auto& [output, code] = *result;
  if (code != 0) {
    diags.error({opts.renderer, 0, 0},
                code == 127 ? "could not start '" + opts.python + "'"
                            : "rendering failed (exit " + std::to_string(code) + ")",
                code == 127 ? "set FRP_PYTHON to a Python 3 with Jinja2 installed" : "");
    return std::nullopt;
  }
  // Records of "<path>\n<owner>\n<length>\n<content>" (see render.py).
  std::vector<RenderedFile> files;
  std::string_view rest = output;
  auto next_line = [&rest](std::string_view* line) {
    std::size_t newline = rest.find('\n');
    if (newline == std::string_view::npos) return false;
    *line = rest.substr(0, newline);
    rest.remove_prefix(newline + 1);
    return true;
  };
  while (!rest.empty()) {
    std::string_view path, owner, length;
    std::size_t size = 0;
    bool ok = next_line(&path) && next_line(&owner) && next_line(&length);
    if (ok) {
      auto [end, ec] = std::from_chars(length.data(), length.data() + length.size(), size);
      ok = ec == std::errc() && end == length.data() + length.size() && size <= rest.size();
    }
    if (!ok) {
      diags.error({opts.renderer, 0, 0}, "renderer sent a malformed reply");
      return std::nullopt;
    }
    files.push_back({std::string(path), std::string(owner), std::string(rest.substr(0, size))});
    rest.remove_prefix(size);
  }
  return files;
}

}  // namespace frp::render
