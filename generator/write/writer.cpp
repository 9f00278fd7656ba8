#include "write/writer.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <map>
#include <random>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "common/paths.h"

namespace frp::write {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifestPath = ".frp/manifest.json";

// Plain POSIX calls: a repo has thousands of small files, and iostreams cost more per file than
// the reading or writing itself.
std::optional<std::string> read_file(const fs::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  struct stat info {};
  if (::fstat(fd, &info) == 0 && info.st_size > 0)
    out.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

// Writes `content` to the file `name` in the open folder `dir` (AT_FDCWD: the working folder).
bool write_at(int dir, const char* name, std::string_view content) {
  int fd = ::openat(dir, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return false;
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  return ::close(fd) == 0 && done == content.size();
}

// Writes one file, creating its folder if need be.
bool write_file(const fs::path& path, std::string_view content) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  return write_at(AT_FDCWD, path.c_str(), content);
}

// Writes `files` (path, content) on two threads: creating thousands of files is kernel work
// that a second core shares well, and the renderers have finished by now. Each thread gets
// whole folders (two threads adding names to one folder would wait on its lock) and creates
// each file relative to its open folder (no walk of the whole path per file).
bool write_all(const std::vector<std::pair<fs::path, std::string_view>>& files) {
  std::map<fs::path, std::vector<std::size_t>> by_folder;
  for (std::size_t i = 0; i < files.size(); ++i) {
    by_folder[files[i].first.parent_path()].push_back(i);
  }
  // Largest folders first, each to the thread with fewer files so far.
  std::vector<const std::pair<const fs::path, std::vector<std::size_t>>*> folders;
  for (const auto& entry : by_folder) folders.push_back(&entry);
  std::stable_sort(folders.begin(), folders.end(),
                   [](auto* a, auto* b) { return a->second.size() > b->second.size(); });
  std::vector<decltype(folders)> share(2);
  std::size_t counts[2] = {0, 0};
  for (auto* folder : folders) {
    const int thread = counts[0] <= counts[1] ? 0 : 1;
    share[thread].push_back(folder);
    counts[thread] += folder->second.size();
  }
  auto write_share = [&files](const decltype(folders)& mine) {
    bool ok = true;
    for (auto* folder : mine) {
      std::error_code ec;
      fs::create_directories(folder->first, ec);
      const int dir = ::open(folder->first.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (dir < 0) return false;
      for (std::size_t i : folder->second) {
        ok = write_at(dir, files[i].first.filename().c_str(), files[i].second) && ok;
      }
      ::close(dir);
    }
    return ok;
  };
  bool first_ok = true;
  std::thread helper([&] { first_ok = write_share(share[0]); });
  const bool second_ok = write_share(share[1]);
  helper.join();
  return first_ok && second_ok;
}

std::string unique_suffix() {
  std::random_device rd;
  return std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
}

}  // namespace

std::string_view to_string(Action action) {
  switch (action) {
    case Action::Create:
      return "created";
    case Action::Update:
      return "updated";
    case Action::Unchanged:
      return "unchanged";
    case Action::Skip:
      return "skipped";
    case Action::Remove:
      return "removed";
    case Action::Conflict:
      return "conflict";
  }
  return "unchanged";
}

bool WritePlan::has_conflicts() const {
  for (const FileChange& c : changes) {
    if (c.action == Action::Conflict) return true;
  }
  return false;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::optional<json> read_manifest(const std::string& root, Diagnostics& diags) {
  fs::path path = fs::path(root) / kManifestPath;
  if (!fs::exists(path)) return json::object();
  std::optional<std::string> text = read_file(path);
  try {
    if (text) return json::parse(*text);
  } catch (const json::exception& e) {
    diags.error({path.string(), 0, 0}, std::string("corrupt manifest: ") + e.what(),
                "restore it from version control, or run 'frp-gen regen --force'");
    return std::nullopt;
  }
  diags.error({path.string(), 0, 0}, "cannot read the manifest");
  return std::nullopt;
}

WritePlan plan_writes(const std::string& root, const std::vector<render::RenderedFile>& files,
                      const json& old_manifest, bool force) {
  WritePlan plan{root, {}};
  const json old_files = old_manifest.value("files", json::object());
  std::unordered_set<std::string> planned;
  // A new repo has nothing to compare with; its thousands of files need not be looked for.
  const bool fresh = !fs::exists(root);
  for (const render::RenderedFile& f : files) {
    planned.insert(f.path);
    std::optional<std::string> current = fresh ? std::nullopt : read_file(fs::path(root) / f.path);
    Action action;
    if (!current) {
      action = Action::Create;
    } else if (*current == f.content) {
      action = Action::Unchanged;
    } else if (f.owner != "generated") {
      action = Action::Skip;  // the user's file now: their content stays
    } else {
      // A generated file may be rewritten only if nobody edited it since we wrote it.
      std::string recorded = old_files.contains(f.path)
                                 ? old_files[f.path].value("sha256", std::string())
                                 : std::string();
      bool edited = recorded != sha256_hex(*current);
      action = (edited && !force) ? Action::Conflict : Action::Update;
    }
    plan.changes.push_back({f.path, f.owner, action});
  }
  for (const auto& [path, entry] : old_files.items()) {
    if (planned.contains(path) || entry.value("owner", "") != "generated") continue;
    std::optional<std::string> current = read_file(fs::path(root) / path);
    if (!current) continue;
    bool edited = entry.value("sha256", std::string()) != sha256_hex(*current);
    plan.changes.push_back(
        {path, "generated", (edited && !force) ? Action::Conflict : Action::Remove});
  }
  return plan;
}

json make_manifest(const json& header, const std::vector<render::RenderedFile>& files,
                   const json& old_manifest, const WritePlan& plan) {
  json manifest = header;
  json entries = json::object();
  const json old_files = old_manifest.value("files", json::object());
  std::map<std::string, Action> actions;
  for (const FileChange& c : plan.changes) actions[c.path] = c.action;
  for (const render::RenderedFile& f : files) {
    json entry = {{"owner", f.owner}};
    if (actions[f.path] == Action::Skip && old_files.contains(f.path)) {
      entry = old_files[f.path];  // keep the pristine hash of what we once scaffolded
    } else {
      entry["sha256"] = sha256_hex(f.content);
    }
    entries[f.path] = entry;
  }
  // `new` writes the inputs; later runs only read them, but the manifest keeps listing them.
  for (const auto& [path, entry] : old_files.items()) {
    if (!entries.contains(path) && entry.value("owner", "") == "input") entries[path] = entry;
  }
  manifest["files"] = entries;
  return manifest;
}

bool apply(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
           const json& manifest_header, Diagnostics& diags) {
  Diagnostics& d = diags;
  for (const FileChange& c : plan.changes) {
    if (!is_safe_relative_path(c.path)) {
      d.error({c.path, 0, 0}, "refusing to write outside the target folder");
      return false;
    }
  }
  std::unordered_map<std::string_view, const render::RenderedFile*> by_path;
  for (const auto& f : files) by_path[f.path] = &f;
  const json old_manifest = read_manifest(plan.root, d).value_or(json::object());
  // The manifest hashes every file: it is made on its own thread while the files are written.
  std::string manifest_text;
  std::jthread manifest_maker([&] {
    manifest_text = make_manifest(manifest_header, files, old_manifest, plan).dump(2) + "\n";
  });

  // "out/" and "out" are the same folder; without the slash, filename() names it.
  fs::path root = fs::path(plan.root).lexically_normal();
  if (root.filename().empty()) root = root.parent_path();
  std::error_code ec;
  const bool fresh = !fs::exists(root) || (fs::is_directory(root) && fs::is_empty(root));
  if (fresh) {
    // Build the whole repo beside its destination, then move it into place in one rename.
    fs::path staging =
        root.parent_path() / ("." + root.filename().string() + ".frp-staging-" + unique_suffix());
    std::vector<std::pair<fs::path, std::string_view>> writes;
    for (const FileChange& c : plan.changes) {
      if (c.action == Action::Create)
        writes.emplace_back(staging / c.path, by_path[c.path]->content);
    }
    bool ok = write_all(writes);
    manifest_maker.join();
    ok = ok && write_file(staging / kManifestPath, manifest_text);
    if (ok) {
      if (fs::exists(root)) fs::remove(root, ec);
      fs::create_directories(root.parent_path().empty() ? fs::path(".") : root.parent_path(), ec);
      fs::rename(staging, root, ec);
      ok = !ec;
    }
    if (!ok) {
      fs::remove_all(staging, ec);
      d.error({plan.root, 0, 0},
              "could not write the new repo" + (ec ? ": " + ec.message() : std::string()));
    }
    return ok;
  }

  // Existing repo: stage every new content next to its target, then rename them all.
  const std::string suffix = ".frp-new-" + unique_suffix();
  std::vector<std::pair<fs::path, fs::path>> renames;
  std::vector<std::pair<fs::path, std::string_view>> writes;
  for (const FileChange& c : plan.changes) {
    if (c.action != Action::Create && c.action != Action::Update) continue;
    fs::path target = root / c.path;
    fs::path temp = target;
    temp += suffix;
    writes.emplace_back(temp, by_path[c.path]->content);
    renames.emplace_back(temp, target);
  }
  bool ok = write_all(writes);
  manifest_maker.join();
  fs::path manifest_target = root / kManifestPath;
  if (read_file(manifest_target) != manifest_text) {  // a no-op regen leaves it alone too
    fs::path manifest_temp = manifest_target;
    manifest_temp += suffix;
    ok = write_file(manifest_temp, manifest_text) && ok;
    renames.emplace_back(manifest_temp, manifest_target);
  }
  if (!ok) {
    for (auto& [temp, target] : renames) fs::remove(temp, ec);
    d.error({plan.root, 0, 0}, "could not stage the new files; nothing was changed");
    return false;
  }
  for (auto& [temp, target] : renames) {
    fs::rename(temp, target, ec);
    if (ec) {
      d.error({target.string(), 0, 0}, "could not replace file: " + ec.message());
      return false;
    }
  }
  for (const FileChange& c : plan.changes) {
    if (c.action == Action::Remove) fs::remove(root / c.path, ec);
  }
  return true;
}

}  // namespace frp::write
