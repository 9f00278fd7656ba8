#include "write/writer.h"

#include <unistd.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "common/paths.h"
#include "common/sha256.h"
#include "write/debris.h"
#include "write/file_io.h"
#include "write/pristine_store.h"
#include "write/three_way_merge.h"
#include "write/unified_diff.h"

namespace frp::write {

namespace fs = std::filesystem;

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
                      const Manifest& old, bool force) {
  WritePlan plan{root, {}};
  plan.fresh = is_absent_or_empty(root);
  auto recorded_hash = [&](const std::string& path) {
    auto entry = old.files.find(path);
    return entry != old.files.end() ? entry->second.sha256 : std::string();
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
  for (const auto& [path, entry] : old.files) {
    if (planned.contains(path) || entry.owner == Owner::Input) continue;
    std::optional<std::string> current = read_file(fs::path(root) / path);
    if (!current) continue;
    if (entry.owner == Owner::Scaffold) {  // the user's file: never removed, only reported
      plan.changes.push_back({path, Owner::Scaffold, Action::Orphaned});
      continue;
    }
    bool edited = entry.sha256 != sha256_hex(*current);
    plan.changes.push_back(
        {path, Owner::Generated, (edited && !force) ? Action::Conflict : Action::Remove});
  }
  plan.pristine = next_pristine(files, plan, store);
  return plan;
}

Manifest next_manifest(Manifest header, const std::vector<render::RenderedFile>& files,
                       const Manifest& old, const WritePlan& plan) {
  Manifest next = std::move(header);
  // A scaffold left as its owner has it records the scaffold all the same: plan_writes skips
  // one only while that is what frp-gen last wrote. A path listed twice keeps its last entry.
  for (const render::RenderedFile& f : files) {
    next.files[f.path] = {f.owner, sha256_hex(f.content), f.ops};
  }
  // `new` writes the inputs; later runs only read them, but the manifest keeps listing them, and
  // orphaned scaffolds, so that they are reported until their op comes back or they are deleted.
  for (const auto& [path, entry] : old.files) {
    if (entry.owner == Owner::Input) next.files.emplace(path, entry);
  }
  for (const FileChange& c : plan.changes) {
    auto kept = old.files.find(c.path);
    if (c.action == Action::Orphaned && kept != old.files.end()) next.files.emplace(*kept);
  }
  return next;
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
         const Manifest& header, const Manifest& old)
      : writes_(planned_writes(plan, by_path(files))),
        manifest_maker_([this, plan = &plan, files = &files, header = &header, old = &old] {
          // Handed to the caller's thread: escaping this one would end the process.
          try {
            manifest_text_ = manifest_text(next_manifest(*header, *files, *old, *plan));
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
  std::vector<std::string> paths = {std::string(kManifestPath)};
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
           const Manifest& header, const Manifest& old, Diagnostics& diags) {
  for (const FileChange& c : plan.changes) {
    if (!is_safe_relative_path(c.path)) {
      diags.error({c.path, 0, 0}, "refusing to write outside the target folder");
      return false;
    }
  }
  Staged staged(plan, files, header, old);
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
                const Manifest& header, const Manifest& old, bool with_diff) {
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
  const std::string manifest = manifest_text(next_manifest(header, files, old, plan));
  const std::optional<std::string> recorded = read_file(root / kManifestPath);
  if (recorded != manifest) {
    out.changes = true;
    if (with_diff) {
      out.diff += unified_diff(std::string(kManifestPath), recorded.value_or(""), manifest,
                               recorded.has_value());
    }
  }
  return out;
}

}  // namespace frp::write
