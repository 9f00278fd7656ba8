// Write stage: the only place that touches the target repo. Compares the rendered files with
// the repo and its manifest, decides what happens to each file, and applies all of it or nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/paths.h"
#include "render/render.h"
#include "write/manifest.h"

namespace frp::write {

// What happens to one file (copier's vocabulary).
enum class Action {
  Create,     // new file
  Update,     // generated file whose content changed
  Unchanged,  // same content: not touched, so its mtime (and the build) stays put
  Skip,       // scaffold or input file that already exists: it is the user's now
  Remove,     // generated file no longer planned, unmodified since generation
  Conflict,   // generated file edited by hand (content differs from the manifest's hash)
  Orphaned,   // scaffold no longer planned (its op left frp.yaml): kept, out of the build, listed
  // Scaffolds their owner edited, whose scaffold changed since frp-gen wrote them (a schema or a
  // template changed): merged three ways against the pristine copy (write/pristine_store.h).
  Merged,         // the new scaffold's changes merged into the owner's file
  MergeConflict,  // overlapping changes, written with conflict markers (or markers still there)
  Stale,          // no pristine copy to merge with (a repo older than them): left as it is
};
std::string_view to_string(Action action);

struct FileChange {
  std::string path;
  Owner owner = Owner::Generated;
  Action action;
  // What is written instead of the rendered text (a merge's result); nullopt: the rendered text.
  std::optional<std::string> content = std::nullopt;
  std::vector<int> conflict_lines = {};  // a MergeConflict's markers, lines from 1
  // Why the path could not be read as a file, for a Conflict or Skip of something that is there
  // but unreadable (no permission, a FIFO, a folder, a dangling link); "" otherwise.
  std::string read_error = {};
};

struct WritePlan {
  std::string root;
  std::vector<FileChange> changes;
  // The text of the repo's pristine store (write/pristine_store.h) after the plan: every planned
  // scaffold as rendered, an orphaned one as it was.
  std::string pristine = {};
  // Whether the plan was made for a folder that was absent or empty: a new repo. If that is no
  // longer so when the plan is applied, another run got there first and nothing is written.
  bool fresh = false;
  bool has_conflicts() const;    // hand-edited generated files: nothing may be written
  bool needs_attention() const;  // conflicts in scaffolds, or stale ones: exit 1 once written
};

// Decides the action for every file. With `force`, hand-edited generated files are overwritten.
// A scaffold its owner edited is merged with its new text when that changed (Merged,
// MergeConflict, or Stale without a pristine copy in the repo's pristine store).
WritePlan plan_writes(const std::string& root, const std::vector<render::RenderedFile>& files,
                      const Manifest& old, bool force);

// Applies the plan. A new repo is staged in a sibling folder and renamed into place in one step;
// an existing repo gets every new content staged next to its target first, then renamed, the
// manifest (next_manifest) last. `old` is the one the plan was made against. Returns
// false (with diagnostics) if anything failed; nothing is left half-done before the renames
// begin.
bool apply(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
           const Manifest& header, const Manifest& old, Diagnostics& diags);

// What `apply` would do to the repo, without doing it (regen --check and --diff).
struct Preview {
  bool changes = false;  // a file would be written or removed, or the manifest rewritten
  std::string diff;      // with `with_diff`: the unified diff of each of those files
};
// For a conflict, the diff shows what --force would write over the hand edit.
Preview preview(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
                const Manifest& header, const Manifest& old, bool with_diff);

// The manifest that `apply` writes: `header` (every member but "files") and each planned file
// with its owner and content hash. Input files of the old manifest stay listed, and orphaned
// scaffolds with their old entry; a skipped scaffold records the scaffold, not its owner's text.
Manifest next_manifest(Manifest header, const std::vector<render::RenderedFile>& files,
                       const Manifest& old, const WritePlan& plan);

// Paths are checked with frp::is_safe_relative_path (common/paths.h).
using frp::is_safe_relative_path;

}  // namespace frp::write
