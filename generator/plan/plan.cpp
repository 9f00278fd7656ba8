// Plan stage: the render model, step by step: the selected ops are typed and planned (on
// several threads), the emitters turn them into file entries, the policy files are read, and
// render_json writes it all.
#include "plan/plan.h"

#include <cctype>
#include <map>
#include <set>

#include "common/parallel.h"
#include "plan/cpu_kernels.h"
#include "plan/emitters.h"
#include "plan/file_table.h"
#include "plan/policies.h"
#include "plan/render_json.h"

namespace frp::plan {

using nlohmann::json;

namespace {

// Checks names in policy lists (autograd, autocast, fallback deny): they must name known ops,
// each once; autocast names may be a bare operator name covering all its overloads.
void check_op_refs(const std::vector<descriptor::Ref>& refs, const model::OpRegistry& registry,
                   const std::set<std::string>& base_names, std::string_view what,
                   Diagnostics& diags) {
  std::vector<std::string> candidates;
  std::set<std::string> listed;
  for (const descriptor::Ref& ref : refs) {
    std::string key = normalize_key(ref.value);
    if (!listed.insert(key).second) {
      diags.error(ref.location,
                  "operator '" + ref.value + "' is listed twice in " + std::string(what));
      continue;
    }
    if (registry.find(key) || base_names.contains(key)) continue;
    if (candidates.empty()) {  // the bare names too, where they are allowed
      candidates = registry.keys();
      candidates.insert(candidates.end(), base_names.begin(), base_names.end());
    }
    diags.error(ref.location, "unknown operator '" + ref.value + "' in " + std::string(what),
                diags.shows_another() ? did_you_mean(ref.value, candidates) : "");
  }
}

// An op under two autocast policies would silently get one of them.
void check_autocast_policies(const descriptor::AutocastOverrides& autocast, Diagnostics& diags) {
  const std::pair<const std::vector<descriptor::Ref>*, const char*> policies[] = {
      {&autocast.lower_precision_fp, "lower_precision_fp"},
      {&autocast.fp32, "fp32"},
      {&autocast.promote, "promote"}};
  std::map<std::string, std::string> policy_of;
  for (const auto& [refs, policy] : policies) {
    for (const descriptor::Ref& ref : *refs) {
      auto [it, added] = policy_of.emplace(normalize_key(ref.value), policy);
      if (!added && it->second != policy) {
        diags.error(ref.location,
                    "operator '" + ref.value + "' is under two autocast policies, '" + it->second +
                        "' and '" + policy + "'",
                    "an op runs under one policy: keep it in one list");
      }
    }
  }
}

// The descriptor's op lists besides `ops`: each name a known op, each autograd op selected.
void check_descriptor_lists(const Inputs& in, const std::set<std::string>& selected_keys,
                            Diagnostics& diags) {
  const descriptor::Descriptor& d = *in.descriptor;
  const descriptor::AutocastOverrides& autocast = d.autocast;
  // Only autocast names may be bare operator names; their set is built only when it is needed.
  std::set<std::string> base_names;
  if (!autocast.lower_precision_fp.empty() || !autocast.fp32.empty() || !autocast.promote.empty()) {
    for (const auto& fn : in.registry->all()) base_names.insert(fn->func.name.name);
  }
  check_op_refs(d.autograd, *in.registry, {}, "'autograd'", diags);
  check_op_refs(autocast.lower_precision_fp, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(autocast.fp32, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(autocast.promote, *in.registry, base_names, "'autocast'", diags);
  check_op_refs(d.fallback_deny, *in.registry, {}, "'fallback.deny'", diags);
  check_autocast_policies(autocast, diags);
  for (const descriptor::Ref& ref : d.autograd) {
    const std::string key = normalize_key(ref.value);
    if (in.registry->find(key) && !selected_keys.contains(key)) {
      diags.error(ref.location, "'" + ref.value + "' has an autograd Function but no kernel",
                  "add it to 'ops' as well");
    }
  }
}

// The names of one of frp-gen's op lists. The list is written for the torch frp-gen is tested
// with: a name another torch lacks is simply not there (tests/cli/test_shipped_lists.py checks
// the names against torch).
std::set<std::string> read_policy_list(const std::string& path, Diagnostics& diags) {
  std::set<std::string> names;
  if (path.empty()) return names;
  for (const descriptor::Ref& ref : read_op_list(path, diags)) names.insert(ref.value);
  return names;
}

// What is decided per op from lists: frp-gen's policy lists and the descriptor's autograd list.
struct OpLists {
  std::set<std::string> mixed_device;
  std::set<std::string> minimal;
  std::map<std::string, SourceLocation> autograd;  // key -> where the descriptor names it
};

OpLists read_op_lists(const Inputs& in, Diagnostics& diags) {
  OpLists lists{read_policy_list(in.mixed_device_ops, diags),
                read_policy_list(minimal_op_set(in.op_sets_dir), diags),
                {}};
  for (const descriptor::Ref& ref : in.descriptor->autograd) {
    lists.autograd[normalize_key(ref.value)] = ref.location;
  }
  return lists;
}

// One op typed and planned, with its JSON; nullopt (reported) if it has no C++ form.
std::optional<PlannedOp> plan_op(const model::NativeFunction& fn, const OpLists& lists,
                                 std::string& json_text, Diagnostics& diags) {
  std::optional<model::Op> op = model::build_op(fn, diags);
  if (!op) return std::nullopt;
  PlannedOp planned;
  planned.wrapper = plan_wrapper(*op, {.mixed_device = lists.mixed_device.contains(fn.key),
                                       .minimal = lists.minimal.contains(fn.key)});
  planned.autograd = lists.autograd.contains(fn.key);
  if (planned.autograd && why_no_autograd_function(*op).empty()) {
    planned.autograd_function = plan_autograd_function(*op);
  }
  json_text = op_json_text(*op, planned.wrapper, planned.autograd,
                           planned.autograd_function ? &*planned.autograd_function : nullptr);
  planned.op = std::move(*op);
  return planned;
}

// The selected ops, planned, and model["ops"] as JSON text: ops[i] is written as ops_json[i].
struct PlannedOps {
  std::vector<PlannedOp> ops;
  std::vector<ModelOp> model_ops;  // ops[i] as the stages after the plan know it
};

// The schema the manifest records for `op`: a custom op's is written without its namespace,
// which its key has.
std::string recorded_schema(const model::Op& op) {
  std::string schema = op.schema;
  const std::size_t ns = op.key.find("::");
  if (ns != std::string::npos && schema.compare(0, ns + 2, op.key, 0, ns + 2) != 0) {
    schema.insert(0, op.key, 0, ns + 2);
  }
  return schema;
}

// Typing an op and writing its JSON do not depend on the other ops, and are most of the plan's
// work for a large op list: they are cut into parts shared among threads (the renderers are only
// waiting). Each part keeps its own diagnostics, merged in order so that reports do not depend
// on the threads.
PlannedOps plan_ops_in_parallel(const std::vector<const model::NativeFunction*>& selected,
                                const OpLists& lists, Diagnostics& diags) {
  constexpr std::size_t kParts = 8;
  std::vector<std::optional<PlannedOp>> planned(selected.size());
  std::vector<std::string> texts(selected.size());
  std::vector<Diagnostics> part_diags(kParts);
  parallel_for(kParts, cpu_threads(kParts), [&](std::size_t part) {
    const auto [begin, end] = part_range(selected.size(), kParts, part);
    for (std::size_t i = begin; i < end; ++i) {
      planned[i] = plan_op(*selected[i], lists, texts[i], part_diags[part]);
    }
  });
  for (const Diagnostics& part : part_diags) diags.append(part);
  PlannedOps out;
  out.ops.reserve(selected.size());
  out.model_ops.reserve(selected.size());
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (!planned[i]) continue;
    const model::Op& op = planned[i]->op;
    out.model_ops.push_back({op.key, recorded_schema(op), std::move(texts[i])});
    out.ops.push_back(std::move(*planned[i]));
  }
  return out;
}

// What only the whole list can tell: two ops with one C++ name, and autograd Functions asked for
// ops that cannot have one.
void check_planned_ops(const std::vector<PlannedOp>& ops, const OpLists& lists,
                       Diagnostics& diags) {
  std::map<std::string_view, std::string_view> key_of;  // C++ name -> op key
  for (const PlannedOp& planned : ops) {
    const model::Op& op = planned.op;
    auto [it, fresh] = key_of.emplace(op.cpp_name, op.key);
    if (!fresh) {
      diags.error(op.fn->location, "operators '" + std::string(it->second) + "' and '" + op.key +
                                       "' map to the same C++ name '" + op.cpp_name + "'");
    }
    if (planned.autograd && !planned.autograd_function) {
      diags.error(
          lists.autograd.at(op.key),
          "'" + op.key + "' cannot get an autograd Function: " + why_no_autograd_function(op),
          "autograd Functions are generated for functional operators that return tensors");
    }
  }
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

// Everything in the model besides ops and files; the policy files' errors go to `diags`.
ModelParts model_parts(const Inputs& in, const std::set<std::string>& selected_keys,
                       const OpLists& lists, Diagnostics& diags) {
  const descriptor::Descriptor& d = *in.descriptor;
  ModelParts parts;
  parts.env_prefix = env_prefix(d.device);
  parts.torch_requirement = torch_requirement(in.torch_version);
  parts.fallback_policy_enum = policy_enum(d.fallback_policy);
  if (d.features.at("autocast")) parts.autocast_kernels = autocast_kernels(in, diags);
  parts.mixed_device_ops = mixed_device_keys(*in.registry, lists.mixed_device);
  parts.unmarked_writes = read_unmarked_writes(in, diags);
  parts.cpu_defaults = read_cpu_defaults(in, selected_keys, diags);
  // Registered CPU kernels take the generated defaults' registrations over, so that those run
  // as the device's kernels too rather than through the fallback.
  parts.cpu_kernels =
      registered_cpu_kernels(d, *in.registry, selected_keys, parts.cpu_defaults.registered);
  if (d.register_cpu_kernels) parts.cpu_defaults.registered.clear();
  parts.fallback_by_name = ops_the_fallback_takes_by_name(d, *in.registry, selected_keys,
                                                          parts.cpu_defaults.registered);
  parts.conformance = read_conformance(in, diags);
  return parts;
}

// The placeholders every path may use.
std::vector<Binding> global_bindings(const descriptor::Descriptor& d) {
  return {{"package", d.python_package}, {"runtime", d.runtime}};
}

// The files, as the stages after the plan know them. A quoted file that this repo does not have
// (its feature is off) is left out; the quoting template's `region` then says which file it
// lacks.
std::vector<ModelFile> model_files(const std::vector<FileEntry>& files) {
  std::map<std::string, std::size_t, std::less<>> index_of;
  for (std::size_t i = 0; i < files.size(); ++i) index_of.emplace(files[i].path, i);
  std::vector<ModelFile> out;
  out.reserve(files.size());
  for (const FileEntry& file : files) {
    ModelFile& entry = out.emplace_back();
    entry.path = file.path;
    entry.owner = file.spec->owner;
    entry.extend_in = file.extend_in;
    entry.ops = file.ops;
    for (const std::string& path : file.quotes) {
      if (auto it = index_of.find(path); it != index_of.end()) entry.quotes.push_back(it->second);
    }
    entry.request = file_entry_json_text(file);
  }
  return out;
}

}  // namespace

json op_to_json(const model::Op& op, const OpFacts& facts) {
  return json::parse(op_json_text(op, plan_wrapper(op, facts)));
}

json RenderModel::to_json() const {
  json whole = doc;
  json& op_list = whole["ops"] = json::array();
  for (const ModelOp& op : ops) op_list.push_back(json::parse(op.request));
  json& file_list = whole["files"] = json::array();
  for (const ModelFile& file : files) file_list.push_back(json::parse(file.request));
  return whole;
}

std::optional<RenderModel> build_render_model(const Inputs& in, Diagnostics& diags) {
  const descriptor::Descriptor& d = *in.descriptor;
  const std::size_t errors_before = diags.error_count();
  std::optional<FileTable> table = read_file_table(in.file_table, diags);
  std::optional<std::vector<const model::NativeFunction*>> selected = select_ops(in, diags);
  if (!table || !selected) return std::nullopt;
  std::set<std::string> selected_keys;
  for (const model::NativeFunction* fn : *selected) selected_keys.insert(fn->key);
  check_descriptor_lists(in, selected_keys, diags);
  const OpLists lists = read_op_lists(in, diags);
  PlannedOps planned = plan_ops_in_parallel(*selected, lists, diags);
  check_planned_ops(planned.ops, lists, diags);
  if (diags.error_count() != errors_before) return std::nullopt;

  ModelParts parts = model_parts(in, selected_keys, lists, diags);
  if (diags.error_count() != errors_before) return std::nullopt;
  const std::vector<Family> families = group_families(planned.ops);
  const std::vector<Binding> globals = global_bindings(d);
  const std::vector<FileEntry> files = emit_files(
      *table, {planned.ops, families, d.registration_shards, !parts.cpu_kernels.dense.empty()},
      globals, d.features);
  parts.build = build_sources(files);
  parts.layout = layout(*table, files, globals);

  RenderModel model;
  model.doc = model_doc(in, parts);
  model.ops = std::move(planned.model_ops);
  model.files = model_files(files);
  return model;
}

}  // namespace frp::plan
