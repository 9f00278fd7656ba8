// The repo's files as the write stage reads and writes them: plain POSIX calls (a repo has
// thousands of small files, and iostreams cost more per file than the reading itself), written
// folder by folder on two threads, made durable with one syncfs before the renames that publish
// them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frp::write {

// A repo file's text; nullopt if it is absent, or not a regular file (a FIFO there must not
// hang a regen).
std::optional<std::string> read_file(const std::filesystem::path& path);

// A repo file as the plan sees it: its text, or absent (no text, no error), or there but not
// readable as a file (no text; `error` says why).
struct RepoFile {
  std::optional<std::string> text;
  std::string error;
};
RepoFile read_repo_file(const std::filesystem::path& path);

// A file that could not be written, and the OS's reason (an errno value).
struct WriteError {
  std::filesystem::path path;
  int code = 0;
  std::string message() const;
};

// Writes one file, creating its folder if need be.
std::optional<WriteError> write_file(const std::filesystem::path& path, std::string_view content);

// Writes `files` (path, content), a folder at a time, on two threads where there are two cores:
// creating thousands of files is kernel work that a second core shares well, and the renderers
// have finished by now. A folder is written by one thread (two threads adding names to one
// folder would wait on its lock). Returns the first failure, if any.
std::optional<WriteError> write_all(
    const std::vector<std::pair<std::filesystem::path, std::string_view>>& files);

// Makes what was written to the file system of `path` durable before the renames that publish
// it: one syncfs for the thousands of files a run writes (an fsync each cost more than the
// writing), and after the renames an fsync of each folder whose names changed (sync_folder).
void sync_file_system(const std::filesystem::path& path);
void sync_folder(const std::filesystem::path& folder);

// A target that cannot be looked up counts as absent: making it reports the OS's reason, where
// "not empty" would be untrue. A folder that cannot be listed counts as not empty.
bool is_absent_or_empty(const std::filesystem::path& root);

// The folders of `folder` that are not there yet, deepest first: what create_directories makes.
std::vector<std::filesystem::path> missing_folders(const std::filesystem::path& folder);

}  // namespace frp::write
