#include "cli/regen_report.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "write/pristine_store.h"

namespace frp::cli {

using nlohmann::json;

int report(const Diagnostics& diags) {
  std::cerr << diags.format();
  return kExitBadInput;
}

std::vector<SchemaChange> OpRecords::changes(const std::vector<std::string>* only) const {
  return write::schema_changes(old, next, only);
}

std::vector<SchemaChange> OpRecords::of_file(const std::string& path, bool all) const {
  std::vector<std::string> keys;
  for (const auto& f : files) {
    if (f.path == path) keys = f.ops;
  }
  if (auto entry = old.files.find(path); entry != old.files.end()) {
    keys.insert(keys.end(), entry->second.ops.begin(), entry->second.ops.end());
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  if (!all) return changes(&keys);
  return write::schemas_of(old.ops.value_or(write::OpSchemas{}),
                           next.ops.value_or(write::OpSchemas{}), keys);
}

namespace {

// Why a scaffold needs its owner: what happened, and the ops whose schema changed under it.
void report_scaffold(const std::string& root, const write::FileChange& c, const OpRecords& ops) {
  const std::string where = root + "/" + c.path;
  switch (c.action) {
    case write::Action::Orphaned:
      std::cerr << where
                << ": orphaned: no operator of frp.yaml uses this file any more; it is kept, "
                   "out of the build, until its operator is listed again or you delete it\n";
      break;
    case write::Action::Merged:
      std::cerr << where
                << ": merged: the scaffold changed; its new signatures and includes are in "
                   "your file, your code is kept\n";
      break;
    case write::Action::MergeConflict:
      for (int line : c.conflict_lines) {
        std::cerr << where << ":" << line
                  << ": conflict: your edits and the new scaffold change the same lines; keep "
                     "what you need between the markers (<<<<<<< ... >>>>>>>), delete the "
                     "markers, then rebuild\n";
      }
      break;
    case write::Action::Stale:
      std::cerr << where
                << ": stale: the scaffold frp-gen writes for this file changed, and there is no "
                   "copy of the one it wrote before to merge with (the repo predates "
                   ".frp/pristine.txt); your file is left as it is: compare it with the new "
                   "scaffold, now under its path in "
                << root << "/" << write::PristineStore::kPath
                << ", and bring over what you need (later changes will merge)\n";
      break;
    default:
      return;
  }
  // An orphan names all its ops (one may have only left `autograd:`); the others, what changed.
  std::cerr << describe(ops.of_file(c.path, c.action == write::Action::Orphaned), "  ");
}

// What changed in the planned ops since the repo's last generation, before anything is built
// against them: ops that joined or left the plan by name, and the ops whose schema changed (a
// new torch, an edited custom-op file) with the old and the new schema.
void print_schema_changes(const OpRecords& ops, const std::vector<SchemaChange>& changes) {
  std::vector<SchemaChange> changed;
  std::string joined, left;
  auto append = [](std::string& list, const std::string& op) {
    list += (list.empty() ? "" : ", ") + op;
  };
  for (const SchemaChange& c : changes) {
    if (c.before.empty()) {
      append(joined, c.op);
    } else if (c.after.empty()) {
      append(left, c.op);
    } else {
      changed.push_back(c);
    }
  }
  if (!joined.empty()) std::cout << "operators new to the plan: " << joined << "\n";
  if (!left.empty()) std::cout << "operators no longer planned: " << left << "\n";
  if (changed.empty()) return;
  const std::string& before = ops.old.torch_version;
  const std::string& after = ops.next.torch_version;
  std::cout << "operators whose schema changed since the last generation";
  if (before != after) std::cout << " (torch " << before << " -> " << after << ")";
  std::cout << ":\n" << describe(changed, "  ");
}

// Where the team's change to the generated file `path` belongs: its file-table row's
// `extend_in`, else their kernels or runtime. Looked up only for a file edited by hand.
std::string where_changes_go(const plan::RenderModel& model, const std::string& path) {
  for (const plan::ModelFile& file : model.files) {
    if (file.path == path && !file.extend_in.empty()) return file.extend_in + ", which is yours";
  }
  return "a kernel or runtime file";
}

}  // namespace

void report_vanished_ops(const write::Manifest& old, const Loaded& loaded) {
  const std::vector<SchemaChange> gone =
      vanished_ops(old.ops.value_or(write::OpSchemas{}), loaded.registry);
  if (gone.empty()) return;
  std::cerr << "note: these operators of the last generation (torch "
            << (old.torch_version.empty() ? "?" : old.torch_version) << ") are not in torch "
            << loaded.torch_version << " or the custom-op files now:\n"
            << describe(gone, "  ")
            << "  take them out of frp.yaml; their kernel files stay, reported as orphaned\n";
}

void print_summary(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const plan::RenderModel& model, const Output& out) {
  for (const auto& c : plan.changes) {
    if (c.action == write::Action::Conflict && !c.read_error.empty()) {
      Diagnostics unreadable;  // cannot be compared, so it is treated as edited: left alone
      unreadable.error({root + "/" + c.path, 0, 0},
                       c.read_error + "; regen cannot tell whether it was edited, so it leaves it",
                       "make it readable, or remove it to have it generated anew");
      std::cerr << unreadable.format();
    } else if (c.action == write::Action::Conflict) {
      std::cerr << root << "/" << c.path
                << ": conflict: generated file was edited by hand; move your change into "
                << where_changes_go(model, c.path) << ", or rerun with --force to overwrite it\n";
    } else {
      report_scaffold(root, c, ops);
    }
  }
  const std::vector<SchemaChange> changed = ops.changes();
  if (out.json) {
    json files = json::array();
    json counts = json::object();
    for (const auto& c : plan.changes) {
      json entry = {
          {"path", c.path}, {"owner", to_string(c.owner)}, {"action", write::to_string(c.action)}};
      if (!c.conflict_lines.empty()) entry["conflict_lines"] = c.conflict_lines;
      if (!c.read_error.empty()) entry["read_error"] = c.read_error;
      files.push_back(std::move(entry));
      counts[std::string(write::to_string(c.action))] =
          counts.value(std::string(write::to_string(c.action)), 0) + 1;
    }
    json schemas = json::array();
    for (const SchemaChange& c : changed) {
      schemas.push_back({{"op", c.op}, {"before", c.before}, {"after", c.after}});
    }
    std::cout << json{{"root", root},
                      {"files", files},
                      {"summary", counts},
                      {"schema_changes", schemas}}
                     .dump(2)
              << "\n";
    return;
  }
  if (out.quiet) return;
  print_schema_changes(ops, changed);
  const Owner owners[] = {Owner::Generated, Owner::Scaffold, Owner::Input};
  std::map<std::string, std::map<Owner, int>> table;
  for (const auto& c : plan.changes) table[std::string(write::to_string(c.action))][c.owner]++;
  std::cout << root << ":\n  " << std::left << std::setw(11) << "" << std::right;
  for (Owner o : owners) std::cout << std::setw(11) << to_string(o);
  std::cout << "\n";
  for (const auto& [action, row] : table) {
    std::cout << "  " << std::left << std::setw(11) << action << std::right;
    for (const auto& o : owners) std::cout << std::setw(11) << (row.contains(o) ? row.at(o) : 0);
    std::cout << "\n";
  }
}

int refuse_existing_folder(const std::string& dir, Diagnostics& diags) {
  diags.error({dir, 0, 0}, "target folder already exists and is not empty",
              "use 'frp-gen regen --dir " + dir + "' to update a generated repo");
  return report(diags);
}

int report_preview(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const plan::RenderModel& model, const write::Preview& preview,
                   const Output& out) {
  std::cout << preview.diff;
  print_summary(root, plan, ops, model, out);
  const int status = preview.changes || plan.needs_attention() ? kExitFailed : kExitOk;
  if (out.json || out.quiet) return status;
  // --check names each file it would write, so that a failed CI job says which (--diff's
  // patch names them already).
  for (const auto& c : plan.changes) {
    const char* verb = c.action == write::Action::Create   ? "create"
                       : c.action == write::Action::Update ? "update"
                       : c.action == write::Action::Remove ? "remove"
                       : c.action == write::Action::Merged ? "merge into"
                                                           : nullptr;
    if (verb && preview.diff.empty()) {
      std::cout << "  would " << verb << " " << root << "/" << c.path << "\n";
    }
  }
  std::cout << (preview.changes ? "frp-gen: regen would change the repo; nothing was written\n"
                : plan.needs_attention() ? "frp-gen: files above need your hand\n"
                                         : "frp-gen: the repo is up to date\n");
  return status;
}

}  // namespace frp::cli
