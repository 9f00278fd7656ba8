#include "descriptor/descriptor.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>

#include "common/paths.h"
#include "load/yaml_file.h"
#include "model/op.h"

namespace frp::descriptor {

namespace {

// Device types and dispatch keys PyTorch already owns (c10/core/DeviceType.h and
// DispatchKey.h, lower-cased), plus torch attributes a device module would shadow.
constexpr std::array kReservedDeviceNames = {
    "cpu",           "cuda",        "mkldnn",        "opengl",    "opencl",
    "ideep",         "hip",         "fpga",          "maia",      "xla",
    "vulkan",        "metal",       "xpu",           "mps",       "meta",
    "hpu",           "ve",          "lazy",          "ipu",       "mtia",
    "privateuseone", "privateuse1", "sparse",        "quantized", "autograd",
    "autocast",      "dense",       "functionalize", "nested",    "nestedtensor",
    "python",        "fake",        "backendselect", "mkl",       "cudnn",
    "miopen",        "vmap",        "batched",       "tracer",    "conjugate",
    "negative",      "zerotensor",  "accelerator",   "backends",  "nn",
    "linalg",        "fft",         "special",       "random",    "utils",
    "jit",           "onnx",        "distributed",   "testing",   "library",
    "ops",           "export",      "compiler",      "optim",     "tensor",
    "storage",       "device",      "stream",        "event",     "torch",
    "aten",          "c10",         "func",          "profiler",  "multiprocessing",
    "hub",           "package",     "quantization",  "ao",        "fx",
    "amp",           "version",     "types",         "overrides", "signal",
    "masked",        "sym",         "cpp",           "xnnpack"};

// Names become folder, file, package and namespace names ("torch_<device>", "lib<package>.so"):
// long ones help nobody and end in file-system errors far from the cause.
constexpr std::size_t kMaxNameLength = 64;

// Python packages a backend's package must not be named after: torch's own, and what every
// backend imports (a package of that name would hide it).
constexpr std::array kReservedPythonPackages = {
    "torch",  "torchgen", "functorch", "triton", "numpy",    "setuptools", "pip",      "pytest",
    "jinja2", "yaml",     "os",        "sys",    "re",       "json",       "math",     "io",
    "abc",    "typing",   "types",     "enum",   "copy",     "functools",  "logging",  "pathlib",
    "string", "warnings", "threading", "test",   "unittest", "importlib",  "builtins", "site"};

// C++ namespaces a backend's namespace must not be: libtorch's, the standard library's, and
// those of the libraries the generated code uses (GoogleTest's is "testing").
constexpr std::array kReservedCppNamespaces = {"at",       "aten",    "c10", "c10d",
                                               "caffe2",   "torch",   "std", "fmt",
                                               "pybind11", "testing", "py",  "google"};

// torch.distributed's own backend names, and those of accelerator backends a user may have
// installed beside this one (torch_npu's hccl, torch_mlu's cncl, ...): torch.distributed keeps
// one creator per name, so a second registration would replace the first.
constexpr std::array kReservedCollectiveBackends = {
    "gloo", "nccl", "ucc", "mpi", "xccl", "fake", "undefined", "threaded", "hccl", "cncl", "occl"};

// A name as an error quotes it: whole when short, else its start and its length (a 10 MB name
// must not become a 10 MB message).
std::string quoted(const std::string& name) {
  if (name.size() <= 40) return "'" + name + "'";
  return "'" + name.substr(0, 32) + "...' (" + std::to_string(name.size()) + " characters)";
}

// One error if `name` is longer than names may be; `what` names the setting.
bool check_length(const std::string& name, const std::string& what, const SourceLocation& where,
                  Diagnostics& diags) {
  if (name.size() <= kMaxNameLength) return true;
  diags.error(where, what + " " + quoted(name) + " is too long",
              "names are at most " + std::to_string(kMaxNameLength) + " characters");
  return false;
}

template <std::size_t N>
bool is_one_of(const std::string& name, const std::array<const char*, N>& names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool is_identifier(const std::string& s, bool lowercase_only) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [&](char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '_' || std::isdigit(u)) return true;
    return lowercase_only ? (std::islower(u) != 0) : (std::isalpha(u) != 0);
  });
}

bool check_python_package(const std::string& name, const SourceLocation& where,
                          Diagnostics& diags) {
  if (!check_length(name, "python_package", where, diags)) return false;
  if (!is_identifier(name, true) || model::is_python_keyword(name)) {
    diags.error(where, "python_package " + quoted(name) + " is not a valid lowercase Python name",
                "use letters, digits and '_', e.g. 'torch_mydevice'");
    return false;
  }
  if (is_one_of(name, kReservedPythonPackages)) {
    diags.error(where, "python_package " + quoted(name) + " would hide the package of that name",
                "name it after your device, e.g. 'torch_mydevice'");
    return false;
  }
  return true;
}

bool check_collective_backend(const std::string& name, const SourceLocation& where,
                              Diagnostics& diags) {
  if (!check_length(name, "collective_backend", where, diags)) return false;
  if (!is_identifier(name, true)) {
    diags.error(where, "collective_backend " + quoted(name) + " is not a lowercase identifier",
                "use letters, digits and '_', e.g. 'mydeviceccl'");
    return false;
  }
  if (is_one_of(name, kReservedCollectiveBackends)) {
    diags.error(where,
                "collective_backend " + quoted(name) + " is a torch.distributed backend already",
                "name it after your device, e.g. 'mydeviceccl'");
    return false;
  }
  return true;
}

bool check_cpp_namespace(const std::string& name, const SourceLocation& where, Diagnostics& diags) {
  if (!check_length(name, "cpp_namespace", where, diags)) return false;
  if (!is_identifier(name, false) || model::is_reserved_cpp_identifier(name) ||
      name.find("__") != std::string::npos || name.front() == '_') {
    diags.error(where, "cpp_namespace " + quoted(name) + " is not a usable C++ namespace name",
                "use an identifier that is not a C++ keyword and has no leading or double '_'");
    return false;
  }
  if (is_one_of(name, kReservedCppNamespaces)) {
    diags.error(
        where, "cpp_namespace " + quoted(name) + " is a namespace of libtorch or a library it uses",
        "name it after your device, e.g. 'mydevice'");
    return false;
  }
  return true;
}

bool check_class_prefix(const std::string& name, const SourceLocation& where, Diagnostics& diags) {
  if (!check_length(name, "class_prefix", where, diags)) return false;
  bool ok = is_identifier(name, false) && std::isupper(static_cast<unsigned char>(name[0])) &&
            name.find('_') == std::string::npos;
  if (!ok) {
    // The hint suggests the name made CamelCase, or an example when nothing of it is left.
    std::string suggestion = class_prefix_for(name);
    if (!is_identifier(suggestion, false) ||
        !std::isupper(static_cast<unsigned char>(suggestion[0]))) {
      suggestion = "MyDevice";
    }
    diags.error(where, "class_prefix " + quoted(name) + " must be CamelCase letters and digits",
                "e.g. '" + suggestion + "'");
  }
  return ok;
}

// The runtime source's name: csrc/runtime/<name>.cpp.
bool check_runtime_name(const std::string& name, const SourceLocation& where, Diagnostics& diags) {
  if (!check_length(name, "runtime source", where, diags)) return false;
  if (!is_identifier(name, true)) {
    diags.error(where, "runtime source " + quoted(name) + " is not a usable file name",
                "use lowercase letters, digits and '_', e.g. 'opencl_runtime'");
    return false;
  }
  return true;
}

std::vector<Ref> take_refs(load::MappingReader& reader, std::string_view key) {
  std::vector<Ref> refs;
  for (auto& [value, node] : reader.take_string_list(key, load::MappingReader::Scalar::kError)) {
    refs.push_back({value, load::location_of(reader.file(), node)});
  }
  return refs;
}

}  // namespace

const std::map<std::string, bool>& default_features() {
  static const std::map<std::string, bool> features = {
      {"streams", true},   {"events", true},        {"pin_memory", true},
      {"generator", true}, {"serialization", true}, {"autoload", true},
      {"autocast", true},  {"distributed", true},   {"comfyui", true}};
  return features;
}

const std::set<std::string>& switchable_features() {
  static const std::set<std::string> names = {"autoload", "autocast", "distributed", "comfyui"};
  return names;
}

std::string class_prefix_for(const std::string& device) { return model::camel_case(device); }

std::string collective_backend_for(const std::string& device) { return device + "ccl"; }

bool check_device_name(const std::string& name, const SourceLocation& where, Diagnostics& diags) {
  if (!check_length(name, "device name", where, diags)) return false;
  if (!is_identifier(name, true) || !std::islower(static_cast<unsigned char>(name[0]))) {
    diags.error(where,
                "device name " + quoted(name) + " must be a lowercase identifier ([a-z][a-z0-9_]*)",
                "e.g. 'mydevice' or 'my_npu'");
    return false;
  }
  auto reserved = std::find(kReservedDeviceNames.begin(), kReservedDeviceNames.end(), name);
  if (reserved != kReservedDeviceNames.end()) {
    diags.error(where, "device name '" + name + "' is already used by PyTorch",
                "pick a name of your own, e.g. '" + name + "_dev'");
    return false;
  }
  if (model::is_reserved_cpp_identifier(name) || model::is_python_keyword(name)) {
    diags.error(where, "device name '" + name + "' is a C++ or Python keyword");
    return false;
  }
  return true;
}

std::string default_descriptor_text(const std::string& device,
                                    const std::vector<std::string>& ops) {
  std::string text =
      "# frp-gen backend descriptor. Edit it, then run `frp-gen regen`.\n"
      "# Reference: docs/descriptor.md of frp-gen; schema: schemas/descriptor.schema.json.\n"
      "device: " +
      device +
      "\n"
      "# The minimal set every device needs is always included.\n"
      "op_sets: [minimal]\n";
  if (ops.empty()) {
    text += "ops: []\n";
  } else {
    text += "ops:\n";
    for (const std::string& op : ops) text += "  - " + op + "\n";
  }
  text +=
      "fallback:\n"
      "  policy: warn   # warn | silent | error\n"
      "  deny: []\n"
      "amp_dtypes: [float16, bfloat16]\n"
      "runtime:\n"
      "  devices: 2\n";
  return text;
}

std::optional<Descriptor> read_descriptor(const std::string& path, Diagnostics& diags) {
  std::optional<std::string> text = load::read_text_file(path, diags);
  if (!text) return std::nullopt;
  return parse_descriptor(path, std::move(*text), diags);
}

namespace {

// Reads the descriptor's sections, one method each, into `d`; errors go to `diags`.
class SectionReader {
 public:
  SectionReader(const std::string& path, load::MappingReader& top, Descriptor& d,
                Diagnostics& diags)
      : path_(path), top_(top), d_(d), diags_(diags) {}

  void names();
  void op_lists();
  void amp_dtypes();
  void autocast();
  void fallback();
  void features();
  void runtime_and_build();
  void consistency();

 private:
  SourceLocation at(const load::YamlNode& node) const { return load::location_of(path_, node); }
  template <typename Check>
  std::string take_name(std::string_view key, std::string fallback, Check check);
  void take_count(load::MappingReader& reader, std::string_view key, std::string_view what,
                  int& into);

  const std::string& path_;
  load::MappingReader& top_;
  Descriptor& d_;
  Diagnostics& diags_;
  bool device_ok_ = false;
  SourceLocation device_at_;
};

void SectionReader::names() {
  const load::YamlNode& device = top_.take("device");
  // A derived name is checked like a written one; its error points at the device name.
  device_at_ = device.is_defined() ? at(device) : SourceLocation{path_, 1, 1};
  d_.device_at = device_at_;
  if (!device.is_scalar()) {
    diags_.error(device_at_, "the descriptor needs a 'device:' name", "e.g. 'device: mydevice'");
  } else {
    d_.device = device.scalar();
    device_ok_ = check_device_name(d_.device, device_at_, diags_);
  }
  d_.python_package = take_name("python_package", "torch_" + d_.device, check_python_package);
  d_.cpp_namespace = take_name("cpp_namespace", d_.device, check_cpp_namespace);
  d_.class_prefix = take_name("class_prefix", class_prefix_for(d_.device), check_class_prefix);
  d_.collective_backend =
      take_name("collective_backend", collective_backend_for(d_.device), check_collective_backend);
}

template <typename Check>
std::string SectionReader::take_name(std::string_view key, std::string fallback, Check check) {
  const load::YamlNode& node = top_.take(key);
  if (!node.is_defined()) {
    if (device_ok_ && !check(fallback, device_at_, diags_)) {
      diags_.error(device_at_, "set '" + std::string(key) + "' explicitly for this device name");
    }
    return fallback;
  }
  if (!node.is_scalar()) {
    diags_.error(at(node), "expected '" + std::string(key) + "' to be a name");
    return fallback;
  }
  check(node.scalar(), at(node), diags_);
  return node.scalar();
}

void SectionReader::op_lists() {
  d_.ops = take_refs(top_, "ops");
  d_.op_sets = take_refs(top_, "op_sets");
  d_.custom_ops = take_refs(top_, "custom_ops");
  for (Ref& file : d_.custom_ops) {
    // Custom-op files travel with the descriptor into the generated repo: keep them inside it.
    // Normal form first, so "./ops/x.yaml" is accepted and copied as "ops/x.yaml".
    std::string normal = std::filesystem::path(file.value).lexically_normal().generic_string();
    if (is_safe_relative_path(normal)) {
      file.value = normal;
    } else {
      diags_.error(file.location, "custom_ops path '" + file.value +
                                      "' must be relative and inside the descriptor's folder");
    }
  }
  d_.autograd = take_refs(top_, "autograd");
}

void SectionReader::amp_dtypes() {
  d_.amp_dtypes = take_refs(top_, "amp_dtypes");
  if (d_.amp_dtypes.empty()) {
    d_.amp_dtypes = {{"float16", {path_, 0, 0}}, {"bfloat16", {path_, 0, 0}}};
  }
  for (const Ref& dtype : d_.amp_dtypes) {
    if (dtype.value != "float16" && dtype.value != "bfloat16") {
      diags_.error(dtype.location, "unknown AMP dtype '" + dtype.value + "'",
                   did_you_mean(dtype.value, {"float16", "bfloat16"}));
    }
  }
}

void SectionReader::autocast() {
  const load::YamlNode& node = top_.take("autocast");
  if (!node.is_defined()) return;
  load::MappingReader reader(path_, node, diags_, "'autocast'");
  d_.autocast.lower_precision_fp = take_refs(reader, "lower_precision_fp");
  d_.autocast.fp32 = take_refs(reader, "fp32");
  d_.autocast.promote = take_refs(reader, "promote");
  reader.finish();
}

void SectionReader::fallback() {
  const load::YamlNode& node = top_.take("fallback");
  if (!node.is_defined()) return;
  load::MappingReader reader(path_, node, diags_, "'fallback'");
  const load::YamlNode& policy = reader.take("policy");
  if (policy.is_defined()) {
    d_.fallback_policy = policy.scalar();  // "" unless a scalar
    const std::vector<std::string> policies = {"warn", "silent", "error"};
    if (std::find(policies.begin(), policies.end(), d_.fallback_policy) == policies.end()) {
      diags_.error(at(policy), "fallback policy must be warn, silent or error",
                   did_you_mean(d_.fallback_policy, policies));
    }
  }
  d_.fallback_deny = take_refs(reader, "deny");
  d_.register_cpu_kernels_at = at(reader.node()["register_cpu_kernels"]);
  d_.register_cpu_kernels = reader.take_bool("register_cpu_kernels").value_or(false);
  reader.finish();
}

// Settings that only make sense together, checked once every section is read.
void SectionReader::consistency() {
  if (d_.register_cpu_kernels && !d_.is_host_addressable()) {
    diags_.error(d_.register_cpu_kernels_at,
                 "fallback.register_cpu_kernels needs a runtime whose memory the host addresses: "
                 "elsewhere each call copies its tensors, which is a fallback in all but name",
                 "set runtime.host_addressable: true if device pointers are host pointers, or "
                 "remove register_cpu_kernels");
  }
}

void SectionReader::features() {
  d_.features = default_features();
  const load::YamlNode& node = top_.take("features");
  if (!node.is_defined()) return;
  std::vector<std::string> known;
  for (const auto& [name, on] : d_.features) known.push_back(name);
  load::MappingReader reader(path_, node, diags_, "'features'");
  for (const std::string& name : known) {
    const load::YamlNode& value = reader.node()[name];
    std::optional<bool> on = reader.take_bool(name);
    if (!on) continue;
    if (!*on && !switchable_features().contains(name)) {
      diags_.error(at(value),
                   "feature '" + name + "' cannot be turned off: every generated device has it",
                   "remove the line; only autoload and autocast can be turned off");
      continue;
    }
    d_.features[name] = *on;
  }
  reader.finish();
}

// Small counts: runtime.devices, build.registration_shards.
void SectionReader::take_count(load::MappingReader& reader, std::string_view key,
                               std::string_view what, int& into) {
  if (std::optional<long long> n = reader.take_int(key)) {
    if (*n < 1 || *n > 64) {
      diags_.error(at(reader.take(key)), std::string(what) + " must be between 1 and 64");
    }
    into = static_cast<int>(*n);
  }
}

void SectionReader::runtime_and_build() {
  if (const load::YamlNode& node = top_.take("runtime"); node.is_defined()) {
    load::MappingReader reader(path_, node, diags_, "'runtime'");
    take_count(reader, "devices", "runtime devices", d_.devices);
    if (const load::YamlNode& source = reader.take("source"); source.is_defined()) {
      if (!source.is_scalar()) {
        diags_.error(at(source), "expected 'source' to be a name");
      } else if (check_runtime_name(source.scalar(), at(source), diags_)) {
        d_.runtime = source.scalar();
      }
    }
    d_.host_addressable = reader.take_bool("host_addressable");
    reader.finish();
  }
  if (const load::YamlNode& node = top_.take("build"); node.is_defined()) {
    load::MappingReader reader(path_, node, diags_, "'build'");
    take_count(reader, "registration_shards", "registration_shards", d_.registration_shards);
    reader.finish();
  }
}

}  // namespace

std::optional<Descriptor> parse_descriptor(const std::string& path, std::string text,
                                           Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  diags.add_source(path, text);
  std::optional<load::YamlNode> root = load::parse_yaml(path, text, diags);
  if (!root) return std::nullopt;
  Descriptor d;
  d.file = path;
  d.text = std::move(text);
  if (root->is_null()) {  // no document, or only comments: say so rather than "not a mapping"
    diags.error({path, 0, 0}, "the descriptor is empty",
                "it needs at least the device's name, e.g. 'device: mydevice'");
    return std::nullopt;
  }
  load::MappingReader top(path, *root, diags, "the descriptor");
  if (!top.ok()) return std::nullopt;
  SectionReader sections(path, top, d, diags);
  sections.names();
  sections.op_lists();
  sections.amp_dtypes();
  sections.autocast();
  sections.fallback();
  sections.features();
  sections.runtime_and_build();
  sections.consistency();
  top.finish();
  if (diags.error_count() != errors_before) return std::nullopt;
  return d;
}

}  // namespace frp::descriptor
