// What `new` and `regen` tell the user once the pipeline has decided: the summary table, each
// file that needs its owner and why, the ops whose schema changed since the last generation,
// and regen --check/--diff's verdict. Nothing here decides or writes a file.
#pragma once

#include <string>
#include <vector>

#include "cli/op_changes.h"
#include "cli/pipeline.h"
#include "common/diagnostics.h"
#include "plan/plan.h"
#include "render/render.h"
#include "write/manifest.h"
#include "write/writer.h"

namespace frp::cli {

// Prints the errors; returns the exit code of bad input.
int report(const Diagnostics& diags);

// What a regen knows of the ops behind its files: their schemas as the old manifest recorded
// them and as planned now, and the ops each scaffold served then and serves now.
struct OpRecords {
  const write::Manifest& old;   // an empty one for a new repo
  const write::Manifest& next;  // the new manifest's header: the ops as planned now
  const std::vector<render::RenderedFile>& files;

  // Every op whose schema changed; none if the old manifest has no record (a new repo, or one
  // made by an frp-gen that kept none).
  std::vector<SchemaChange> changes(const std::vector<std::string>* only = nullptr) const;
  // The ops of the scaffold at `path` (then and now): all of them, or those whose schema changed.
  std::vector<SchemaChange> of_file(const std::string& path, bool all) const;
};

// After a regen's errors: the ops the repo was generated with that are gone now, since an op
// that a new torch dropped is the likely reason an op of frp.yaml is unknown.
void report_vanished_ops(const write::Manifest& old, const Loaded& loaded);

// Each file that needs its owner (conflicts, merges, orphans, stale scaffolds), then the
// summary: one row per action, one column per owner (or all of it as JSON with --json).
void print_summary(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const plan::RenderModel& model, const Output& out);

// `new` into a folder that already holds something, found before the work or (another run got
// there first) after it.
int refuse_existing_folder(const std::string& dir, Diagnostics& diags);

// regen --check and --diff: what regen would change, nothing written. Exit 1 if anything would,
// or if a file still needs its owner (conflict markers left in it).
int report_preview(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const plan::RenderModel& model, const write::Preview& preview,
                   const Output& out);

}  // namespace frp::cli
