#include "cli/pipeline.h"

#include <cstdlib>
#include <filesystem>

#include "common/paths.h"
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

namespace {

void record_input(nlohmann::json& inputs, const std::string& name, const std::string& path,
                  Diagnostics& diags) {
  if (std::optional<std::string> text = load::read_text_file(path, diags)) {
    inputs[name] = write::sha256_hex(*text);
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
                                          model::OpRegistry& registry, nlohmann::json& inputs,
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
  loaded.inputs = nlohmann::json::object();
  std::optional<std::string> version =
      load_torch_ops(s, locator, loaded.registry, loaded.inputs, diags);
  if (!version) return std::nullopt;
  loaded.torch_version = *version;
  loaded.inputs["frp.yaml"] = write::sha256_hex(d.text);
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

nlohmann::json manifest_header(const Loaded& loaded, const std::vector<std::string>& templates,
                               const std::string& root) {
  nlohmann::json header = {{"generator", {{"name", "frp-gen"}, {"version", FRP_VERSION}}},
                           {"torch_version", loaded.torch_version},
                           {"device", loaded.descriptor.device},
                           {"inputs", loaded.inputs}};
  nlohmann::json overlays = write::overlay_record(templates, root);
  if (!overlays.is_null()) header["templates"] = std::move(overlays);
  return header;
}

}  // namespace frp::cli
