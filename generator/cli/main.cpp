// frp-gen command line: new, regen, validate, list-ops, show-op, plan.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/cli_reference.h"
#include "cli/pipeline.h"
#include "cli/regen_report.h"
#include "common/internal_error.h"
#include "load/yaml_file.h"
#include "plan/plan.h"
#include "write/overlays.h"
#include "write/repo_lock.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace frp::cli {
namespace {

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
  // The renderer first: its start-up (Python, Jinja2, the templates) is the longest wait.
  std::unique_ptr<render::Renderer> renderer = start_renderer(s, render_workers());
  std::unique_ptr<load::TorchLocator> locator = start_torch_locator(s);
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
  std::vector<render::RenderedFile> inputs = {{"frp.yaml", Owner::Input, loaded->descriptor.text}};
  for (const descriptor::Ref& file : loaded->descriptor.custom_ops) {
    if (auto text = load::read_text_file((fs::path(base) / file.value).string(), diags)) {
      inputs.push_back({file.value, Owner::Input, *text});
    }
  }
  const Generation g{s, *renderer, write::Manifest{}, Outcome::kWrite, /*new_repo=*/true};
  return generate(g, std::move(*loaded), dir, std::move(inputs), force, out, diags, timer);
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

// The template overlays a regen renders with: --templates if given (--no-templates: none),
// else the ones the repo's manifest records.
std::optional<std::vector<std::string>> regen_overlays(const Settings& s, bool no_templates,
                                                       const write::Manifest& manifest,
                                                       const std::string& dir, Diagnostics& diags) {
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
  std::optional<write::Manifest> manifest = write::read_manifest(dir, diags);
  if (!manifest) return report(diags);
  std::optional<std::vector<std::string>> overlays =
      regen_overlays(s, no_templates, *manifest, dir, diags);
  if (!overlays) return report(diags);
  s.templates = std::move(*overlays);
  std::unique_ptr<render::Renderer> renderer = start_renderer(s, render_workers());
  std::optional<Loaded> loaded = load_repo(s, locator.get(), dir, diags);
  if (!loaded) return report(diags);
  const Generation g{s, *renderer, std::move(*manifest), outcome};
  return generate(g, std::move(*loaded), dir, {}, force, out, diags, timer);
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
  std::map<std::string, std::string> inputs;
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
  std::map<std::string, std::string> inputs;
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

// What the command line sets: the options of every command and of each subcommand.
struct Arguments {
  Settings settings = default_settings();
  Output out;
  std::string name, dir, descriptor_path, tag, match, key;
  std::vector<std::string> ops;
  bool force = false, no_templates = false, check = false, show_diff = false;
};

// The subcommands, to see which one was given.
struct Commands {
  CLI::App *new_repo, *regen, *validate, *plan, *list_ops, *show_op;
};

// Exit codes and environment: the app's footer, in --help and at the end of docs/cli.md.
constexpr const char* kFooter =
    "Exit codes:\n"
    "  0  success\n"
    "  1  conflicts with hand-edited generated files (nothing written); a regen that wrote\n"
    "     merge conflicts or stale files that need your hand; regen --check or --diff that\n"
    "     found changes\n"
    "  2  bad input or usage (nothing written)\n"
    "  3  an internal error: a bug in frp-gen, please report it\n"
    "\n"
    "Environment:\n"
    "  FRP_PYTHON     the default of --python\n"
    "  FRP_CACHE_DIR  frp-gen's cache (default: $XDG_CACHE_HOME/frp-gen, else\n"
    "                 ~/.cache/frp-gen; FRP_CACHE_DIR=off: none): compiled templates (like\n"
    "                 Python bytecode, each checked against its template's source), the\n"
    "                 bytecode of frp-gen's own Python scripts, torch's operators as last read\n"
    "                 from its native_functions.yaml (used while that file is unchanged),\n"
    "                 where each Python's torch was last found (read ahead while Python starts,\n"
    "                 then confirmed by it), and the texts of the eight runs rendered most\n"
    "                 recently (taken by a run that would render exactly the same, such as a\n"
    "                 regen with nothing to do, while the templates, the renderer and its\n"
    "                 Python and Jinja2 are as they were)\n"
    "  FRP_TIMINGS    if set (FRP_TIMINGS=1), print each stage's time to stderr\n"
    "  FRP_DATA_DIR   the folder with frp-gen's templates/, schemas/ and generator/ (default:\n"
    "                 the source tree frp-gen was built from)";

void add_global_options(CLI::App& app, Arguments& a) {
  app.set_version_flag("--version", std::string("frp-gen ") + FRP_VERSION);
  app.add_flag_callback(
      "--help-markdown",
      [&app] {
        std::cout << markdown_reference(app) << "\n";
        throw CLI::Success();
      },
      "Print this CLI's reference in Markdown (docs/cli.md is this output)");
  app.add_flag("--json", a.out.json, "Machine-readable output on stdout");
  app.add_flag("-q,--quiet", a.out.quiet, "Print only errors");
  app.add_option("--python", a.settings.python,
                 "Python with torch and Jinja2 (default: $FRP_PYTHON, else the Python frp-gen "
                 "was built with)")
      ->type_name("PATH");
  app.add_option("--native-functions", a.settings.native_functions,
                 "PyTorch's native_functions.yaml to read the operators from (default: the "
                 "installed torch's)")
      ->type_name("FILE");
  app.add_option("--tags", a.settings.tags,
                 "PyTorch's tags.yaml (default: next to native_functions.yaml)")
      ->type_name("FILE");
  app.add_option("--templates", a.settings.templates,
                 "Template folder layered over the built-in templates (the first given wins); "
                 "recorded in the repo's manifest (.frp/manifest.json, relative to the repo when "
                 "inside it), so that a later regen uses it too; a recorded folder that is gone "
                 "is an error")
      ->type_name("DIR");
}

CLI::App* add_new_command(CLI::App& app, Arguments& a) {
  CLI::App* cmd = app.add_subcommand("new", "Create a backend repo");
  cmd->add_option("NAME", a.name, "Device name, e.g. mydevice")->required()->type_name("");
  cmd->add_option("--dir", a.dir, "Target folder; it must be absent or empty")
      ->type_name("DIR")
      ->default_str("torch_NAME");
  cmd->add_option("--descriptor", a.descriptor_path,
                  "Backend descriptor YAML (default: the built-in one for NAME and --ops)")
      ->type_name("FILE");
  cmd->add_option("--ops", a.ops,
                  "Operators to give kernels, e.g. add.Tensor,mm; only without --descriptor (a "
                  "descriptor lists them under ops)")
      ->type_name("OPS")
      ->delimiter(',');
  cmd->add_flag("--force", a.force, "Overwrite generated files even if edited by hand");
  cmd->footer(
      "The repo gets its descriptor as frp.yaml, and copies of the descriptor's custom-op files,\n"
      "so that regen inside it needs nothing from outside.");
  return cmd;
}

CLI::App* add_regen_command(CLI::App& app, Arguments& a) {
  CLI::App* cmd = app.add_subcommand("regen", "Re-render a generated repo from its frp.yaml");
  cmd->add_option("--dir", a.dir, "The generated repo")->type_name("DIR")->default_str(".");
  cmd->add_flag("--force", a.force, "Overwrite generated files even if edited by hand");
  CLI::Option* check = cmd->add_flag(
      "--check", a.check, "Write nothing; exit 1 if regen would change anything (for CI)");
  cmd->add_flag("--diff", a.show_diff,
                "Write nothing; print the unified diff of every change regen would make, a patch "
                "that git apply or patch -p1 applies (exit 1 if there is any)")
      ->excludes(check);
  cmd->add_flag("--no-templates", a.no_templates,
                "Drop the template folders the manifest records: render with the built-in "
                "templates only (--templates replaces them instead)");
  cmd->footer(
      "regen renders with the template folders the repo's manifest records. Generated files are\n"
      "rewritten; one edited by hand is a conflict, and then nothing is written (exit 1) unless\n"
      "--force. A scaffold (written once, then yours) whose template or operator schemas changed\n"
      "is merged: its new signatures come in, your code stays, and lines that both changed get\n"
      "conflict markers (exit 1). A second regen of one repo waits for the first.");
  return cmd;
}

// validate and plan: they read a descriptor file or a repo's frp.yaml.
CLI::App* add_reading_command(CLI::App& app, Arguments& a, const std::string& name,
                              const std::string& about) {
  CLI::App* cmd = app.add_subcommand(name, about);
  CLI::Option* file = cmd->add_option("--descriptor", a.descriptor_path,
                                      "Backend descriptor YAML to read instead of a repo's")
                          ->type_name("FILE");
  cmd->add_option("--dir", a.dir, "A generated repo, whose frp.yaml is read")
      ->type_name("DIR")
      ->default_str(".")
      ->excludes(file);
  return cmd;
}

Commands add_commands(CLI::App& app, Arguments& a) {
  Commands c{};
  c.new_repo = add_new_command(app, a);
  c.regen = add_regen_command(app, a);
  c.validate =
      add_reading_command(app, a, "validate", "Check a descriptor and its schemas; writes nothing");
  c.plan = add_reading_command(
      app, a, "plan", "Print the render model (the JSON the templates see); writes nothing");
  c.list_ops = app.add_subcommand(
      "list-ops", "List the operators of the installed torch (or of --native-functions)");
  c.list_ops->add_option("--tag", a.tag, "Only ops with this tag, e.g. core")->type_name("TAG");
  c.list_ops->add_option("--match", a.match, "Only ops whose name contains this text");
  c.show_op = app.add_subcommand(
      "show-op",
      "Show an operator's schema, dispatcher C++ signature, kind, family, tags and definition");
  c.show_op->add_option("OP", a.key, "Operator, e.g. add.Tensor (an aten:: prefix is allowed)")
      ->required()
      ->type_name("");
  return c;
}

int dispatch(const Commands& c, Arguments& a) {
  Settings& s = a.settings;
  if (c.new_repo->parsed())
    return cmd_new(s, a.name, a.dir, a.descriptor_path, a.ops, a.force, a.out);
  if (c.regen->parsed()) {
    const Outcome outcome = a.show_diff ? Outcome::kDiff
                            : a.check   ? Outcome::kCheck
                                        : Outcome::kWrite;
    return cmd_regen(s, a.dir, a.force, a.no_templates, outcome, a.out);
  }
  if (c.validate->parsed()) return cmd_validate(s, a.descriptor_path, a.dir, a.out);
  if (c.plan->parsed()) return cmd_plan(s, a.descriptor_path, a.dir);
  if (c.list_ops->parsed()) return cmd_list_ops(s, a.tag, a.match, a.out);
  if (c.show_op->parsed()) return cmd_show_op(s, a.key, a.out);
  return kExitBadInput;
}

int run(int argc, char** argv) {
  // Every text here is also the reference page (docs/cli.md, from --help-markdown).
  CLI::App app{"frp-gen: scaffold and regenerate out-of-tree PyTorch backends (PrivateUse1)",
               "frp-gen"};
  app.require_subcommand(1);
  app.fallthrough();
  Arguments a;
  add_global_options(app, a);
  const Commands commands = add_commands(app, a);
  app.footer(kFooter);  // after the subcommands: each takes its parent's footer when added
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  if (a.dir.empty() && !commands.new_repo->parsed()) a.dir = ".";
  a.settings.templates_given = app.count("--templates") > 0;
  if (!check_template_folders(a.settings.templates)) return kExitBadInput;
  return dispatch(commands, a);
}

}  // namespace
}  // namespace frp::cli

int main(int argc, char** argv) {
  // A renderer that dies must surface as an error message, not kill frp-gen with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  return frp::run_reporting_internal_errors([&] { return frp::cli::run(argc, argv); }, std::cerr);
}
