#include "write/writer.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <random>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "common/input_file.h"
#include "common/json_text.h"
#include "common/parallel.h"
#include "common/paths.h"
#include "write/debris.h"
#include "write/pristine_store.h"
#include "write/three_way_merge.h"
#include "write/unified_diff.h"

namespace frp::write {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifestPath = ".frp/manifest.json";

// A repo file's text; nullopt if it is absent, or not a regular file (a FIFO there must not
// hang a regen). common/input_file.h uses plain POSIX calls: a repo has thousands of small files,
// and iostreams cost more per file than the reading itself.
std::optional<std::string> read_file(const fs::path& path) {
  std::string ignored;
  return read_input_file(path.string(), ignored);
}

// A repo file as the plan sees it: its text, or absent (no text, no error), or there but not
// readable as a file (no text; `error` says why).
struct RepoFile {
  std::optional<std::string> text;
  std::string error;
};

RepoFile read_repo_file(const fs::path& path) {
  RepoFile file;
  file.text = read_input_file(path.string(), file.error);
  struct stat info {};
  // Not found, or behind a folder that cannot be searched: absent to the plan; writing it then
  // fails with the folder's own reason.
  if (!file.text && ::lstat(path.c_str(), &info) != 0) file.error.clear();
  return file;
}

// A file that could not be written, and the OS's reason (an errno value).
struct WriteError {
  fs::path path;
  int code = 0;
  std::string message() const { return "cannot write: " + std::string(std::strerror(code)); }
};

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

// Writes one file, creating its folder if need be.
std::optional<WriteError> write_file(const fs::path& path, std::string_view content) {
  if (std::optional<WriteError> failure = make_folder(path.parent_path())) return failure;
  if (int error = write_at(AT_FDCWD, path.c_str(), content)) return WriteError{path, error};
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

// Writes `files` (path, content), a folder at a time, on two threads where there are two cores:
// creating thousands of files is kernel work that a second core shares well, and the renderers
// have finished by now. A folder is written by one thread (two threads adding names to one
// folder would wait on its lock). Returns the first failure, if any.
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

// Makes what was written to the file system of `path` durable before the renames that publish
// it: one syncfs for the thousands of files a run writes (an fsync each cost more than the
// writing), and after the renames an fsync of each folder whose names changed.
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

// A target that cannot be looked up counts as absent: making it reports the OS's reason, where
// "not empty" would be untrue. A folder that cannot be listed counts as not empty.
bool is_absent_or_empty(const fs::path& root) {
  struct stat info {};
  if (::stat(root.c_str(), &info) != 0) return true;
  std::error_code ec;
  return S_ISDIR(info.st_mode) && fs::is_empty(root, ec) && !ec;
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
    case Action::Orphaned:
      return "orphaned";
    case Action::Merged:
      return "merged";
    case Action::MergeConflict:
      return "conflict";
    case Action::Stale:
      return "stale";
  }
  return "unchanged";
}

bool WritePlan::has_conflicts() const {
  for (const FileChange& c : changes) {
    if (c.action == Action::Conflict) return true;
  }
  return false;
}

bool WritePlan::needs_attention() const {
  for (const FileChange& c : changes) {
    if (c.action == Action::MergeConflict || c.action == Action::Stale) return true;
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

namespace {

// How deep arrays and objects nest in JSON text, strings skipped, without parsing it: a text
// nested thousands deep would exhaust the stack of a recursive destructor.
std::size_t json_nesting(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

bool all_strings(const json& values) {
  return std::all_of(values.begin(), values.end(), [](const json& v) { return v.is_string(); });
}

// The owner a manifest entry records; nullopt for an entry without a known one.
std::optional<Owner> recorded_owner(const json& entry) {
  if (!entry.is_object()) return std::nullopt;
  auto owner = entry.find("owner");
  if (owner == entry.end() || !owner->is_string()) return std::nullopt;
  return owner_named(owner->get_ref<const std::string&>());
}

// What is wrong with the shape of a manifest, for the members a regen reads ("" if nothing);
// "templates" is checked where it is read (write/overlays.h).
std::string manifest_shape_problem(const json& manifest) {
  if (!manifest.is_object()) return "expected a JSON object";
  if (auto files = manifest.find("files"); files != manifest.end()) {
    if (!files->is_object()) return "expected \"files\" to be an object";
    for (auto it = files->begin(); it != files->end(); ++it) {
      // frp-gen records only paths inside the repo; another would make regen touch it.
      if (!is_safe_relative_path(it.key())) {
        return "the path \"" + it.key() + "\" in \"files\" is not a relative path inside the repo";
      }
      const json& entry = it.value();
      auto owner = entry.find("owner"), hash = entry.find("sha256"), ops = entry.find("ops");
      if (!entry.is_object() || owner == entry.end() || !owner->is_string() ||
          hash == entry.end() || !hash->is_string() ||
          (ops != entry.end() && !(ops->is_array() && all_strings(*ops)))) {
        return "the entry of \"" + it.key() +
               "\" in \"files\" is not {\"owner\": ..., \"sha256\": ...}";
      }
      if (!recorded_owner(entry)) {
        return "the entry of \"" + it.key() + "\" in \"files\" has the owner " + owner->dump() +
               ", not \"generated\", \"scaffold\" or \"input\"";
      }
    }
  }
  for (const char* key : {"ops", "inputs"}) {
    if (auto member = manifest.find(key);
        member != manifest.end() && !(member->is_object() && all_strings(*member))) {
      return std::string("expected \"") + key + "\" to be an object of strings";
    }
  }
  if (auto version = manifest.find("torch_version");
      version != manifest.end() && !version->is_string()) {
    return "expected \"torch_version\" to be a string";
  }
  return "";
}

// Where one of frp-gen's own files (under .frp/) stands, before it is read.
enum class Presence { Absent, There, Refused };

// The deepest folder on the way to `path` that is there as something else ("" if none).
fs::path file_in_the_way(const fs::path& path) {
  struct stat info {};
  for (fs::path at = path.parent_path(); !at.empty(); at = at.parent_path()) {
    if (::stat(at.c_str(), &info) == 0) return S_ISDIR(info.st_mode) ? fs::path() : at;
    if (at == at.parent_path()) break;
  }
  return {};
}

// A file of frp-gen's in the repo that a symlink leads out of it: refused unread, since an error
// about its text would quote the start of another file.
void report_link_out(const std::string& root, std::string_view relative, Diagnostics& diags) {
  diags.error(
      {(fs::path(root) / relative).string(), 0, 0},
      "refusing to read: a symlink leads it out of the repo",
      "replace the link with the repo's own file (git checkout -- " + std::string(relative) + ")");
}

// Whether `relative`, a file of frp-gen's in the repo at `root`, is there to be read. Refused
// with an error: a file where a folder of its path belongs, a lookup the OS refuses, and a
// symlink that leads it out of the repo.
Presence locate_own_file(const std::string& root, std::string_view relative, Diagnostics& diags) {
  const fs::path path = fs::path(root) / relative;
  const SourceLocation where{path.string(), 0, 0};
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    const int reason = errno;
    if (reason == ENOENT) return Presence::Absent;
    const fs::path blocker = reason == ENOTDIR ? file_in_the_way(path) : fs::path();
    if (blocker.empty()) {
      diags.error(where, std::string("cannot read: ") + std::strerror(reason));
    } else {
      diags.error({blocker.string(), 0, 0}, "cannot read " + std::string(relative) +
                                                ": this is not a folder (" +
                                                std::strerror(ENOTDIR) + ")");
    }
    return Presence::Refused;
  }
  std::error_code ec;
  // A link loop, a dangling link: the OS's reason (canonical gives "" on an error).
  if (fs::canonical(path, ec).empty()) {
    diags.error(where, "cannot read: " + ec.message());
    return Presence::Refused;
  }
  if (!resolves_inside(root, std::string(relative))) {
    report_link_out(root, relative, diags);
    return Presence::Refused;
  }
  return Presence::There;
}

// Whether the repo's pristine store, if it is there, stays inside the repo. Nothing else about
// it is an error: frp-gen's own copies, read as absent by plan_writes where they cannot be read
// (a FIFO, no permission) and written anew.
bool pristine_store_inside(const std::string& root, Diagnostics& diags) {
  const std::string relative(PristineStore::kPath);
  std::error_code ec;
  if (fs::canonical(fs::path(root) / relative, ec).empty() || resolves_inside(root, relative)) {
    return true;
  }
  report_link_out(root, relative, diags);
  return false;
}

}  // namespace

std::optional<json> read_manifest(const std::string& root, Diagnostics& diags) {
  const fs::path path = fs::path(root) / kManifestPath;
  const Presence presence = locate_own_file(root, kManifestPath, diags);
  if (presence == Presence::Refused) return std::nullopt;
  if (presence == Presence::Absent) {
    if (!pristine_store_inside(root, diags)) return std::nullopt;
    return json::object();
  }
  const SourceLocation where{path.string(), 0, 0};
  std::string error;
  std::optional<std::string> text = read_input_file(path.string(), error);
  if (!text) {
    diags.error(where, error);
    return std::nullopt;
  }
  const std::string hint =
      "restore it from version control (git checkout -- " + std::string(kManifestPath) + ")";
  // The parser takes a NUL for the end of the text and would ignore what follows it.
  if (const std::size_t nul = text->find('\0'); nul != std::string::npos) {
    diags.error(where, "corrupt manifest: a NUL byte at byte " + std::to_string(nul + 1), hint);
    return std::nullopt;
  }
  constexpr std::size_t kMaxNesting = 16;  // frp-gen writes 4 levels
  if (json_nesting(*text) > kMaxNesting) {
    diags.error(where, "corrupt manifest: nested deeper than any manifest frp-gen writes", hint);
    return std::nullopt;
  }
  json manifest;
  try {
    manifest = json::parse(*text);
  } catch (const json::exception& e) {
    diags.error(where, std::string("corrupt manifest: ") + e.what(), hint);
    return std::nullopt;
  }
  if (std::string problem = manifest_shape_problem(manifest); !problem.empty()) {
    diags.error(where, "corrupt manifest: " + problem, hint);
    return std::nullopt;
  }
  if (!pristine_store_inside(root, diags)) return std::nullopt;
  return manifest;
}

namespace {

bool is_cpp_source(std::string_view path) {
  for (std::string_view ext : {".cpp", ".cc", ".cxx", ".h", ".hpp", ".cu"}) {
    if (path.ends_with(ext)) return true;
  }
  return false;
}

// A scaffold that exists and differs from its new text. `recorded` is the manifest's hash of
// the text frp-gen last wrote there, `store` the repo's pristine copies.
FileChange plan_scaffold(const render::RenderedFile& f, const std::string& current,
                         const std::string& recorded, const std::optional<PristineStore>& store) {
  FileChange change{f.path, f.owner, Action::Skip};
  // A file frp-gen never wrote, at a path it scaffolds only now (a .gitignore that a newer
  // frp-gen adds): the team's own, left alone. The new scaffold becomes the base of later merges.
  if (recorded.empty()) return change;
  if (recorded == sha256_hex(f.content)) {  // the scaffold did not change: the file is theirs
    change.conflict_lines = conflict_marker_lines(current);
    if (!change.conflict_lines.empty()) change.action = Action::MergeConflict;  // unresolved
    return change;
  }
  if (recorded == sha256_hex(current)) {  // never edited: it simply becomes the new scaffold
    change.action = Action::Update;
    return change;
  }
  const std::optional<std::string_view> pristine = store ? store->find(f.path) : std::nullopt;
  if (!pristine || sha256_hex(*pristine) != recorded) {
    change.action = Action::Stale;
    return change;
  }
  MergeResult merged = merge_three_way(*pristine, current, f.content, is_cpp_source(f.path),
                                       "yours (" + f.path + ")");
  // Everything the scaffold changed was in bodies its owner rewrote: their file stays as it is.
  if (merged.clean() && merged.text == current) return change;
  change.action = merged.clean() ? Action::Merged : Action::MergeConflict;
  change.conflict_lines = std::move(merged.conflict_lines);
  change.content = std::move(merged.text);
  return change;
}

// The pristine store after `plan`: each planned scaffold's text, and an orphan's old one.
std::string next_pristine(const std::vector<render::RenderedFile>& files, const WritePlan& plan,
                          const std::optional<PristineStore>& store) {
  std::vector<std::pair<std::string_view, std::string_view>> entries;
  for (const render::RenderedFile& f : files) {
    if (f.owner == Owner::Scaffold) entries.emplace_back(f.path, f.content);
  }
  for (const FileChange& c : plan.changes) {
    std::optional<std::string_view> kept;
    if (c.action == Action::Orphaned && store && (kept = store->find(c.path))) {
      entries.emplace_back(c.path, *kept);
    }
  }
  std::sort(entries.begin(), entries.end());
  return PristineStore::format(entries);
}

}  // namespace

WritePlan plan_writes(const std::string& root, const std::vector<render::RenderedFile>& files,
                      const json& old_manifest, bool force) {
  WritePlan plan{root, {}};
  plan.fresh = is_absent_or_empty(root);
  const json old_files = old_manifest.value("files", json::object());
  auto recorded_hash = [&](const std::string& path) {
    auto entry = old_files.find(path);
    return entry != old_files.end() && entry->is_object() ? entry->value("sha256", std::string())
                                                          : std::string();
  };
  std::unordered_set<std::string> planned;
  // A new repo has nothing to compare with; its thousands of files need not be looked for.
  const bool fresh = plan.fresh;
  std::optional<PristineStore> store;
  if (std::optional<std::string> text =
          fresh ? std::nullopt : read_file(fs::path(root) / PristineStore::kPath)) {
    store = PristineStore::parse(std::move(*text));
  }
  plan.changes.reserve(files.size());
  for (const render::RenderedFile& f : files) {
    if (!fresh) planned.insert(f.path);  // for the old manifest's files, which a new repo lacks
    RepoFile file = fresh ? RepoFile{} : read_repo_file(fs::path(root) / f.path);
    const std::optional<std::string>& current = file.text;
    const bool scaffold = f.owner == Owner::Scaffold;
    if (current && *current != f.content && scaffold) {
      plan.changes.push_back(plan_scaffold(f, *current, recorded_hash(f.path), store));
      continue;
    }
    if (!file.error.empty()) {
      // Something is there that cannot be read as a file (no permission, too large, a FIFO, a
      // folder): it is never replaced, since nobody can tell whether it was edited. A scaffold's
      // place stays the user's; a generated file's is a conflict, reported with the reason.
      plan.changes.push_back({f.path,
                              f.owner,
                              scaffold ? Action::Skip : Action::Conflict,
                              std::nullopt,
                              {},
                              std::move(file.error)});
      continue;
    }
    Action action;
    if (!current) {
      action = Action::Create;
    } else if (*current == f.content) {
      action = Action::Unchanged;
    } else if (f.owner != Owner::Generated) {
      action = Action::Skip;  // an input file: the user's
    } else {
      // A generated file may be rewritten only if nobody edited it since we wrote it.
      bool edited = recorded_hash(f.path) != sha256_hex(*current);
      action = (edited && !force) ? Action::Conflict : Action::Update;
    }
    plan.changes.push_back({f.path, f.owner, action});
  }
  for (const auto& [path, entry] : old_files.items()) {
    const std::optional<Owner> owner = recorded_owner(entry);
    if (planned.contains(path) || !owner || *owner == Owner::Input) continue;
    std::optional<std::string> current = read_file(fs::path(root) / path);
    if (!current) continue;
    if (owner == Owner::Scaffold) {  // the user's file: never removed, only reported
      plan.changes.push_back({path, Owner::Scaffold, Action::Orphaned});
      continue;
    }
    bool edited = entry.value("sha256", std::string()) != sha256_hex(*current);
    plan.changes.push_back(
        {path, Owner::Generated, (edited && !force) ? Action::Conflict : Action::Remove});
  }
  plan.pristine = next_pristine(files, plan, store);
  return plan;
}

namespace {

// One entry of the manifest's "files": written from a rendered file (owner and content hash), or
// kept as the old manifest has it.
struct ManifestEntry {
  std::string_view path;
  const render::RenderedFile* file = nullptr;
  const json* kept = nullptr;
};

// The entries of the new manifest, sorted by path as a JSON object keeps its keys; a path listed
// twice keeps its last entry, as in a JSON object.
std::vector<ManifestEntry> manifest_entries(const std::vector<render::RenderedFile>& files,
                                            const json& old_files, const WritePlan& plan) {
  std::unordered_map<std::string_view, Action> actions;
  for (const FileChange& c : plan.changes) actions[c.path] = c.action;
  std::vector<ManifestEntry> entries;
  entries.reserve(files.size() + 4);
  // A scaffold left as its owner has it records the scaffold all the same: plan_writes skips
  // one only while that is what frp-gen last wrote.
  for (const render::RenderedFile& f : files) entries.push_back({f.path, &f, nullptr});
  auto by_path = [](const ManifestEntry& a, const ManifestEntry& b) { return a.path < b.path; };
  std::stable_sort(entries.begin(), entries.end(), by_path);
  auto last = [](const ManifestEntry& a, const ManifestEntry& b) { return a.path == b.path; };
  std::reverse(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end(), last), entries.end());
  std::reverse(entries.begin(), entries.end());
  // `new` writes the inputs; later runs only read them, but the manifest keeps listing them, and
  // orphaned scaffolds, so that they are reported until their op comes back or they are deleted.
  const std::size_t rendered = entries.size();
  for (auto it = old_files.begin(); it != old_files.end(); ++it) {
    const ManifestEntry old{it.key(), nullptr, &*it};
    const auto action = actions.find(it.key());
    const bool orphaned = action != actions.end() && action->second == Action::Orphaned;
    if ((recorded_owner(*it) == Owner::Input || orphaned) &&
        !std::binary_search(entries.begin(), entries.begin() + rendered, old, by_path)) {
      entries.push_back(old);
    }
  }
  std::inplace_merge(entries.begin(), entries.begin() + rendered, entries.end(), by_path);
  return entries;
}

// The "files" object as dump(2) writes it at the manifest's second level.
std::string files_text(const std::vector<ManifestEntry>& entries) {
  if (entries.empty()) return "{}";
  std::string out = "{\n";
  out.reserve(entries.size() * 160);
  for (const ManifestEntry& e : entries) {
    if (&e != &entries.front()) out += ",\n";
    out += "    ";
    append_json_string(out, e.path);
    out += ": ";
    if (e.kept) {
      // dump(2) at the entry's depth: its lines indented by four more (strings hold no newline).
      for (char c : e.kept->dump(2)) {
        out += c;
        if (c == '\n') out += "    ";
      }
      continue;
    }
    out += "{\n";
    if (!e.file->ops.empty()) {  // as dump(2) writes an array of strings, before "owner"
      out += "      \"ops\": [";
      for (const std::string& op : e.file->ops) {
        out += &op == &e.file->ops.front() ? "\n        " : ",\n        ";
        append_json_string(out, op);
      }
      out += "\n      ],\n";
    }
    out += "      \"owner\": ";
    append_json_string(out, to_string(e.file->owner));
    out += ",\n      \"sha256\": \"";
    out += sha256_hex(e.file->content);
    out += "\"\n    }";
  }
  out += "\n  }";
  return out;
}

}  // namespace

std::string manifest_text(const json& header, const std::vector<render::RenderedFile>& files,
                          const json& old_manifest, const WritePlan& plan) {
  static const json kNoFiles = json::object();
  auto old_files = old_manifest.find("files");
  const bool usable = old_files != old_manifest.end() && old_files->is_object();
  const std::vector<ManifestEntry> entries =
      manifest_entries(files, usable ? *old_files : kNoFiles, plan);
  // The header through dump(2), with "files" in its place; its entries written here: building
  // thousands of them as json values and dumping them took longer than hashing every file.
  json top = header;
  top["files"] = nullptr;
  std::string text = top.dump(2);
  constexpr std::string_view kPlace = "\n  \"files\": null";
  const std::size_t place = text.find(kPlace);
  text.replace(place + kPlace.size() - 4, 4, files_text(entries));
  return text + "\n";
}

namespace {

// Each rendered file's text by path.
using RenderedByPath = std::unordered_map<std::string_view, const std::string*>;

RenderedByPath by_path(const std::vector<render::RenderedFile>& files) {
  RenderedByPath out;
  for (const auto& f : files) out[f.path] = &f.content;
  return out;
}

// Every file apply() writes, relative to the repo, with its text: new and changed files, merges,
// and the pristine store when it changed.
std::vector<std::pair<std::string, std::string_view>> planned_writes(
    const WritePlan& plan, const RenderedByPath& rendered) {
  std::vector<std::pair<std::string, std::string_view>> out;
  for (const FileChange& c : plan.changes) {
    const bool written = c.action == Action::Create || c.action == Action::Update ||
                         c.action == Action::Merged ||
                         (c.action == Action::MergeConflict && c.content);
    if (written) out.emplace_back(c.path, c.content ? *c.content : *rendered.at(c.path));
  }
  if (read_file(fs::path(plan.root) / PristineStore::kPath) != plan.pristine) {
    out.emplace_back(PristineStore::kPath, plan.pristine);
  }
  return out;
}

// What apply() writes, and the manifest, made on a thread of its own (it hashes every file)
// while the files are written.
class Staged {
 public:
  Staged(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
         const json& manifest_header, const json& old_manifest)
      : writes_(planned_writes(plan, by_path(files))),
        manifest_maker_(
            [this, plan = &plan, files = &files, header = &manifest_header, old = &old_manifest] {
              // Handed to the caller's thread: escaping this one would end the process.
              try {
                manifest_text_ = manifest_text(*header, *files, *old, *plan);
              } catch (...) {
                manifest_failure_ = std::current_exception();
              }
            }) {}
  const std::vector<std::pair<std::string, std::string_view>>& writes() const { return writes_; }
  const std::string& manifest() {
    if (manifest_maker_.joinable()) manifest_maker_.join();
    if (manifest_failure_) std::rethrow_exception(manifest_failure_);
    return manifest_text_;
  }

 private:
  std::vector<std::pair<std::string, std::string_view>> writes_;
  std::string manifest_text_;
  std::exception_ptr manifest_failure_;
  std::jthread manifest_maker_;  // last: joined (destroyed) before what it writes to
};

// The target was planned as a new repo and is one no more, or the other way round: two `new`
// runs into one folder (a regen holds the repo's lock), or a repo deleted during its regen.
void report_changed_meanwhile(const fs::path& root, Diagnostics& diags) {
  diags.error({root.string(), 0, 0},
              "the folder changed while frp-gen was generating it (another frp-gen run?); nothing "
              "was written",
              "run the command again to see what is there now");
}

// Runs `undo` when the scope is left, unless dismissed: what was staged goes however a write
// ends, an exception included (the manifest is made on another thread and may throw).
template <typename Undo>
class UnlessDismissed {
 public:
  explicit UnlessDismissed(Undo undo) : undo_(std::move(undo)) {}
  UnlessDismissed(const UnlessDismissed&) = delete;
  UnlessDismissed& operator=(const UnlessDismissed&) = delete;
  ~UnlessDismissed() {
    if (armed_) undo_();
  }
  void dismiss() { armed_ = false; }

 private:
  Undo undo_;
  bool armed_ = true;
};

// The folders of `folder` that are not there yet, deepest first: what create_directories makes.
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

// A new repo: built beside its destination, then moved into place in one rename. Errors name
// the target the user gave, never the staging folder.
bool apply_fresh(const fs::path& root, Staged& staged, Diagnostics& diags) {
  const fs::path parent = root.parent_path().empty() ? fs::path(".") : root.parent_path();
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) about "." + std::string here.
  std::string name = ".";
  name += root.filename().string();
  name += debris_suffix(kStagingMark);
  const fs::path staging = root.parent_path() / name;
  // Made here, so that a folder the user may not write is reported as the target's problem.
  const std::vector<fs::path> made = missing_folders(parent);
  UnlessDismissed undo([&] {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    for (const fs::path& folder : made) fs::remove(folder, ignored);
  });
  std::error_code ec;
  fs::create_directories(parent, ec);
  if (!ec) remove_debris(parent, kStagingMark);  // of an earlier `new` that was killed
  if (!ec) fs::create_directory(staging, ec);
  if (ec) {
    diags.error({root.string(), 0, 0}, "cannot create: " + ec.message() + "; nothing was written");
    return false;
  }
  std::vector<std::pair<fs::path, std::string_view>> writes;
  for (const auto& [path, content] : staged.writes()) writes.emplace_back(staging / path, content);
  std::optional<WriteError> failure = write_all(writes);
  if (!failure) failure = write_file(staging / kManifestPath, staged.manifest());
  if (!failure) {
    sync_file_system(staging);
    // The empty folder there, if any (rmdir leaves anything else; the rename then says why).
    ::rmdir(root.c_str());
    fs::rename(staging, root, ec);
    if (!ec) {
      undo.dismiss();
      sync_folder(parent);
      return true;
    }
  }
  if (ec == std::errc::directory_not_empty || ec == std::errc::file_exists) {
    report_changed_meanwhile(root, diags);  // filled between the check in apply() and the rename
  } else if (failure) {
    // The path the file would have had in the repo, not in the staging folder.
    const fs::path inside = failure->path.lexically_relative(staging);
    const fs::path shown = inside.empty() || inside == "." ? root : root / inside;
    diags.error({shown.string(), 0, 0}, failure->message() + "; nothing was written");
  } else {
    diags.error({root.string(), 0, 0}, "cannot move the new repo into place: " + ec.message());
  }
  return false;
}

// An existing repo: every new content staged next to its target, then all of them renamed, the
// manifest last.
bool apply_update(const WritePlan& plan, const fs::path& root, Staged& staged, Diagnostics& diags) {
  // What an earlier regen that was killed left beside the files it was writing.
  std::set<fs::path> folders = {root / ".frp"};
  for (const FileChange& c : plan.changes) folders.insert((root / c.path).parent_path());
  for (const fs::path& folder : folders) remove_debris(folder, kNewContentMark);
  const std::string suffix = debris_suffix(kNewContentMark);
  std::vector<std::pair<fs::path, fs::path>> renames;
  std::vector<std::pair<fs::path, std::string_view>> writes;
  for (const auto& [path, content] : staged.writes()) {
    fs::path target = root / path;
    fs::path temp = target;
    temp += suffix;
    writes.emplace_back(temp, content);
    renames.emplace_back(temp, target);
  }
  // The folders that new files need, to be removed again if nothing is written after all.
  std::set<fs::path> made;
  for (const auto& [temp, content] : writes) {
    for (fs::path& folder : missing_folders(temp.parent_path())) made.insert(std::move(folder));
  }
  // Every temporary not renamed yet; the new folders, deepest first, if they are empty again.
  UnlessDismissed undo([&] {
    std::error_code ignored;
    for (const auto& [temp, target] : renames) fs::remove(temp, ignored);
    for (auto folder = made.rbegin(); folder != made.rend(); ++folder) fs::remove(*folder, ignored);
  });
  std::optional<WriteError> failure = write_all(writes);
  const fs::path manifest_target = root / kManifestPath;
  if (read_file(manifest_target) != staged.manifest()) {  // a no-op regen leaves it alone too
    fs::path manifest_temp = manifest_target;
    manifest_temp += suffix;
    if (!failure) failure = write_file(manifest_temp, staged.manifest());
    renames.emplace_back(manifest_temp, manifest_target);
  }
  if (failure) {
    for (const auto& [temp, target] : renames) {
      if (failure->path == temp) failure->path = target;  // the user's file, not the temporary
    }
    diags.error({failure->path.string(), 0, 0}, failure->message() + "; nothing was changed");
    return false;
  }
  if (!renames.empty()) sync_file_system(root);
  std::error_code ec;
  for (const auto& [temp, target] : renames) {
    fs::rename(temp, target, ec);
    if (ec) {
      diags.error({target.string(), 0, 0}, "could not replace file: " + ec.message());
      return false;
    }
  }
  undo.dismiss();
  std::set<fs::path> renamed_in;
  for (const auto& [temp, target] : renames) renamed_in.insert(target.parent_path());
  for (const fs::path& folder : renamed_in) sync_folder(folder);
  for (const FileChange& c : plan.changes) {
    if (c.action == Action::Remove) fs::remove(root / c.path, ec);
  }
  return true;
}

// Whether every file apply() would write or remove in an existing repo stays inside it once
// symlinks are resolved: a folder of the repo that is a link to elsewhere must not receive
// frp-gen's files. Each folder is resolved once.
bool writes_stay_inside(const fs::path& root, const Staged& staged, const WritePlan& plan,
                        Diagnostics& diags) {
  std::vector<std::string> paths = {kManifestPath};
  for (const auto& [path, content] : staged.writes()) paths.push_back(path);
  for (const FileChange& c : plan.changes) {
    if (c.action == Action::Remove) paths.push_back(c.path);
  }
  std::unordered_map<std::string, bool> inside;  // by folder
  for (const std::string& path : paths) {
    const std::string folder = fs::path(path).parent_path().string();
    auto known = inside.find(folder);
    if (known == inside.end()) {
      known = inside.emplace(folder, resolves_inside(root.string(), folder.empty() ? "." : folder))
                  .first;
    }
    if (!known->second) {
      diags.error({(root / path).string(), 0, 0},
                  "refusing to write: a symlink in the repo leads '" + folder +
                      "' out of it; nothing was written",
                  "replace the link with a folder of its own");
      return false;
    }
  }
  return true;
}

}  // namespace

bool apply(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
           const json& manifest_header, const json& old_manifest, Diagnostics& diags) {
  for (const FileChange& c : plan.changes) {
    if (!is_safe_relative_path(c.path)) {
      diags.error({c.path, 0, 0}, "refusing to write outside the target folder");
      return false;
    }
  }
  Staged staged(plan, files, manifest_header, old_manifest);
  // "out/" and "out" are the same folder; without the slash, filename() names it.
  fs::path root = fs::path(plan.root).lexically_normal();
  if (root.filename().empty()) root = root.parent_path();
  if (is_absent_or_empty(root) != plan.fresh) {
    report_changed_meanwhile(root, diags);
    return false;
  }
  if (!plan.fresh && !writes_stay_inside(root, staged, plan, diags)) return false;
  return plan.fresh ? apply_fresh(root, staged, diags) : apply_update(plan, root, staged, diags);
}

Preview preview(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
                const json& manifest_header, const json& old_manifest, bool with_diff) {
  Preview out;
  const fs::path root(plan.root);
  // What --force would write over a hand edit, for a conflict; nothing, for a file removed.
  std::vector<std::pair<std::string, std::optional<std::string_view>>> changed;
  std::unordered_map<std::string_view, const render::RenderedFile*> planned;
  for (const render::RenderedFile& f : files) planned[f.path] = &f;
  for (const FileChange& c : plan.changes) {
    if (c.action == Action::Conflict) {
      const auto next = planned.find(c.path);
      changed.emplace_back(c.path, next == planned.end()
                                       ? std::nullopt
                                       : std::optional<std::string_view>(next->second->content));
    } else if (c.action == Action::Remove) {
      changed.emplace_back(c.path, std::nullopt);
    }
  }
  for (const auto& [path, content] : planned_writes(plan, by_path(files))) {
    changed.emplace_back(path, content);
  }
  std::sort(changed.begin(), changed.end());
  for (const auto& [path, content] : changed) {
    const std::optional<std::string> current = read_file(root / path);
    if (current && content && *current == *content) continue;
    out.changes = true;
    if (!with_diff) continue;
    out.diff += unified_diff(path, current.value_or(""), content.value_or(""), current.has_value(),
                             content.has_value());
  }
  const std::string manifest = manifest_text(manifest_header, files, old_manifest, plan);
  const std::optional<std::string> recorded = read_file(root / kManifestPath);
  if (recorded != manifest) {
    out.changes = true;
    if (with_diff) {
      out.diff +=
          unified_diff(kManifestPath, recorded.value_or(""), manifest, recorded.has_value());
    }
  }
  return out;
}

}  // namespace frp::write
