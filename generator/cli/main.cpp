// frp-gen command line: new, regen, validate, list-ops, show-op, plan.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/op_changes.h"
#include "cli/pipeline.h"
#include "common/internal_error.h"
#include "common/parallel.h"
#include "load/yaml_file.h"
#include "plan/plan.h"
#include "write/overlays.h"
#include "write/pristine_store.h"
#include "write/repo_lock.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace frp::cli {
namespace {

struct Output {
  bool json = false;
  bool quiet = false;
};

// With FRP_TIMINGS=1, each stage's wall time goes to stderr (for benchmarks/).
class StageTimer {
 public:
  StageTimer() : enabled_(std::getenv("FRP_TIMINGS") != nullptr), last_(Clock::now()) {}
  void lap(const char* stage) {
    if (!enabled_) return;
    auto now = Clock::now();
    // One write per line: the renderer's workers write their timings to the same stderr.
    std::ostringstream line;
    line << "frp-gen timing: " << stage << " "
         << std::chrono::duration<double, std::milli>(now - last_).count() << " ms\n";
    std::cerr << line.str() << std::flush;
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

// Renderer processes for commands that render: one per core, two at most (the work is a few
// hundred milliseconds; more processes would cost more to start than they save).
int render_workers() { return static_cast<int>(cpu_threads(2)); }

int report(const Diagnostics& diags) {
  std::cerr << diags.format();
  return kExitBadInput;
}

// What a regen knows of the ops behind its files: their schemas as the old manifest recorded
// them and as planned now (the new header's "ops"), and the ops each scaffold served then and
// serves now.
struct OpRecords {
  const json& old_manifest;  // an empty object for a new repo
  const json& header;
  const std::vector<render::RenderedFile>& files;

  // Every op whose schema changed; none if the old manifest has no record (a new repo, or one
  // made by an frp-gen that kept none).
  std::vector<SchemaChange> changes(const std::vector<std::string>* only = nullptr) const {
    auto before = old_manifest.find("ops");
    if (before == old_manifest.end() || !before->is_object()) return {};
    return schema_changes(*before, header.at("ops"), only);
  }
  // The ops of the scaffold at `path` (then and now): all of them, or those whose schema changed.
  std::vector<SchemaChange> of_file(const std::string& path, bool all) const {
    std::vector<std::string> keys;
    for (const auto& f : files) {
      if (f.path == path) keys = f.ops;
    }
    const json old_files = old_manifest.value("files", json::object());
    if (auto old = old_files.find(path); old != old_files.end() && old->is_object()) {
      for (const json& key : old->value("ops", json::array())) {
        if (key.is_string()) keys.push_back(key.get<std::string>());
      }
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    if (!all) return changes(&keys);
    auto before = old_manifest.find("ops");
    return schemas_of(before != old_manifest.end() ? *before : json(), header.at("ops"), keys);
  }
};

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
  const std::string before = ops.old_manifest.value("torch_version", std::string());
  const std::string after = ops.header.value("torch_version", std::string());
  std::cout << "operators whose schema changed since the last generation";
  if (before != after) std::cout << " (torch " << before << " -> " << after << ")";
  std::cout << ":\n" << describe(changed, "  ");
}

// After a regen's errors: the ops the repo was generated with that are gone now, since an op
// that a new torch dropped is the likely reason an op of frp.yaml is unknown.
void report_vanished_ops(const json& old_manifest, const Loaded& loaded) {
  const std::vector<SchemaChange> gone =
      vanished_ops(old_manifest.value("ops", json::object()), loaded.registry);
  if (gone.empty()) return;
  std::cerr << "note: these operators of the last generation (torch "
            << old_manifest.value("torch_version", std::string("?")) << ") are not in torch "
            << loaded.torch_version << " or the custom-op files now:\n"
            << describe(gone, "  ")
            << "  take them out of frp.yaml; their kernel files stay, reported as orphaned\n";
}

// The summary table: one row per action, one column per owner.
void print_summary(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const Output& out) {
  for (const auto& c : plan.changes) {
    if (c.action == write::Action::Conflict && !c.read_error.empty()) {
      Diagnostics unreadable;  // cannot be compared, so it is treated as edited: left alone
      unreadable.error({root + "/" + c.path, 0, 0},
                       c.read_error + "; regen cannot tell whether it was edited, so it leaves it",
                       "make it readable, or remove it to have it generated anew");
      std::cerr << unreadable.format();
    } else if (c.action == write::Action::Conflict) {
      std::cerr << root << "/" << c.path
                << ": conflict: generated file was edited by hand; move your change into a "
                   "kernel or runtime file, or rerun with --force to overwrite it\n";
    } else {
      report_scaffold(root, c, ops);
    }
  }
  const std::vector<SchemaChange> changed = ops.changes();
  if (out.json) {
    json files = json::array();
    json counts = json::object();
    for (const auto& c : plan.changes) {
      json entry = {{"path", c.path}, {"owner", c.owner}, {"action", write::to_string(c.action)}};
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
  const std::vector<std::string> owners = {"generated", "scaffold", "input"};
  std::map<std::string, std::map<std::string, int>> table;
  for (const auto& c : plan.changes) table[std::string(write::to_string(c.action))][c.owner]++;
  std::cout << root << ":\n  " << std::left << std::setw(11) << "" << std::right;
  for (const auto& o : owners) std::cout << std::setw(11) << o;
  std::cout << "\n";
  for (const auto& [action, row] : table) {
    std::cout << "  " << std::left << std::setw(11) << action << std::right;
    for (const auto& o : owners) std::cout << std::setw(11) << (row.contains(o) ? row.at(o) : 0);
    std::cout << "\n";
  }
}

// What a command that renders does with the result.
enum class Outcome {
  kWrite,  // writes the repo
  kCheck,  // writes nothing; exit 1 if anything would change (regen --check)
  kDiff,   // the same, printing the unified diff of each change (regen --diff)
};

// The Python side of a command that renders, and what it renders with.
struct Generation {
  const Settings& settings;
  render::Renderer& renderer;
  nlohmann::json old_manifest;  // the target repo's, or an empty object for a new repo
  Outcome outcome = Outcome::kWrite;
  bool new_repo = false;  // `new`: the target folder must be absent or empty
};

// `new` into a folder that already holds something, found before the work or (another run got
// there first) after it.
int refuse_existing_folder(const std::string& dir, Diagnostics& diags) {
  diags.error({dir, 0, 0}, "target folder already exists and is not empty",
              "use 'frp-gen regen --dir " + dir + "' to update a generated repo");
  return report(diags);
}

// regen --check and --diff: what regen would change, nothing written. Exit 1 if anything would,
// or if a file still needs its owner (conflict markers left in it).
int report_preview(const std::string& root, const write::WritePlan& plan, const OpRecords& ops,
                   const write::Preview& preview, const Output& out) {
  std::cout << preview.diff;
  print_summary(root, plan, ops, out);
  if (!out.json && !out.quiet) {
    std::cout << (preview.changes ? "frp-gen: regen would change the repo; nothing was written\n"
                  : plan.needs_attention() ? "frp-gen: files above need your hand\n"
                                           : "frp-gen: the repo is up to date\n");
  }
  return preview.changes || plan.needs_attention() ? kExitFailed : kExitOk;
}

// Runs plan -> render -> write for `loaded` into `root`. `extra` are input files a new repo gets.
int generate(const Generation& g, const Loaded& loaded, const std::string& root,
             std::vector<render::RenderedFile> extra, bool force, const Output& out,
             Diagnostics& diags, StageTimer& timer) {
  timer.lap("load");
  std::optional<plan::RenderModel> model = plan_model(g.settings, loaded, diags);
  if (!model) {
    const int code = report(diags);
    report_vanished_ops(g.old_manifest, loaded);
    return code;
  }
  timer.lap("plan");
  std::optional<std::vector<render::RenderedFile>> files = g.renderer.render(*model, diags);
  if (!files) return report(diags);
  timer.lap("render");
  attach_scaffold_ops(*model, *files);
  for (auto& f : extra) files->push_back(std::move(f));
  write::WritePlan plan = write::plan_writes(root, *files, g.old_manifest, force);
  if (g.new_repo && !plan.fresh) return refuse_existing_folder(root, diags);
  json header = manifest_header(loaded, g.settings.templates, root);
  header["ops"] = op_schemas(*model);
  const OpRecords ops{g.old_manifest, header, *files};
  timer.lap("compare");
  if (g.outcome != Outcome::kWrite) {
    return report_preview(
        root, plan, ops,
        write::preview(plan, *files, header, g.old_manifest, g.outcome == Outcome::kDiff), out);
  }
  if (plan.has_conflicts()) {
    print_summary(root, plan, ops, out);
    std::cerr << "frp-gen: nothing was written because of the conflicts above\n";
    return kExitFailed;
  }
  if (!write::apply(plan, *files, header, g.old_manifest, diags)) {
    std::cerr << diags.format();
    return kExitFailed;
  }
  timer.lap("write");
  print_summary(root, plan, ops, out);
  if (plan.needs_attention()) {
    std::cerr << "frp-gen: written; the files above need your hand before the next build\n";
    return kExitFailed;
  }
  return kExitOk;
}

std::optional<descriptor::Descriptor> read_or_default(const std::string& descriptor_path,
                                                      const std::string& device,
                                                      const std::vector<std::string>& ops,
                                                      Diagnostics& diags) {
  if (!descriptor_path.empty()) return descriptor::read_descriptor(descriptor_path, diags);
  return descriptor::parse_descriptor("frp.yaml (built-in default)",
                                      descriptor::default_descriptor_text(device, ops), diags);
}

int cmd_new(const Settings& s, const std::string& name, std::string dir,
            const std::string& descriptor_path, const std::vector<std::string>& ops, bool force,
            const Output& out) {
  Diagnostics diags;
  StageTimer timer;
  const SourceLocation cli{"command line", 0, 0};
  if (!descriptor::check_device_name(name, cli, diags)) return report(diags);
  if (!descriptor_path.empty() && !ops.empty()) {
    diags.error(cli, "--ops cannot be combined with --descriptor",
                "list the ops under 'ops:' in " + descriptor_path);
    return report(diags);
  }
  if (dir.empty()) dir = "torch_" + name;
  std::error_code ec;
  const fs::file_status target = fs::status(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) {
    diags.error({dir, 0, 0}, "cannot use this target folder: " + ec.message());
    return report(diags);
  }
  if (fs::exists(target) && !(fs::is_directory(target) && fs::is_empty(dir, ec) && !ec)) {
    return refuse_existing_folder(dir, diags);
  }
  std::unique_ptr<load::TorchLocator> locator = start_torch_locator(s);
  std::unique_ptr<render::Renderer> renderer = start_renderer(s, render_workers());
  std::optional<descriptor::Descriptor> d = read_or_default(descriptor_path, name, ops, diags);
  if (!d) return report(diags);
  if (d->device != name) {
    diags.error(d->device_at, "descriptor is for device '" + d->device +
                                  "' but the command asks for '" + name + "'");
    return report(diags);
  }
  std::string base =
      descriptor_path.empty() ? "." : fs::path(descriptor_path).parent_path().string();
  if (base.empty()) base = ".";
  std::optional<Loaded> loaded = load_all(s, locator.get(), *d, base, diags);
  if (!loaded) return report(diags);

  // The new repo carries its inputs, so `regen` inside it needs nothing from outside.
  std::vector<render::RenderedFile> inputs = {{"frp.yaml", "input", loaded->descriptor.text}};
  for (const descriptor::Ref& file : loaded->descriptor.custom_ops) {
    if (auto text = load::read_text_file((fs::path(base) / file.value).string(), diags)) {
      inputs.push_back({file.value, "input", *text});
    }
  }
  const Generation g{s, *renderer, json::object(), Outcome::kWrite, /*new_repo=*/true};
  return generate(g, *loaded, dir, std::move(inputs), force, out, diags, timer);
}

// --templates folders must be folders: a wrong one would be recorded in the repo's manifest and
// break its every regen.
bool check_template_folders(const std::vector<std::string>& folders) {
  Diagnostics diags;
  for (const std::string& folder : folders) {
    std::error_code ec;
    const fs::file_status status = fs::status(folder, ec);
    if (terminal_safe(folder) != folder) {  // the manifest, JSON, records it as text
      diags.error({folder, 0, 0},
                  "cannot use this --templates folder: its name is not UTF-8 text without control "
                  "characters",
                  "rename the folder");
    } else if (ec) {
      diags.error({folder, 0, 0}, "cannot use this --templates folder: " + ec.message());
    } else if (!fs::is_directory(status)) {
      diags.error({folder, 0, 0}, "cannot use this --templates folder: not a directory",
                  "pass the folder that holds your templates");
    }
  }
  return diags.has_errors() ? (report(diags), false) : true;
}

// Whether `dir` can be a generated repo: a folder frp-gen may search, holding a frp.yaml. Says
// why not, with the OS's reason.
bool check_repo_folder(const std::string& dir, Diagnostics& diags) {
  std::error_code ec;
  const fs::file_status folder = fs::status(dir, ec);
  if (ec) {
    diags.error({dir, 0, 0}, "cannot open the repo folder: " + ec.message());
    return false;
  }
  if (!fs::is_directory(folder)) {
    diags.error({dir, 0, 0}, "not a directory", "pass the folder of a generated repo");
    return false;
  }
  const std::string path = (fs::path(dir) / "frp.yaml").string();
  if (!fs::exists(fs::status(path, ec)) && ec == std::errc::no_such_file_or_directory) {
    diags.error({path, 0, 0}, "not a generated repo: frp.yaml is missing",
                "run 'frp-gen new NAME' to create one");
    return false;
  }
  if (ec) {
    diags.error({path, 0, 0}, "cannot read: " + ec.message());
    return false;
  }
  return true;
}

std::optional<Loaded> load_repo(const Settings& s, load::TorchLocator* locator,
                                const std::string& dir, Diagnostics& diags) {
  if (!check_repo_folder(dir, diags)) return std::nullopt;
  const std::string path = (fs::path(dir) / "frp.yaml").string();
  std::optional<descriptor::Descriptor> d = descriptor::read_descriptor(path, diags);
  if (!d) return std::nullopt;
  return load_all(s, locator, *d, dir, diags);
}

// The template overlays a regen renders with: --templates if given (--no-templates: none),
// else the ones the repo's manifest records.
std::optional<std::vector<std::string>> regen_overlays(const Settings& s, bool no_templates,
                                                       const json& manifest, const std::string& dir,
                                                       Diagnostics& diags) {
  if (no_templates && s.templates_given) {
    diags.error({"command line", 0, 0}, "--templates cannot be combined with --no-templates");
    return std::nullopt;
  }
  if (no_templates) return std::vector<std::string>{};
  if (s.templates_given) return s.templates;
  return write::recorded_overlays(manifest, dir, diags);
}

int cmd_regen(Settings s, const std::string& dir, bool force, bool no_templates, Outcome outcome,
              const Output& out) {
  Diagnostics diags;
  StageTimer timer;
  if (!check_repo_folder(dir, diags)) return report(diags);
  std::unique_ptr<load::TorchLocator> locator = start_torch_locator(s);
  // Held to the end: a second regen of this repo waits for this one.
  const write::RepoLock lock = write::RepoLock::acquire(dir, outcome == Outcome::kWrite, std::cerr);
  std::optional<json> manifest = write::read_manifest(dir, diags);
  if (!manifest) return report(diags);
  std::optional<std::vector<std::string>> overlays =
      regen_overlays(s, no_templates, *manifest, dir, diags);
  if (!overlays) return report(diags);
  s.templates = std::move(*overlays);
  std::unique_ptr<render::Renderer> renderer = start_renderer(s, render_workers());
  std::optional<Loaded> loaded = load_repo(s, locator.get(), dir, diags);
  if (!loaded) return report(diags);
  const Generation g{s, *renderer, std::move(*manifest), outcome};
  return generate(g, *loaded, dir, {}, force, out, diags, timer);
}

// Loads a descriptor from a file or from a repo, and plans it without writing anything.
std::optional<plan::RenderModel> plan_only(const Settings& s, const std::string& descriptor_path,
                                           const std::string& dir, Diagnostics& diags) {
  std::unique_ptr<load::TorchLocator> locator = start_torch_locator(s);
  std::optional<Loaded> loaded;
  if (!descriptor_path.empty()) {
    std::optional<descriptor::Descriptor> d = descriptor::read_descriptor(descriptor_path, diags);
    if (!d) return std::nullopt;
    std::string base = fs::path(descriptor_path).parent_path().string();
    loaded = load_all(s, locator.get(), *d, base.empty() ? "." : base, diags);
  } else {
    loaded = load_repo(s, locator.get(), dir, diags);
  }
  if (!loaded) return std::nullopt;
  return plan_model(s, *loaded, diags);
}

int cmd_validate(const Settings& s, const std::string& descriptor_path, const std::string& dir,
                 const Output& out) {
  Diagnostics diags;
  std::optional<plan::RenderModel> model = plan_only(s, descriptor_path, dir, diags);
  if (!model) return report(diags);
  if (out.json) {
    std::cout << json{{"valid", true}, {"ops", model->ops.size()}}.dump() << "\n";
  } else if (!out.quiet) {
    std::cout << "valid: " << model->doc["backend"]["device"].get<std::string>() << ", "
              << model->ops.size() << " ops, " << model->files.size() << " files planned\n";
  }
  return kExitOk;
}

int cmd_plan(const Settings& s, const std::string& descriptor_path, const std::string& dir) {
  Diagnostics diags;
  std::optional<plan::RenderModel> model = plan_only(s, descriptor_path, dir, diags);
  if (!model) return report(diags);
  std::cout << model->to_json().dump(2) << "\n";
  return kExitOk;
}

int cmd_list_ops(const Settings& s, const std::string& tag, const std::string& match,
                 const Output& out) {
  Diagnostics diags;
  model::OpRegistry registry;
  json inputs;
  if (!load_torch_ops(s, start_torch_locator(s).get(), registry, inputs, diags)) {
    return report(diags);
  }
  if (!tag.empty() && !registry.tags().contains(tag)) {
    std::vector<std::string> tags(registry.tags().begin(), registry.tags().end());
    diags.error({"command line", 0, 0}, "unknown tag '" + tag + "'", did_you_mean(tag, tags));
    return report(diags);
  }
  json listed = json::array();
  for (const auto& fn : registry.all()) {
    if (!match.empty() && fn->key.find(match) == std::string::npos) continue;
    if (!tag.empty() && std::find(fn->tags.begin(), fn->tags.end(), tag) == fn->tags.end()) {
      continue;
    }
    if (out.json) {
      listed.push_back(
          {{"key", fn->key}, {"schema", schema::to_string(fn->func)}, {"tags", fn->tags}});
    } else {
      std::cout << fn->key << "\n";
    }
  }
  if (out.json) std::cout << listed.dump(2) << "\n";
  return kExitOk;
}

int cmd_show_op(const Settings& s, const std::string& key, const Output& out) {
  Diagnostics diags;
  model::OpRegistry registry;
  json inputs;
  if (!load_torch_ops(s, start_torch_locator(s).get(), registry, inputs, diags)) {
    return report(diags);
  }
  const model::NativeFunction* fn = registry.find(key.starts_with("aten::") ? key.substr(6) : key);
  if (!fn) {
    diags.error({"command line", 0, 0}, "unknown operator '" + key + "'",
                did_you_mean(key, registry.keys()));
    return report(diags);
  }
  std::optional<model::Op> op = model::build_op(*fn, diags);
  if (!op) return report(diags);
  json j = plan::op_to_json(*op);
  if (out.json) {
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "schema:    " << op->schema << "\n"
            << "C++:       " << op->return_type << " " << op->cpp_name << "("
            << j["signature"].get<std::string>() << ")\n"
            << "kind:      " << model::to_string(op->kind) << "\n"
            << "family:    " << op->family << "\n"
            << "tags:      ";
  for (const auto& t : fn->tags) std::cout << t << (t == fn->tags.back() ? "" : ", ");
  std::cout << "\n"
            << "defined:   " << fn->location.file << ":" << fn->location.line << "\n";
  return kExitOk;
}

int run(int argc, char** argv) {
  CLI::App app{"frp-gen: scaffold and regenerate out-of-tree PyTorch backends (PrivateUse1)"};
  app.set_version_flag("--version", std::string("frp-gen ") + FRP_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  Settings s = default_settings();
  Output out;
  app.add_flag("--json", out.json, "Machine-readable output on stdout");
  app.add_flag("-q,--quiet", out.quiet, "Print only errors");
  app.add_option("--python", s.python, "Python with torch and Jinja2 (default: $FRP_PYTHON)");
  app.add_option("--native-functions", s.native_functions,
                 "PyTorch's native_functions.yaml (default: found in the installed torch)");
  app.add_option("--tags", s.tags, "PyTorch's tags.yaml (default: next to native_functions.yaml)");
  app.add_option("--templates", s.templates,
                 "Template folder layered over the built-in templates (repeatable, first wins); "
                 "recorded in the repo's manifest, so that a later regen uses it too");

  std::string name, dir, descriptor_path, tag, match, key;
  std::vector<std::string> ops;
  bool force = false, no_templates = false;

  CLI::App* new_cmd = app.add_subcommand("new", "Create a new backend repo");
  new_cmd->add_option("name", name, "Device name, e.g. mydevice")->required();
  new_cmd->add_option("--dir", dir, "Target folder (default: torch_<name>)");
  new_cmd->add_option("--descriptor", descriptor_path, "Backend descriptor YAML");
  new_cmd->add_option("--ops", ops, "Operators to give kernels, e.g. add.Tensor mm")
      ->delimiter(',');
  new_cmd->add_flag("--force", force, "Overwrite generated files even if edited by hand");

  CLI::App* regen_cmd = app.add_subcommand("regen", "Re-render a generated repo from its frp.yaml");
  regen_cmd->add_option("--dir", dir, "The generated repo (default: current folder)");
  regen_cmd->add_flag("--force", force, "Overwrite generated files even if edited by hand");
  bool check = false, show_diff = false;
  CLI::Option* check_flag = regen_cmd->add_flag(
      "--check", check, "Write nothing; exit 1 if regen would change anything (for CI)");
  regen_cmd
      ->add_flag("--diff", show_diff,
                 "Write nothing; print the unified diff of every change regen would make "
                 "(exit 1 if there is any)")
      ->excludes(check_flag);
  regen_cmd->add_flag("--no-templates", no_templates,
                      "Drop the template folders the manifest records: render with the built-in "
                      "templates only (--templates DIR replaces them instead)");

  CLI::App* validate_cmd =
      app.add_subcommand("validate", "Check a descriptor and its schemas; writes nothing");
  validate_cmd->add_option("--descriptor", descriptor_path, "Backend descriptor YAML");
  validate_cmd->add_option("--dir", dir, "A generated repo (default: current folder)");

  CLI::App* plan_cmd = app.add_subcommand("plan", "Print the render model (JSON); writes nothing");
  plan_cmd->add_option("--descriptor", descriptor_path, "Backend descriptor YAML");
  plan_cmd->add_option("--dir", dir, "A generated repo (default: current folder)");

  CLI::App* list_cmd = app.add_subcommand("list-ops", "List PyTorch's operators");
  list_cmd->add_option("--tag", tag, "Only ops with this tag, e.g. core");
  list_cmd->add_option("--match", match, "Only ops whose name contains this text");

  CLI::App* show_cmd =
      app.add_subcommand("show-op", "Show an operator's schema, C++ signature, tags");
  show_cmd->add_option("op", key, "Operator, e.g. add.Tensor")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  if (dir.empty() && !new_cmd->parsed()) dir = ".";
  s.templates_given = app.count("--templates") > 0;
  if (!check_template_folders(s.templates)) return kExitBadInput;
  if (new_cmd->parsed()) return cmd_new(s, name, dir, descriptor_path, ops, force, out);
  if (regen_cmd->parsed()) {
    const Outcome outcome = show_diff ? Outcome::kDiff : check ? Outcome::kCheck : Outcome::kWrite;
    return cmd_regen(s, dir, force, no_templates, outcome, out);
  }
  if (validate_cmd->parsed()) return cmd_validate(s, descriptor_path, dir, out);
  if (plan_cmd->parsed()) return cmd_plan(s, descriptor_path, dir);
  if (list_cmd->parsed()) return cmd_list_ops(s, tag, match, out);
  if (show_cmd->parsed()) return cmd_show_op(s, key, out);
  return kExitBadInput;
}

}  // namespace
}  // namespace frp::cli

int main(int argc, char** argv) {
  // A renderer that dies must surface as an error message, not kill frp-gen with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  return frp::run_reporting_internal_errors([&] { return frp::cli::run(argc, argv); }, std::cerr);
}
