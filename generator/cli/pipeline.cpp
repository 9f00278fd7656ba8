#include "cli/pipeline.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/op_changes.h"
#include "cli/regen_report.h"
#include "common/parallel.h"
#include "common/paths.h"
#include "common/release_at_exit.h"
#include "common/sha256.h"
#include "load/torch_locator.h"
#include "load/yaml_file.h"
#include "plan/plan.h"
#include "write/overlays.h"

namespace frp::cli {

namespace fs = std::filesystem;

Settings default_settings() {
  Settings s;
  const char* python = std::getenv("FRP_PYTHON");
  s.python = python && *python ? python : FRP_PYTHON;
  const char* data = std::getenv("FRP_DATA_DIR");
  s.data_dir = data && *data ? data : FRP_SOURCE_DIR;
  s.cache = CacheFolder::from_environment();
  return s;
}

StageTimer::StageTimer() : enabled_(std::getenv("FRP_TIMINGS") != nullptr), last_(Clock::now()) {}

void StageTimer::lap(const char* stage) {
  if (!enabled_) return;
  auto now = Clock::now();
  // One write per line: the renderer's workers write their timings to the same stderr.
  std::ostringstream line;
  line << "frp-gen timing: " << stage << " "
       << std::chrono::duration<double, std::milli>(now - last_).count() << " ms\n";
  std::cerr << line.str() << std::flush;
  last_ = now;
}

int render_workers() { return static_cast<int>(cpu_threads(2)); }

namespace {

void record_input(std::map<std::string, std::string>& inputs, const std::string& name,
                  const std::string& path, Diagnostics& diags) {
  if (std::optional<std::string> text = load::read_text_file(path, diags)) {
    inputs[name] = sha256_hex(*text);
  }
}

}  // namespace

std::unique_ptr<load::TorchLocator> start_torch_locator(const Settings& s) {
  if (!s.native_functions.empty()) return nullptr;
  return std::make_unique<load::TorchLocator>(
      s.python, s.data_dir + "/generator/load/locate_torch.py", s.cache);
}

std::unique_ptr<render::Renderer> start_renderer(const Settings& s, int workers) {
  render::Options opts;
  opts.python = s.python;
  opts.renderer = s.data_dir + "/generator/render/render.py";
  opts.template_dirs = s.templates;
  opts.template_dirs.push_back(s.data_dir + "/templates");
  opts.template_cache = s.cache.templates();
  opts.bytecode_cache = s.cache.python();
  opts.kept = s.cache;
  opts.workers = workers;
  return std::make_unique<render::Renderer>(std::move(opts));
}

namespace {

bool load_torch_yaml(const Settings& s, const load::TorchYaml& yaml, model::OpRegistry& registry,
                     Diagnostics& diags) {
  return registry.load_tags(yaml.tags, diags) &&
         registry.load_torch_functions({s.cache, yaml.native_functions, yaml.tags}, diags);
}

// The yaml the Settings name (--native-functions, --tags), loaded into `registry`.
std::optional<load::TorchYaml> load_named_yaml(const Settings& s, model::OpRegistry& registry,
                                               Diagnostics& diags) {
  load::TorchYaml yaml;
  yaml.native_functions = s.native_functions;
  yaml.tags =
      s.tags.empty() ? (fs::path(s.native_functions).parent_path() / "tags.yaml").string() : s.tags;
  yaml.torch_version = "unknown";
  if (!load_torch_yaml(s, yaml, registry, diags)) return std::nullopt;
  return yaml;
}

// The installed torch's yaml, loaded into `registry`. Unless the locator's last answer still
// holds, Python can say where torch is only once it has started: meanwhile the yaml is read from
// where it was last time, and Python's answer decides whether that load stands.
std::optional<load::TorchYaml> load_installed_yaml(const Settings& s, load::TorchLocator& locator,
                                                   model::OpRegistry& registry,
                                                   Diagnostics& diags) {
  std::optional<load::TorchLocation> guess = locator.remembered();
  Diagnostics guess_diags;
  std::optional<load::TorchYaml> guessed;
  if (guess) {
    guessed = load::torch_yaml_in(guess->torchgen, guess->torch_version, s.python, guess_diags);
  }
  const bool guess_loaded = guessed && load_torch_yaml(s, *guessed, registry, guess_diags);

  const std::optional<load::TorchLocation> actual = locator.location(diags);
  if (!actual) return std::nullopt;
  locator.remember();
  if (guess_loaded && *guess == *actual) {
    diags.append(guess_diags);
    return guessed;
  }
  registry = model::OpRegistry();
  std::optional<load::TorchYaml> found =
      load::torch_yaml_in(actual->torchgen, actual->torch_version, s.python, diags);
  if (!found || !load_torch_yaml(s, *found, registry, diags)) return std::nullopt;
  return found;
}

}  // namespace

std::optional<std::string> load_torch_ops(const Settings& s, load::TorchLocator* locator,
                                          model::OpRegistry& registry,
                                          std::map<std::string, std::string>& inputs,
                                          Diagnostics& diags) {
  std::optional<load::TorchYaml> yaml = locator ? load_installed_yaml(s, *locator, registry, diags)
                                                : load_named_yaml(s, registry, diags);
  if (!yaml) return std::nullopt;
  record_input(inputs, "torch:native_functions.yaml", yaml->native_functions, diags);
  record_input(inputs, "torch:tags.yaml", yaml->tags, diags);
  return yaml->torch_version;
}

std::optional<Loaded> load_all(const Settings& s, load::TorchLocator* locator,
                               descriptor::Descriptor d, const std::string& base_dir,
                               Diagnostics& diags) {
  Loaded loaded;
  std::optional<std::string> version =
      load_torch_ops(s, locator, loaded.registry, loaded.inputs, diags);
  if (!version) return std::nullopt;
  loaded.torch_version = *version;
  loaded.inputs["frp.yaml"] = sha256_hex(d.text);
  for (const descriptor::Ref& file : d.custom_ops) {
    std::string path = (fs::path(base_dir) / file.value).string();
    // The error_code form: a link loop or a folder without permission on the way is the OS's
    // reason to give, not an exception.
    std::error_code ec;
    if (!fs::exists(fs::status(path, ec))) {
      const bool absent = !ec || ec == std::errc::no_such_file_or_directory;
      diags.error(file.location,
                  "custom_ops file '" + file.value + "' " +
                      (absent ? "does not exist" : "cannot be read: " + ec.message()));
      continue;
    }
    // The path was checked as written; a symlink on the way must not lead out either (its
    // target's text would be copied into the new repo).
    if (!resolves_inside(base_dir, file.value)) {
      diags.error(file.location,
                  "custom_ops file '" + file.value +
                      "' is a symlink (or inside one) that leads out of the "
                      "descriptor's folder",
                  "copy the file into the folder instead of linking it");
      continue;
    }
    // A file that could not be read is reported once, by the loader.
    if (loaded.registry.load_functions(path, true, diags)) {
      record_input(loaded.inputs, file.value, path, diags);
    }
  }
  if (diags.has_errors()) return std::nullopt;
  loaded.descriptor = std::move(d);
  return loaded;
}

std::optional<plan::RenderModel> plan_model(const Settings& s, const Loaded& loaded,
                                            Diagnostics& diags) {
  plan::Inputs in;
  in.descriptor = &loaded.descriptor;
  in.registry = &loaded.registry;
  in.op_sets_dir = s.data_dir + "/schemas/op_sets";
  in.mixed_device_ops = s.data_dir + "/schemas/policies/mixed_device_ops.yaml";
  in.cpu_defaults = s.data_dir + "/schemas/policies/cpu_defaults.yaml";
  in.unmarked_writes = s.data_dir + "/schemas/policies/unmarked_writes.yaml";
  in.conformance = s.data_dir + "/schemas/policies/conformance.yaml";
  in.autocast_policy = s.data_dir + "/schemas/policies/autocast.yaml";
  in.file_table = s.data_dir + "/templates/files.yaml";
  in.torch_version = loaded.torch_version;
  in.generator_version = FRP_VERSION;
  return plan::build_render_model(in, diags);
}

write::Manifest manifest_header(const Loaded& loaded, const plan::RenderModel& model,
                                const std::vector<std::string>& templates,
                                const std::string& root) {
  write::Manifest header;
  header.generator_version = FRP_VERSION;
  header.torch_version = loaded.torch_version;
  header.device = loaded.descriptor.device;
  header.inputs = loaded.inputs;
  header.ops = op_schemas(model);
  header.templates = write::overlay_record(templates, root);
  return header;
}

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

int generate(const Generation& g, Loaded loaded, const std::string& root,
             std::vector<render::RenderedFile> extra, bool force, const Output& out,
             Diagnostics& diags, StageTimer& timer) {
  timer.lap("load");
  std::optional<plan::RenderModel> model = plan_model(g.settings, loaded, diags);
  if (!model) {
    const int code = report(diags);
    report_vanished_ops(g.old_manifest, loaded);
    return code;
  }
  // What needs no rendering is done while the renderer is still starting up (it is the longer
  // of the two), the op registry's release included: the model holds all it needs of it.
  const write::Manifest header = manifest_header(loaded, *model, g.settings.templates, root);
  loaded.registry = model::OpRegistry();
  timer.lap("plan");
  std::optional<std::vector<render::RenderedFile>> files = g.renderer.render(*model, diags);
  if (!files) return report(diags);
  timer.lap("render");
  attach_scaffold_ops(*model, *files);
  for (auto& f : extra) files->push_back(std::move(f));
  write::WritePlan plan = write::plan_writes(root, *files, g.old_manifest, force);
  if (g.new_repo && !plan.fresh) return refuse_existing_folder(root, diags);
  const OpRecords ops{g.old_manifest, header, *files};
  timer.lap("compare");
  if (g.outcome != Outcome::kWrite) {
    return report_preview(
        root, plan, ops, *model,
        write::preview(plan, *files, header, g.old_manifest, g.outcome == Outcome::kDiff), out);
  }
  if (plan.has_conflicts()) {
    print_summary(root, plan, ops, *model, out);
    std::cerr << "frp-gen: nothing was written because of the conflicts above\n";
    return kExitFailed;
  }
  if (!write::apply(plan, *files, header, g.old_manifest, diags)) {
    std::cerr << diags.format();
    return kExitFailed;
  }
  timer.lap("write");
  print_summary(root, plan, ops, *model, out);
  const bool needs_attention = plan.needs_attention();
  release_at_exit(std::move(files), std::move(model), std::move(plan), std::move(loaded));
  if (needs_attention) {
    std::cerr << "frp-gen: written; the files above need your hand before the next build\n";
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace frp::cli
