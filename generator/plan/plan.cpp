#include "plan/plan.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "common/json_text.h"
#include "load/yaml_file.h"
#include "plan/policies.h"

namespace frp::plan {

namespace fs = std::filesystem;
using nlohmann::json;

std::string_view to_string(Owner owner) {
  switch (owner) {
    case Owner::Generated:
      return "generated";
    case Owner::Scaffold:
      return "scaffold";
    case Owner::Input:
      return "input";
  }
  return "generated";
}

namespace {

constexpr const char* kMinimalSet = "minimal";
// The scaffolded file holding every family whose ops all have generated default kernels.
constexpr const char* kMinimalKernelFile = "minimal";

// Stable across runs and platforms, so an op keeps its registration shard (and the build stays
// incremental) no matter which other ops come and go.
std::uint32_t fnv1a(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 16777619u;
  }
  return hash;
}

// Accepts "add.Tensor" and "aten::add.Tensor"; custom ops keep their namespace.
std::string normalize_key(const std::string& name) {
  return name.starts_with("aten::") ? name.substr(6) : name;
}

class OpSelector {
 public:
  OpSelector(const Inputs& in, Diagnostics& diags) : in_(in), diags_(diags) {}

  void add(const descriptor::Ref& ref) {
    const model::NativeFunction* fn = in_.registry->find(normalize_key(ref.value));
    if (!fn) {
      if (all_keys_.empty()) all_keys_ = in_.registry->keys();
      diags_.error(ref.location, "unknown operator '" + ref.value + "'",
                   did_you_mean(ref.value, all_keys_));
      return;
    }
    seen_.insert(fn);
  }

  void add_set(const descriptor::Ref& ref) {
    if (ref.value.starts_with("tag:")) {
      std::string tag = ref.value.substr(4);
      if (!in_.registry->tags().contains(tag)) {
        std::vector<std::string> tags(in_.registry->tags().begin(), in_.registry->tags().end());
        diags_.error(ref.location, "unknown tag '" + tag + "'", did_you_mean(tag, tags));
        return;
      }
      for (const std::string& key : in_.registry->keys_with_tag(tag)) add({key, ref.location});
      return;
    }
    std::string path = in_.op_sets_dir + "/" + ref.value + ".yaml";
    if (!fs::exists(path)) {
      std::vector<std::string> sets = available_op_sets(in_.op_sets_dir);
      std::string hint = did_you_mean(ref.value, sets);
      if (hint.empty()) {
        std::string shipped;
        for (const std::string& s : sets) shipped += (shipped.empty() ? "" : ", ") + s;
        hint = (shipped.empty() ? "" : "shipped sets: " + shipped + "; ") +
               "use 'tag:<tag>' for the ops with a tags.yaml tag";
      }
      diags_.error(ref.location, "unknown op set '" + ref.value + "'", hint);
      return;
    }
    for (const descriptor::Ref& op : read_op_list(path, diags_)) add(op);
  }

  std::vector<const model::NativeFunction*> take() {
    // Registry order: the yaml's order, stable whatever order the descriptor lists ops in.
    std::vector<const model::NativeFunction*> ordered;
    for (const auto& fn : in_.registry->all()) {
      if (seen_.contains(fn.get())) ordered.push_back(fn.get());
    }
    return ordered;
  }

 private:
  const Inputs& in_;
  Diagnostics& diags_;
  std::vector<std::string> all_keys_;
  std::set<const model::NativeFunction*> seen_;
};

// The device every wrapper runs under: the first tensor argument (self first), else the
// `device` argument of a factory function. Written as {"kind", "expr"}, or null for none.
void write_guard(const model::Op& op, JsonText& out) {
  auto guard = [&out](std::string_view kind, const std::string& expr) {
    out.begin_object().key("kind").value(kind).key("expr").value(expr).end_object();
  };
  if (!op.fn->device_guard) {
    out.null();
    return;
  }
  const model::CppArgument* pick = nullptr;
  for (const auto& a : op.arguments) {
    if (a.name == "self" && a.tensor == model::TensorArg::Tensor) pick = &a;
  }
  for (const auto& a : op.arguments) {
    if (!pick && a.tensor != model::TensorArg::None &&
        a.tensor != model::TensorArg::OptionalTensorList) {
      pick = &a;
    }
  }
  if (pick) return guard("optional", "device_of(" + pick->name + ")");
  for (const auto& a : op.arguments) {
    if (a.type == "::std::optional<at::Device>") return guard("optional", a.name);
    if (a.type == "at::Device") return guard("required", a.name);
  }
  out.null();
}

// A C++ string literal for `text` (schemas may hold quoted string defaults).
std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

// Checks names in policy lists (autograd, autocast, fallback deny): they must name known ops;
// autocast names may be a bare operator name covering all its overloads.
void check_op_refs(const std::vector<descriptor::Ref>& refs, const model::OpRegistry& registry,
                   const std::set<std::string>& base_names, std::string_view what,
                   Diagnostics& diags) {
  std::vector<std::string> keys;
  for (const descriptor::Ref& ref : refs) {
    std::string key = normalize_key(ref.value);
    if (registry.find(key) || base_names.contains(key)) continue;
    if (keys.empty()) keys = registry.keys();
    diags.error(ref.location, "unknown operator '" + ref.value + "' in " + std::string(what),
                did_you_mean(ref.value, keys));
  }
}

enum class Build { None, Core, Python, Test };

// A file of the device integration: the same for every backend, up to names.
struct IntegrationFile {
  const char* path;  // "{package}" stands for the Python package
  const char* tmpl;
  Owner owner;
  Build build;
  const char* feature = nullptr;  // generated only when this descriptor feature is on
  bool minimal_ops = false;       // its "ops": those with generated default kernels
};

const std::vector<IntegrationFile>& integration_files() {
  static const std::vector<IntegrationFile> files = {
      {"csrc/generated/runtime.h", "csrc/generated/runtime.h.j2", Owner::Generated, Build::None},
      {"csrc/runtime/{runtime}.cpp", "csrc/runtime/{runtime}.cpp.j2", Owner::Scaffold, Build::Core},
      {"csrc/generated/allocator.h", "csrc/generated/allocator.h.j2", Owner::Generated,
       Build::None},
      {"csrc/generated/allocator.cpp", "csrc/generated/allocator.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/host_allocator.cpp", "csrc/generated/host_allocator.cpp.j2",
       Owner::Generated, Build::Core},
      {"csrc/generated/streams.h", "csrc/generated/streams.h.j2", Owner::Generated, Build::None},
      {"csrc/generated/streams.cpp", "csrc/generated/streams.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/guard.cpp", "csrc/generated/guard.cpp.j2", Owner::Generated, Build::Core},
      {"csrc/generated/generator.h", "csrc/generated/generator.h.j2", Owner::Generated,
       Build::None},
      {"csrc/generated/generator.cpp", "csrc/generated/generator.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/hooks.cpp", "csrc/generated/hooks.cpp.j2", Owner::Generated, Build::Core},
      {"csrc/generated/backend_meta.h", "csrc/generated/backend_meta.h.j2", Owner::Generated,
       Build::None},
      {"csrc/generated/serialization.cpp", "csrc/generated/serialization.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/minimal_kernels.h", "csrc/generated/minimal_kernels.h.j2", Owner::Generated,
       Build::None, nullptr, /*minimal_ops=*/true},
      {"csrc/generated/minimal_kernels.cpp", "csrc/generated/minimal_kernels.cpp.j2",
       Owner::Generated, Build::Core},
      {"csrc/generated/cpu_call.h", "csrc/generated/cpu_call.h.j2", Owner::Generated, Build::None},
      {"csrc/generated/cpu_call.cpp", "csrc/generated/cpu_call.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/cpu_defaults.h", "csrc/generated/cpu_defaults.h.j2", Owner::Generated,
       Build::None},
      {"csrc/generated/cpu_defaults.cpp", "csrc/generated/cpu_defaults.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/native_calls.h", "csrc/generated/native_calls.h.j2", Owner::Generated,
       Build::None},
      {"csrc/generated/native_calls.cpp", "csrc/generated/native_calls.cpp.j2", Owner::Generated,
       Build::Core},
      {"csrc/generated/autocast.cpp", "csrc/generated/autocast.cpp.j2", Owner::Generated,
       Build::Core, "autocast"},
      {"csrc/python/module.cpp", "csrc/python/module.cpp.j2", Owner::Generated, Build::Python},
      {"{package}/__init__.py", "{package}/__init__.py.j2", Owner::Generated, Build::None},
      {"{package}/device.py", "{package}/device.py.j2", Owner::Generated, Build::None},
      {"{package}/streams.py", "{package}/streams.py.j2", Owner::Generated, Build::None},
      {"{package}/random.py", "{package}/random.py.j2", Owner::Generated, Build::None},
      {"{package}/memory.py", "{package}/memory.py.j2", Owner::Generated, Build::None},
      {"{package}/fallback.py", "{package}/fallback.py.j2", Owner::Generated, Build::None},
      {"{package}/meta.py", "{package}/meta.py.j2", Owner::Generated, Build::None},
      {"{package}/coverage.py", "{package}/coverage.py.j2", Owner::Generated, Build::None},
      {"{package}/extensions.py", "{package}/extensions.py.j2", Owner::Scaffold, Build::None},
      {"{package}_loader.py", "{package}_loader.py.j2", Owner::Generated, Build::None},
      {"setup.py", "setup.py.j2", Owner::Generated, Build::None},
      {"extensions.cmake", "extensions.cmake.j2", Owner::Scaffold, Build::None},
      {".clang-format", ".clang-format.j2", Owner::Generated, Build::None},
      {"pyproject.toml", "pyproject.toml.j2", Owner::Generated, Build::None},
      {"README.md", "README.md.j2", Owner::Generated, Build::None},
      {".github/workflows/ci.yml", ".github/workflows/ci.yml.j2", Owner::Generated, Build::None},
      {"tests/conftest.py", "tests/conftest.py.j2", Owner::Generated, Build::None},
      {"tests/test_device.py", "tests/test_device.py.j2", Owner::Generated, Build::None},
      {"tests/test_factories.py", "tests/test_factories.py.j2", Owner::Generated, Build::None},
      {"tests/test_copies.py", "tests/test_copies.py.j2", Owner::Generated, Build::None},
      {"tests/test_views.py", "tests/test_views.py.j2", Owner::Generated, Build::None},
      {"tests/test_memory.py", "tests/test_memory.py.j2", Owner::Generated, Build::None},
      {"tests/test_pin_memory.py", "tests/test_pin_memory.py.j2", Owner::Generated, Build::None},
      {"tests/test_streams.py", "tests/test_streams.py.j2", Owner::Generated, Build::None},
      {"tests/test_rng.py", "tests/test_rng.py.j2", Owner::Generated, Build::None},
      {"tests/test_serialization.py", "tests/test_serialization.py.j2", Owner::Generated,
       Build::None},
      {"tests/test_fallback.py", "tests/test_fallback.py.j2", Owner::Generated, Build::None},
      {"tests/test_coverage.py", "tests/test_coverage.py.j2", Owner::Generated, Build::None},
      {"tests/test_autoload.py", "tests/test_autoload.py.j2", Owner::Generated, Build::None},
      {"tests/test_methods.py", "tests/test_methods.py.j2", Owner::Generated, Build::None},
      {"tests/test_mlp.py", "tests/test_mlp.py.j2", Owner::Generated, Build::None},
      {"tests/test_models.py", "tests/test_models.py.j2", Owner::Generated, Build::None},
      {"tests/test_conformance.py", "tests/test_conformance.py.j2", Owner::Generated, Build::None},
      {"tests/conformance_expected_failures.py", "tests/conformance_expected_failures.py.j2",
       Owner::Scaffold, Build::None},
      {"tests/test_fallback_semantics.py", "tests/test_fallback_semantics.py.j2", Owner::Generated,
       Build::None},
      {"tests/test_autocast.py", "tests/test_autocast.py.j2", Owner::Generated, Build::None,
       "autocast"},
      {"tests/cpp/test_device.cpp", "tests/cpp/test_device.cpp.j2", Owner::Generated, Build::Test},
  };
  return files;
}

// MYDEVICE for mydevice: the prefix of the backend's environment variables and CMake options.
std::string env_prefix(const std::string& device) {
  std::string out;
  for (char c : device) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The torch a generated package depends on: the release series frp-gen generated against.
std::string torch_requirement(const std::string& version) {
  const std::size_t major_end = version.find('.');
  const std::size_t minor_end = version.find_first_not_of("0123456789", major_end + 1);
  if (major_end == std::string::npos || minor_end == major_end + 1) return "torch";
  const std::string major = version.substr(0, major_end);
  const std::string minor = version.substr(major_end + 1, minor_end - major_end - 1);
  return "torch>=" + major + "." + minor + ",<" + major + "." +
         std::to_string(std::stoi(minor) + 1);
}

// The C++ enumerator of a fallback policy name ("warn" -> "Warn").
std::string policy_enum(const std::string& policy) {
  std::string out = policy;
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

// Why `op` cannot get a generated autograd Function, or "" if it can: the Function's forward
// returns fresh tensors, so in-place, out= and view ops (which would need mark_dirty or view
// tracking) and ops returning anything but tensors are out.
std::string why_no_autograd_function(const model::Op& op) {
  if (op.kind != model::OpKind::Functional) {
    return "it is " + std::string(model::to_string(op.kind)) + ", not functional";
  }
  const auto& returns = op.fn->func.returns;
  if (returns.empty()) return "it returns nothing";
  for (const schema::Return& r : returns) {
    if (!r.type->is_base(schema::BaseType::Tensor) || r.alias) {
      return "it returns something other than fresh tensors";
    }
  }
  return "";
}

// What the autograd templates need beyond the op itself.
void write_autograd_function(const model::Op& op, JsonText& out) {
  std::string class_name;
  bool upper = true;
  for (char c : op.cpp_name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    class_name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  std::vector<std::string> types;
  for (const model::CppArgument& a : op.arguments) types.push_back(a.type);
  out.begin_object()
      .key("class_name")
      .value(class_name + "Function")
      .key("schema_name")
      .value(op.ns + "::" + op.name)
      .key("function_type")
      .value(op.return_type + "(" + join(types, ", ") + ")")
      // A Function's forward returns one tensor or a list of them.
      .key("forward_type")
      .value(op.fn->func.returns.size() == 1 ? "at::Tensor" : "variable_list")
      .key("outputs")
      .value(std::uint64_t{op.fn->func.returns.size()})
      .end_object();
}

// Autocast kernels: the shipped default lists with the descriptor's overrides applied, each name
// expanded to concrete aten ops (a bare name to its functional overloads). Names this torch lacks
// are skipped: the shipped list is frp-gen's, the descriptor's names were checked before.
json autocast_kernels(const Inputs& in, Diagnostics& diags) {
  static constexpr const char* kPolicies[] = {"lower_precision_fp", "fp32", "promote"};
  std::map<std::string, std::string> policy_of;  // name or key -> policy
  if (!in.autocast_policy.empty()) {
    if (std::optional<load::YamlFile> file = load::load_yaml_file(in.autocast_policy, diags)) {
      load::MappingReader reader(in.autocast_policy, file->root, diags, "an autocast policy list");
      for (const char* policy : kPolicies) {
        for (auto& [name, node] : reader.take_string_list(policy)) policy_of[name] = policy;
      }
      reader.finish();
    }
  }
  const descriptor::AutocastOverrides& overrides = in.descriptor->autocast;
  for (const auto& [refs, policy] :
       {std::pair{&overrides.lower_precision_fp, kPolicies[0]},
        std::pair{&overrides.fp32, kPolicies[1]}, std::pair{&overrides.promote, kPolicies[2]}}) {
    for (const descriptor::Ref& ref : *refs) policy_of[normalize_key(ref.value)] = policy;
  }
  json kernels = json::array();
  for (const auto& fn : in.registry->all()) {
    if (fn->custom) continue;
    const std::string& name = fn->func.name.name;
    auto it = policy_of.find(fn->key);
    if (it == policy_of.end()) it = policy_of.find(name);
    if (it == policy_of.end()) continue;
    std::optional<model::Op> op = model::build_op(*fn, diags);
    if (!op) continue;
    // A bare name covers the overloads that return fresh tensors and do not choose their output
    // dtype themselves; in-place and out= variants keep their tensors' dtype.
    const bool picks_dtype = std::any_of(
        op->arguments.begin(), op->arguments.end(),
        [](const model::CppArgument& a) { return a.name == "dtype" || a.name == "out_dtype"; });
    if (it->first != fn->key && (op->kind != model::OpKind::Functional || picks_dtype)) continue;
    kernels.push_back({{"key", fn->key},
                       {"name", name},
                       {"overload", op->overload},
                       {"policy", it->second},
                       {"aten_ops_header", op->aten_ops_header}});
  }
  return kernels;
}

}  // namespace

std::vector<descriptor::Ref> read_op_list(const std::string& path, Diagnostics& diags) {
  std::vector<descriptor::Ref> ops;
  std::optional<load::YamlFile> file = load::load_yaml_file(path, diags);
  if (!file) return ops;
  load::MappingReader reader(path, file->root, diags, "an op list");
  reader.take("description");
  for (auto& [name, node] : reader.take_string_list("ops")) {
    ops.push_back({name, load::location_of(path, node)});
  }
  reader.finish();
  return ops;
}

std::vector<std::string> available_op_sets(const std::string& op_sets_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(op_sets_dir, ec)) {
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<std::vector<const model::NativeFunction*>> select_ops(const Inputs& in,
                                                                    Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  const descriptor::Descriptor& d = *in.descriptor;
  OpSelector selector(in, diags);
  selector.add_set({kMinimalSet, {d.file, 0, 0}});
  for (const descriptor::Ref& set : d.op_sets) {
    if (set.value != kMinimalSet) selector.add_set(set);
  }
  std::set<std::string> listed;
  for (const descriptor::Ref& op : d.ops) {
    if (!listed.insert(normalize_key(op.value)).second) {
      diags.error(op.location, "operator '" + op.value + "' is listed twice in 'ops'");
      continue;
    }
    selector.add(op);
  }
  for (const auto& fn : in.registry->all()) {
    if (fn->custom) selector.add({fn->key, fn->location});
  }
  if (diags.error_count() != errors_before) return std::nullopt;
  return selector.take();
}

std::string_view default_kernel(const model::Op& op, bool minimal) {
  // aten ops start out running on the CPU through the fallback, except those with a generated
  // default kernel; a custom op has no CPU implementation to fall back to until the user
  // writes one.
  return op.fn->custom ? "not_implemented" : minimal ? "minimal" : "cpu_fallback";
}

bool checks_devices(const model::NativeFunction& fn, bool listed_mixed) {
  // CPU and CUDA check the devices of pointwise and reduction ops inside TensorIterator, hence
  // their `device_check: NoCheck`; a backend's kernels may never build one, so wrappers check.
  const bool tensor_iterator_op =
      std::any_of(fn.tags.begin(), fn.tags.end(),
                  [](const std::string& tag) { return tag == "pointwise" || tag == "reduction"; });
  return (fn.device_check || tensor_iterator_op) && !listed_mixed;
}

std::string op_json_text(const model::Op& op, const OpFacts& facts) {
  std::vector<std::string> params, names, device_checks;
  const bool check_devices = checks_devices(*op.fn, facts.mixed_device);
  JsonText out;
  out.reserve(2048);  // an aten op's JSON is 1-2 KB: one allocation instead of several
  out.begin_object().key("arguments").begin_array();
  for (const auto& a : op.arguments) {
    out.begin_object()
        .key("name")
        .value(a.name)
        .key("type")
        .value(a.type)
        .key("tensor")
        .value(model::to_string(a.tensor))
        .key("is_write")
        .value(a.is_write)
        .key("kwarg_only")
        .value(a.kwarg_only)
        .end_object();
    params.push_back(a.type + " " + a.name);
    names.push_back(a.name);
    // Like torchgen: the positional and out tensors must share a device; other keyword
    // tensors (e.g. optional weights of fused ops) are the kernel's business.
    const bool checked =
        check_devices && a.tensor != model::TensorArg::None && (!a.kwarg_only || a.is_write);
    if (checked) device_checks.push_back(a.name);
  }
  out.end_array();
  out.key("key").value(op.key);
  out.key("impl_name").value(op.fn->func.name.qualified());
  out.key("schema_literal").value(cpp_string_literal(op.schema));
  out.key("ns").value(op.ns);
  out.key("name").value(op.name);
  out.key("overload").value(op.overload);
  out.key("schema").value(op.schema);
  out.key("cpp_name").value(op.cpp_name);
  out.key("family").value(op.family);
  out.key("aten_ops_header").value(op.aten_ops_header);
  out.key("kind").value(model::to_string(op.kind));
  out.key("custom").value(op.fn->custom);
  out.key("signature").value(join(params, ", "));
  out.key("call_arguments").value(join(names, ", "));
  out.key("return_type").value(op.return_type);
  out.key("returns_void").value(op.return_type == "void");
  out.key("device_checks").strings(device_checks);
  out.key("guard");
  write_guard(op, out);
  out.key("default_kernel").value(default_kernel(op, facts.minimal));
  out.key("tags").strings(op.fn->tags);
  out.key("variants").strings(op.fn->variants);
  if (facts.autograd) {
    out.key("autograd").value(*facts.autograd);
    if (*facts.autograd) {
      out.key("autograd_function");
      write_autograd_function(op, out);
    }
  }
  out.end_object();
  return out.take();
}

json op_to_json(const model::Op& op, bool mixed_device, bool minimal) {
  return json::parse(op_json_text(op, {.mixed_device = mixed_device, .minimal = minimal}));
}

json RenderModel::to_json() const {
  json whole = doc;
  for (const auto& [key, text] : parts) whole[key] = json::parse(text);
  json& op_list = whole["ops"] = json::array();
  for (const std::string& text : ops) op_list.push_back(json::parse(text));
  json& file_list = whole["files"] = json::array();
  for (const std::string& text : files) file_list.push_back(json::parse(text));
  return whole;
}

std::optional<RenderModel> build_render_model(const Inputs& in, Diagnostics& diags) {
  const descriptor::Descriptor& d = *in.descriptor;
  std::optional<std::vector<const model::NativeFunction*>> selected = select_ops(in, diags);
  if (!selected) return std::nullopt;
  const std::size_t errors_before = diags.error_count();

  std::set<std::string> base_names;
  for (const auto& fn : in.registry->all()) base_names.insert(fn->func.name.name);
  check_op_refs(d.autograd, *in.registry, {}, "'autograd'", diags);
  check_op_refs(d.autocast.lower_precision_fp, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(d.autocast.fp32, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(d.autocast.promote, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(d.fallback_deny, *in.registry, {}, "'fallback.deny'", diags);

  std::set<std::string> autograd_keys;
  for (const descriptor::Ref& ref : d.autograd) autograd_keys.insert(normalize_key(ref.value));
  std::set<std::string> selected_keys;
  for (const model::NativeFunction* fn : *selected) selected_keys.insert(fn->key);
  for (const descriptor::Ref& ref : d.autograd) {
    if (in.registry->find(normalize_key(ref.value)) &&
        !selected_keys.contains(normalize_key(ref.value))) {
      diags.error(ref.location, "'" + ref.value + "' has an autograd Function but no kernel",
                  "add it to 'ops' as well");
    }
  }

  // frp-gen's own list, written for the torch it is tested with: a name another torch lacks is
  // simply not there to exempt (tests/cli/test_shipped_lists.py checks the names against torch).
  auto read_policy_list = [&](const std::string& path) {
    std::set<std::string> names;
    if (!path.empty()) {
      for (const descriptor::Ref& ref : read_op_list(path, diags)) names.insert(ref.value);
    }
    return names;
  };
  const std::set<std::string> mixed_device = read_policy_list(in.mixed_device_ops);
  const std::set<std::string> minimal = read_policy_list(in.minimal_kernels);

  // Typing an op and building its JSON do not depend on the other ops, and are most of the
  // plan's work for a large op list: two threads share them (the renderers are only waiting).
  struct Built {
    std::optional<model::Op> op;
    std::string text;
  };
  std::vector<Built> built(selected->size());
  std::vector<Diagnostics> part_diags(2);
  auto build_part = [&](std::size_t part) {
    const std::size_t begin = built.size() * part / 2, end = built.size() * (part + 1) / 2;
    for (std::size_t i = begin; i < end; ++i) {
      const model::NativeFunction* fn = (*selected)[i];
      built[i].op = model::build_op(*fn, part_diags[part]);
      if (!built[i].op) continue;
      const std::string& key = built[i].op->key;
      built[i].text = op_json_text(*built[i].op, {.mixed_device = mixed_device.contains(key),
                                                  .minimal = minimal.contains(key),
                                                  .autograd = autograd_keys.contains(key)});
    }
  };
  std::thread helper(build_part, 0);
  build_part(1);
  helper.join();
  for (const Diagnostics& part : part_diags) diags.append(part);

  RenderModel model;
  std::vector<const model::Op*> ops;  // model.ops[i] is the JSON of *ops[i]
  std::map<std::string, std::vector<std::size_t>> families;
  std::map<std::string, std::string> cpp_names;
  std::map<std::string, std::vector<std::size_t>> custom_ops_by_ns;
  std::map<std::string, SourceLocation> autograd_refs;
  for (const descriptor::Ref& ref : d.autograd)
    autograd_refs[normalize_key(ref.value)] = ref.location;
  std::map<std::string, std::vector<std::size_t>> autograd_by_family;
  for (std::size_t i = 0; i < built.size(); ++i) {
    const model::NativeFunction* fn = (*selected)[i];
    std::optional<model::Op>& op = built[i].op;
    if (!op) continue;
    auto [it, fresh] = cpp_names.emplace(op->cpp_name, op->key);
    if (!fresh) {
      diags.error(fn->location, "operators '" + it->second + "' and '" + op->key +
                                    "' map to the same C++ name '" + op->cpp_name + "'");
      continue;
    }
    if (autograd_keys.contains(op->key)) {
      if (std::string why = why_no_autograd_function(*op); !why.empty()) {
        diags.error(
            autograd_refs[op->key], "'" + op->key + "' cannot get an autograd Function: " + why,
            "autograd Functions are generated for functional operators that return tensors");
        continue;
      }
      autograd_by_family[op->family].push_back(ops.size());
    }
    families[op->family].push_back(ops.size());
    if (fn->custom) custom_ops_by_ns[op->ns].push_back(ops.size());
    ops.push_back(&*op);
    model.ops.push_back(std::move(built[i].text));
  }
  std::vector<std::string_view> default_kernel_of(ops.size());  // of ops[i]
  for (std::size_t i = 0; i < ops.size(); ++i) {
    default_kernel_of[i] = default_kernel(*ops[i], minimal.contains(ops[i]->key));
  }
  if (diags.error_count() != errors_before) return std::nullopt;

  // Each file's entry is {"path", "template", "owner"} and whatever its template needs. Like the
  // ops, the entries are written as JSON text (2,700 of them for all aten ops), and each file's
  // op indices are kept beside them: the renderers are given work by them.
  auto add_entry = [&](const std::string& path, std::string_view tmpl, Owner owner,
                       std::vector<std::size_t> op_indices, auto&& write_fields) {
    JsonText out;
    out.begin_object().key("path").value(path).key("template").value(tmpl);
    out.key("owner").value(to_string(owner));
    write_fields(out);
    model.files.push_back(out.end_object().take());
    model.file_ops.push_back(std::move(op_indices));
  };
  auto add_file = [&](const std::string& path, std::string_view tmpl, Owner owner,
                      const json& extra = json::object()) {
    auto listed = extra.find("ops");
    add_entry(path, tmpl, owner,
              listed == extra.end() ? std::vector<std::size_t>{}
                                    : listed->get<std::vector<std::size_t>>(),
              [&](JsonText& out) {
                for (const auto& [key, value] : extra.items()) out.key(key).value(value);
              });
  };
  auto write_indices = [](JsonText& out, const std::vector<std::size_t>& indices) {
    out.begin_array();
    for (std::size_t i : indices) out.value(std::uint64_t{i});
    out.end_array();
  };

  const int shard_count = d.registration_shards;
  std::vector<std::vector<std::string>> shard_families(shard_count);
  JsonText family_list;
  family_list.begin_array();
  std::vector<std::string> sources;
  // Scaffolded kernel files: one per family, except that families served entirely by generated
  // default kernels share one file (they only forward, and each file is a translation unit that
  // costs seconds to compile).
  struct KernelFile {
    std::string name;
    std::vector<std::string> families;
  };
  std::map<std::string, KernelFile> kernel_files;  // path -> contents
  for (const auto& [family, indices] : families) {
    const bool all_minimal = std::all_of(indices.begin(), indices.end(), [&](std::size_t i) {
      return default_kernel_of[i] == "minimal";
    });
    const std::string name = all_minimal ? std::string(kMinimalKernelFile) : family;
    KernelFile& file = kernel_files["csrc/kernels/" + name + ".cpp"];
    file.name = name;
    file.families.push_back(family);
  }
  std::map<std::string, std::string> kernel_file_of;  // family -> path
  for (const auto& [path, file] : kernel_files) {
    std::vector<std::size_t> indices;
    std::set<std::string> aten_headers;  // custom ops have none ("")
    std::map<std::string_view, bool> default_kernels = {
        {"minimal", false}, {"cpu_fallback", false}, {"not_implemented", false}};
    for (const std::string& family : file.families) {
      kernel_file_of[family] = path;
      for (std::size_t i : families[family]) {
        indices.push_back(i);
        // Which default kernels the scaffold starts from decides which headers it needs.
        default_kernels[default_kernel_of[i]] = true;
        if (default_kernel_of[i] == "cpu_fallback") aten_headers.insert(ops[i]->aten_ops_header);
      }
    }
    add_entry(path, "csrc/kernels/{kernel_file}.cpp.j2", Owner::Scaffold, indices,
              [&](JsonText& out) {
                out.key("name").value(file.name).key("includes").begin_array();
                for (const std::string& family : file.families) {
                  out.value("generated/kernels/" + family + ".h");  // include path under csrc/
                }
                out.end_array().key("ops");
                write_indices(out, indices);
                out.key("default_kernels").begin_object();
                for (const auto& [kernel, used] : default_kernels) out.key(kernel).value(used);
                out.end_object().key("aten_ops_headers").begin_array();
                for (const std::string& header : aten_headers) out.value(header);
                out.end_array();
              });
    sources.push_back(path);
  }
  for (const auto& [family, indices] : families) {
    const std::string header = "csrc/generated/kernels/" + family + ".h";
    const std::string& kernel_file = kernel_file_of[family];
    family_list.begin_object().key("name").value(family).key("header").value(header);
    family_list.key("kernel_file").value(kernel_file).key("ops");
    write_indices(family_list, indices);
    family_list.end_object();
    add_entry(header, "csrc/generated/kernels/{family}.h.j2", Owner::Generated, indices,
              [&](JsonText& out) {
                out.key("family").value(family).key("kernel_file").value(kernel_file).key("ops");
                write_indices(out, indices);
              });
    shard_families[fnv1a(family) % shard_count].push_back(family);
  }
  for (int shard = 0; shard < shard_count; ++shard) {
    if (shard_families[shard].empty()) continue;
    json indices = json::array(), headers = json::array();
    std::set<std::string> namespaces;
    for (const std::string& family : shard_families[shard]) {
      headers.push_back("generated/kernels/" + family + ".h");
      for (std::size_t i : families[family]) {
        indices.push_back(i);
        namespaces.insert(ops[i]->ns);
      }
    }
    std::string path = "csrc/generated/register_" + std::to_string(shard) + ".cpp";
    add_file(path, "csrc/generated/register_{shard}.cpp.j2", Owner::Generated,
             {{"shard", shard},
              {"ops", std::move(indices)},
              {"headers", std::move(headers)},
              {"namespaces", std::move(namespaces)}});
    sources.push_back(path);
  }
  add_file("csrc/generated/device_checks.h", "csrc/generated/device_checks.h.j2", Owner::Generated);
  add_file("csrc/generated/cpu_fallback.h", "csrc/generated/cpu_fallback.h.j2", Owner::Generated);
  add_file("csrc/generated/not_implemented.h", "csrc/generated/not_implemented.h.j2",
           Owner::Generated);
  add_file("csrc/generated/cpu_fallback.cpp", "csrc/generated/cpu_fallback.cpp.j2",
           Owner::Generated);
  sources.push_back("csrc/generated/cpu_fallback.cpp");
  json custom_namespaces = json::array();
  json custom_indices = json::array();
  for (const auto& [ns, indices] : custom_ops_by_ns) {
    custom_namespaces.push_back(ns);
    for (std::size_t i : indices) custom_indices.push_back(i);
  }
  if (!custom_namespaces.empty()) {
    add_file("csrc/generated/custom_ops.cpp", "csrc/generated/custom_ops.cpp.j2", Owner::Generated,
             {{"namespaces", custom_namespaces}, {"ops", custom_indices}});
    sources.push_back("csrc/generated/custom_ops.cpp");
  }
  // Custom autograd Functions: generated forwards and registrations, and the backwards (with
  // what each forward saves for them) in scaffolded files, one per operator family.
  if (!autograd_by_family.empty()) {
    json indices = json::array();
    std::set<std::string> namespaces;
    for (const auto& [family, family_ops] : autograd_by_family) {
      for (std::size_t i : family_ops) {
        indices.push_back(i);
        namespaces.insert(ops[i]->ns);
      }
      std::string path = "csrc/autograd/" + family + ".cpp";
      add_file(path, "csrc/autograd/{family}.cpp.j2", Owner::Scaffold,
               {{"family", family}, {"ops", family_ops}});
      sources.push_back(path);
    }
    add_file("csrc/generated/autograd.h", "csrc/generated/autograd.h.j2", Owner::Generated,
             {{"ops", indices}});
    add_file("csrc/generated/autograd.cpp", "csrc/generated/autograd.cpp.j2", Owner::Generated,
             {{"ops", indices}, {"namespaces", namespaces}});
    add_file("tests/test_autograd_functions.py", "tests/test_autograd_functions.py.j2",
             Owner::Generated, {{"ops", indices}});
    sources.push_back("csrc/generated/autograd.cpp");
  }
  add_file("CMakeLists.txt", "CMakeLists.txt.j2", Owner::Generated);

  // The device integration: one file per mechanism, none of them per-op.
  json minimal_indices = json::array();
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (default_kernel_of[i] == "minimal") minimal_indices.push_back(i);
  }
  std::vector<std::string> python_sources, test_sources;
  for (const IntegrationFile& f : integration_files()) {
    if (f.feature && !d.features.at(f.feature)) continue;
    std::string path = f.path;
    if (path.starts_with("{package}")) path = d.python_package + path.substr(9);
    if (path == "csrc/runtime/{runtime}.cpp") path = "csrc/runtime/" + d.runtime + ".cpp";
    json extra = json::object();
    if (f.minimal_ops) extra["ops"] = minimal_indices;
    add_file(path, f.tmpl, f.owner, std::move(extra));
    if (f.build == Build::Core) sources.push_back(path);
    if (f.build == Build::Python) python_sources.push_back(path);
    if (f.build == Build::Test) test_sources.push_back(path);
  }
  std::sort(sources.begin(), sources.end());
  json autocast = d.features.at("autocast") ? autocast_kernels(in, diags) : json::array();
  if (diags.error_count() != errors_before) return std::nullopt;

  json cpu_defaults = cpu_defaults_section(in, selected_keys, diags);
  json unmarked_writes = unmarked_writes_list(in, diags);
  json conformance = conformance_section(in, diags);
  if (diags.error_count() != errors_before) return std::nullopt;

  auto refs_to_json = [](const std::vector<descriptor::Ref>& refs) {
    json out = json::array();
    for (const auto& r : refs) out.push_back(normalize_key(r.value));
    return out;
  };
  model.doc = {
      {"generator", {{"name", "frp-gen"}, {"version", in.generator_version}}},
      {"torch",
       {{"version", in.torch_version}, {"requirement", torch_requirement(in.torch_version)}}},
      {"backend",
       {{"device", d.device},
        {"python_package", d.python_package},
        {"cpp_namespace", d.cpp_namespace},
        {"class_prefix", d.class_prefix},
        {"dispatch_key", "PrivateUse1"},
        {"core_library", d.python_package},
        {"env_prefix", env_prefix(d.device)},
        {"devices", d.devices}}},
      {"custom_namespaces", std::move(custom_namespaces)},
      {"autocast",
       {{"lower_precision_fp", refs_to_json(d.autocast.lower_precision_fp)},
        {"fp32", refs_to_json(d.autocast.fp32)},
        {"promote", refs_to_json(d.autocast.promote)},
        {"kernels", autocast},
        {"headers",
         [&] {
           std::set<std::string> headers;
           for (const json& k : autocast) headers.insert(k["aten_ops_header"].get<std::string>());
           return headers;
         }()}}},
      {"amp_dtypes",
       [&] {
         json out = json::array();
         for (const auto& r : d.amp_dtypes) out.push_back(r.value);
         return out;
       }()},
      {"fallback",
       {{"policy", d.fallback_policy},
        {"policy_enum", policy_enum(d.fallback_policy)},
        {"deny", refs_to_json(d.fallback_deny)},
        {"mixed_device_ops", mixed_device_keys(*in.registry, mixed_device)},
        {"unmarked_writes", std::move(unmarked_writes)}}},
      {"cpu_defaults", std::move(cpu_defaults)},
      {"conformance", std::move(conformance)},
      {"features", d.features},
      {"build",
       {{"sources", sources}, {"python_sources", python_sources}, {"test_sources", test_sources}}},
  };
  model.parts.emplace_back("families", family_list.end_array().take());
  return model;
}

}  // namespace frp::plan
