#include "write/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unordered_map>

#include "common/input_file.h"
#include "common/parallel.h"

namespace frp::write {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& path) {
  std::string ignored;
  return read_input_file(path.string(), ignored);
}

RepoFile read_repo_file(const fs::path& path) {
  RepoFile file;
  file.text = read_input_file(path.string(), file.error);
  struct stat info {};
  // Not found, or behind a folder that cannot be searched: absent to the plan; writing it then
  // fails with the folder's own reason.
  if (!file.text && ::lstat(path.c_str(), &info) != 0) file.error.clear();
  return file;
}

std::string WriteError::message() const {
  return "cannot write: " + std::string(std::strerror(code));
}

namespace {

// Writes `content` to the file `name` in the open folder `dir` (AT_FDCWD: the working folder);
// 0, or the errno value of the failure.
int write_at(int dir, const char* name, std::string_view content) {
  int fd = ::openat(dir, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  std::size_t done = 0;
  int error = 0;
  while (done < content.size() && error == 0) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error = errno;
    if (n == 0) error = EIO;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  return error;
}

// Makes `folder` and its parents; the failure, if any (its first real reason: the open that
// follows would only say that the folder is missing).
std::optional<WriteError> make_folder(const fs::path& folder) {
  std::error_code ec;
  if (!folder.empty()) fs::create_directories(folder, ec);
  if (ec) return WriteError{folder, ec.value()};
  return std::nullopt;
}

// Writes one folder's files, each created relative to the open folder (no walk of the whole
// path per file); the first failure, if any.
std::optional<WriteError> write_folder(
    const fs::path& folder, const std::vector<std::size_t>& indices,
    const std::vector<std::pair<fs::path, std::string_view>>& files) {
  if (std::optional<WriteError> failure = make_folder(folder)) return failure;
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return WriteError{folder, errno};
  std::optional<WriteError> failure;
  for (std::size_t i : indices) {
    int error = write_at(dir, files[i].first.filename().c_str(), files[i].second);
    if (error != 0 && !failure) failure = WriteError{files[i].first, error};
  }
  ::close(dir);
  return failure;
}

}  // namespace

std::optional<WriteError> write_file(const fs::path& path, std::string_view content) {
  if (std::optional<WriteError> failure = make_folder(path.parent_path())) return failure;
  if (int error = write_at(AT_FDCWD, path.c_str(), content)) return WriteError{path, error};
  return std::nullopt;
}

std::optional<WriteError> write_all(
    const std::vector<std::pair<fs::path, std::string_view>>& files) {
  std::unordered_map<std::string, std::vector<std::size_t>> by_folder;
  for (std::size_t i = 0; i < files.size(); ++i) {
    by_folder[files[i].first.parent_path().native()].push_back(i);
  }
  // Largest folders first, so that the threads finish together.
  std::vector<const std::pair<const std::string, std::vector<std::size_t>>*> folders;
  for (const auto& entry : by_folder) folders.push_back(&entry);
  std::sort(folders.begin(), folders.end(), [](auto* a, auto* b) {
    return a->second.size() != b->second.size() ? a->second.size() > b->second.size()
                                                : a->first < b->first;
  });
  std::vector<std::optional<WriteError>> failures(folders.size());
  parallel_for(folders.size(), cpu_threads(2), [&](std::size_t k) {
    failures[k] = write_folder(folders[k]->first, folders[k]->second, files);
  });
  for (std::optional<WriteError>& failure : failures) {
    if (failure) return failure;
  }
  return std::nullopt;
}

void sync_file_system(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::syncfs(fd);
  ::close(fd);
}

void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

bool is_absent_or_empty(const fs::path& root) {
  struct stat info {};
  if (::stat(root.c_str(), &info) != 0) return true;
  std::error_code ec;
  return S_ISDIR(info.st_mode) && fs::is_empty(root, ec) && !ec;
}

std::vector<fs::path> missing_folders(const fs::path& folder) {
  std::vector<fs::path> out;
  struct stat info {};
  for (fs::path at = folder; !at.empty() && ::lstat(at.c_str(), &info) != 0 && errno == ENOENT;
       at = at.parent_path()) {
    out.push_back(at);
    if (at == at.parent_path()) break;
  }
  return out;
}

}  // namespace frp::write
