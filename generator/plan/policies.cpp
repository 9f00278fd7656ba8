#include "plan/policies.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "load/yaml_file.h"
#include "plan/op_plan.h"

namespace frp::plan {

std::vector<std::string> mixed_device_keys(const model::OpRegistry& registry,
                                           const std::set<std::string>& listed) {
  std::vector<std::string> keys;
  for (const auto& fn : registry.all()) {
    if (!fn->custom && !checks_devices(*fn, listed.contains(fn->key))) keys.push_back(fn->key);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

namespace {

// The convolution's forward and backward, as at::_convolution and autograd call them for a
// device PyTorch does not know.
constexpr std::array<std::string_view, 2> kConvolutions = {"convolution_overrideable",
                                                           "convolution_backward_overrideable"};

}  // namespace

CpuDefaults read_cpu_defaults(const Inputs& in, const std::set<std::string>& selected_keys,
                              Diagnostics& diags) {
  CpuDefaults out;
  if (in.cpu_defaults.empty()) return out;
  std::optional<load::YamlFile> file = load::load_yaml_file(in.cpu_defaults, diags);
  if (!file) return out;
  load::MappingReader reader(in.cpu_defaults, file->root, diags, "the generated defaults");
  reader.take("description");
  for (const std::string_view list : {"equivalents", "cpu_kernels"}) {
    for (auto& [key, node] : reader.take_string_list(list)) {
      const model::NativeFunction* fn = in.registry->find(key);
      if (!fn) continue;
      if (list == "equivalents") {
        std::optional<model::Op> op = model::build_op(*fn, diags);
        if (!op) continue;
        out.equivalents.push_back({key, op->cpp_name});
      }
      out.names.push_back(key);
      if (!selected_keys.contains(key)) out.registered.push_back(key);
    }
  }
  reader.finish();
  std::sort(out.names.begin(), out.names.end());
  std::sort(out.registered.begin(), out.registered.end());
  out.convolution = std::ranges::all_of(kConvolutions, [&](std::string_view key) {
    return std::ranges::binary_search(out.names, key) && !selected_keys.contains(std::string(key));
  });
  return out;
}

std::vector<UnmarkedWrite> read_unmarked_writes(const Inputs& in, Diagnostics& diags) {
  std::vector<UnmarkedWrite> out;
  if (in.unmarked_writes.empty()) return out;
  std::optional<load::YamlFile> file = load::load_yaml_file(in.unmarked_writes, diags);
  if (!file) return out;
  load::MappingReader reader(in.unmarked_writes, file->root, diags, "a list of unmarked writes");
  reader.take("description");
  const load::YamlNode& writes = reader.take("writes");
  reader.finish();
  for (const auto& [key, arguments] : writes.entries()) {
    const model::NativeFunction* fn = in.registry->find(key.scalar());
    for (const load::YamlNode& argument : arguments.items()) {
      const auto& known = fn ? fn->func.arguments : std::vector<schema::Argument>{};
      const bool exists = std::any_of(known.begin(), known.end(), [&](const schema::Argument& a) {
        return a.name == argument.scalar();
      });
      if (exists) out.push_back({key.scalar(), argument.scalar()});
    }
  }
  return out;
}

namespace {

// `node`'s text, which becomes a Python string literal: an OpInfo name or a dtype, or with
// `prose` a reason. Anything that would need escaping is reported where it is.
std::string plain_text(const std::string& file, const load::YamlNode& node, bool prose,
                       Diagnostics& diags) {
  const std::string& text = node.scalar();
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
           (prose && std::string_view(" ,;:'()=-").find(c) != std::string_view::npos);
  });
  if (!plain) {
    diags.error(load::location_of(file, node),
                prose ? "a reason must be plain prose (letters, digits, spaces, ,;:'()=-._)"
                      : "expected an OpInfo name (with an optional /check and /dtype) or a dtype");
  }
  return text;
}

}  // namespace

ConformancePolicy read_conformance(const Inputs& in, Diagnostics& diags) {
  ConformancePolicy out;
  if (in.conformance.empty()) return out;
  std::optional<load::YamlFile> file = load::load_yaml_file(in.conformance, diags);
  if (!file) return out;
  const std::string& path = in.conformance;
  load::MappingReader reader(path, file->root, diags, "the conformance policy");
  reader.take("description");
  for (auto& [name, node] : reader.take_string_list("dtypes")) {
    out.dtypes.push_back(plain_text(path, node, false, diags));
  }
  for (auto& [name, node] : reader.take_string_list("quick")) {
    out.quick.push_back(plain_text(path, node, false, diags));
  }
  for (auto [list, entries] : {std::pair{"not_comparable", &out.not_comparable},
                               std::pair{"expected_failures", &out.expected_failures}}) {
    for (const auto& [name, reason] : reader.take(list).entries()) {
      entries->push_back(
          {plain_text(path, name, false, diags), plain_text(path, reason, true, diags)});
    }
  }
  reader.finish();
  return out;
}

namespace {

constexpr const char* kAutocastPolicies[] = {"lower_precision_fp", "fp32", "promote"};

// Autocast policy by op name or key: the shipped lists, then the descriptor's overrides.
std::map<std::string, std::string> autocast_policy_of(const Inputs& in, Diagnostics& diags) {
  std::map<std::string, std::string> policy_of;
  std::optional<load::YamlFile> file;
  if (!in.autocast_policy.empty()) file = load::load_yaml_file(in.autocast_policy, diags);
  if (file) {
    load::MappingReader reader(in.autocast_policy, file->root, diags, "an autocast policy list");
    for (const char* policy : kAutocastPolicies) {
      for (auto& [name, node] : reader.take_string_list(policy)) policy_of[name] = policy;
    }
    reader.finish();
  }
  const descriptor::AutocastOverrides& overrides = in.descriptor->autocast;
  for (const auto& [refs, policy] : {std::pair{&overrides.lower_precision_fp, kAutocastPolicies[0]},
                                     std::pair{&overrides.fp32, kAutocastPolicies[1]},
                                     std::pair{&overrides.promote, kAutocastPolicies[2]}}) {
    for (const descriptor::Ref& ref : *refs) policy_of[normalize_key(ref.value)] = policy;
  }
  return policy_of;
}

}  // namespace

// Names this torch lacks are skipped: the shipped list is frp-gen's, the descriptor's names were
// checked before.
std::vector<AutocastKernel> autocast_kernels(const Inputs& in, Diagnostics& diags) {
  const std::map<std::string, std::string> policy_of = autocast_policy_of(in, diags);
  std::vector<AutocastKernel> kernels;
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
    kernels.push_back({fn->key, name, op->overload, it->second, op->aten_ops_header});
  }
  return kernels;
}

}  // namespace frp::plan
