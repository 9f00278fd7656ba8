#include "plan/render_json.h"

#include <set>
#include <type_traits>

#include "common/json_text.h"

namespace frp::plan {

using nlohmann::json;

namespace {

// A C++ string literal for `text` (schemas may hold quoted string defaults).
std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The op's C++ parameter list and the arguments that pass them on, as templates paste them.
void write_signature(const model::Op& op, JsonText& out) {
  std::string params, names;
  for (const model::CppArgument& a : op.arguments) {
    if (!names.empty()) {
      params += ", ";
      names += ", ";
    }
    params += a.type + " " + a.name;
    names += a.name;
  }
  out.key("signature").value(params).key("call_arguments").value(names);
}

void write_wrapper(const WrapperPlan& wrapper, JsonText& out) {
  out.key("device_checks").begin_array();
  for (const DeviceCheck& check : wrapper.device_checks) {
    out.begin_object().key("argument").value(check.argument);
    out.key("written").value(check.written).end_object();
  }
  out.end_array().key("guard");
  if (wrapper.guard) {
    out.begin_object().key("kind").value(to_string(wrapper.guard->kind));
    out.key("expr").value(wrapper.guard->expr).end_object();
  } else {
    out.null();
  }
  out.key("default_kernel").value(to_string(wrapper.default_kernel));
}

// The Function's forward passes the op's arguments on by name: `arguments` are those names.
void write_autograd_function(const model::Op& op, const AutogradFunction& function, JsonText& out) {
  out.begin_object().key("arguments").begin_array();
  for (const model::CppArgument& a : op.arguments) out.value(a.name);
  out.end_array()
      .key("class_name")
      .value(function.class_name)
      .key("schema_name")
      .value(function.schema_name)
      .key("forward_type")
      .value(function.forward_type)
      .key("outputs")
      .value(std::uint64_t{function.outputs})
      .end_object();
}

void write_strings(JsonText& out, std::string_view key, const std::set<std::string>& strings) {
  out.key(key).begin_array();
  for (const std::string& s : strings) out.value(s);
  out.end_array();
}

// The fields of each kind of file entry (see emitters.h), as its template reads them.
struct FieldWriter {
  JsonText& out;
  void operator()(const NoFields&) const {}
  void operator()(const FamilyHeaderFields& f) const {
    out.key("family").value(f.family).key("kernel_file").value(f.kernel_file);
  }
  void operator()(const KernelFileFields& f) const {
    out.key("name").value(f.name).key("includes").strings(f.includes);
    out.key("default_kernels").begin_object();
    for (DefaultKernel kernel :
         {DefaultKernel::CpuFallback, DefaultKernel::Minimal, DefaultKernel::NotImplemented}) {
      out.key(to_string(kernel)).value(f.default_kernels.contains(kernel));
    }
    out.end_object();
    write_strings(out, "aten_ops_headers", f.aten_ops_headers);
  }
  void operator()(const ShardFields& f) const {
    out.key("shard").value(static_cast<std::uint64_t>(f.shard));
    out.key("headers").strings(f.headers);
    write_strings(out, "namespaces", f.namespaces);
  }
  void operator()(const NamespacesFields& f) const {
    write_strings(out, "namespaces", f.namespaces);
  }
  void operator()(const AutogradFamilyFields& f) const { out.key("family").value(f.family); }
};

}  // namespace

std::string op_json_text(const model::Op& op, const WrapperPlan& wrapper,
                         std::optional<bool> autograd, const AutogradFunction* function) {
  JsonText out;
  // Most ops' JSON is 0.3-1 KB (a few reach 2 KB): one allocation for nearly all. A larger
  // reservation per op only costs page faults on memory that stays unused.
  out.reserve(1024);
  // Each argument's C++ type and name are in `signature`; nothing reads them one by one, and
  // thousands of ops make every field count in the renderer's parsing time.
  out.begin_object().key("key").value(op.key);
  out.key("impl_name").value(op.fn->func.name.qualified());
  // Only a custom op's schema is written into C++ (its m.def); an aten op's is torch's.
  if (op.fn->custom) out.key("schema_literal").value(cpp_string_literal(op.schema));
  out.key("ns").value(op.ns);
  out.key("name").value(op.name);
  out.key("overload").value(op.overload);
  out.key("schema").value(op.schema);
  out.key("cpp_name").value(op.cpp_name);
  out.key("family").value(op.family);
  out.key("kind").value(model::to_string(op.kind));
  out.key("custom").value(op.fn->custom);
  write_signature(op, out);
  out.key("return_type").value(op.return_type);
  write_wrapper(wrapper, out);
  if (autograd) out.key("autograd").value(*autograd);
  if (function) {
    out.key("autograd_function");
    write_autograd_function(op, *function, out);
  }
  out.end_object();
  return out.take();
}

std::string file_entry_json_text(const FileEntry& file) {
  JsonText out;
  out.begin_object().key("path").value(file.path);
  out.key("template").value(file.spec->template_name);
  out.key("owner").value(to_string(file.spec->owner));
  std::visit(FieldWriter{out}, file.fields);
  out.key("ops").begin_array();
  for (std::size_t i : file.ops) out.value(std::uint64_t{i});
  out.end_array();
  if (!file.quotes.empty()) {  // what renderer.py's region() may quote while rendering it
    out.key("quotes").begin_array();
    for (const std::string& path : file.quotes) out.value(path);
    out.end_array();
  }
  if (!file.extend_in.empty()) out.key("extend_in").value(file.extend_in);
  return out.end_object().take();
}

namespace {

json autocast_json(const std::vector<AutocastKernel>& kernels) {
  json list = json::array();
  std::set<std::string> headers;
  for (const AutocastKernel& k : kernels) {
    list.push_back({{"key", k.key},
                    {"name", k.name},
                    {"overload", k.overload},
                    {"policy", k.policy},
                    {"aten_ops_header", k.aten_ops_header}});
    headers.insert(k.aten_ops_header);
  }
  return {{"kernels", std::move(list)}, {"headers", std::move(headers)}};
}

json fallback_json(const Inputs& in, const ModelParts& parts) {
  const json deny = fallback_deny_keys(*in.descriptor);
  json writes = json::array();
  for (const UnmarkedWrite& w : parts.unmarked_writes) {
    writes.push_back({{"key", w.key}, {"argument", w.argument}});
  }
  // Keyed by operator, so that a template asks `"hypot" in model.fallback.ops_by_name`.
  json by_name = json::object();
  for (const FallbackByName& op : parts.fallback_by_name) by_name[op.key] = op.out;
  return {{"policy", in.descriptor->fallback_policy},
          {"policy_enum", parts.fallback_policy_enum},
          {"deny", std::move(deny)},
          {"cpu_kernels", parts.cpu_kernels.dense},
          {"nested_cpu_kernels", parts.cpu_kernels.nested},
          {"ops_by_name", std::move(by_name)},
          {"mixed_device_ops", parts.mixed_device_ops},
          {"unmarked_writes", std::move(writes)}};
}

json cpu_defaults_json(const CpuDefaults& defaults) {
  json equivalents = json::array();
  for (const CpuDefaults::Equivalent& e : defaults.equivalents) {
    equivalents.push_back({{"key", e.key}, {"cpp_name", e.cpp_name}});
  }
  return {{"names", defaults.names},
          {"equivalents", std::move(equivalents)},
          {"registered", defaults.registered},
          {"convolution", defaults.convolution}};
}

// "a", "a and b", "a, b and c": a list as the docstrings' prose names it.
std::string in_words(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

json conformance_json(const ConformancePolicy& policy) {
  auto entries = [](const std::vector<ConformancePolicy::Entry>& list) {
    json out = json::array();
    for (const auto& e : list) out.push_back({{"name", e.name}, {"reason", e.reason}});
    return out;
  };
  return {{"dtypes", policy.dtypes},
          {"dtypes_in_words", in_words(policy.dtypes)},
          {"quick", policy.quick},
          {"not_comparable", entries(policy.not_comparable)},
          {"expected_failures", entries(policy.expected_failures)}};
}

json layout_json(const std::vector<LayoutRow>& rows) {
  json out = json::array();
  for (const LayoutRow& row : rows) {
    out.push_back({{"path", row.path}, {"owner", to_string(row.owner)}, {"about", row.about}});
  }
  return out;
}

json backend_json(const descriptor::Descriptor& d, const ModelParts& parts) {
  return {{"device", d.device},
          {"python_package", d.python_package},
          {"cpp_namespace", d.cpp_namespace},
          {"class_prefix", d.class_prefix},
          {"collective_backend", d.collective_backend},
          {"dispatch_key", "PrivateUse1"},
          // Nested tensors of the device dispatch to a key of their own.
          {"nested_dispatch_key", "NestedTensorPrivateUse1"},
          {"core_library", d.python_package},
          {"env_prefix", parts.env_prefix},
          {"devices", d.devices},
          {"host_addressable", d.is_host_addressable()},
          {"computes_on_host", d.computes_on_host()},
          {"runtime_source", d.runtime}};
}

}  // namespace

json model_doc(const Inputs& in, const ModelParts& parts) {
  const descriptor::Descriptor& d = *in.descriptor;
  json amp_dtypes = json::array();
  for (const descriptor::Ref& ref : d.amp_dtypes) amp_dtypes.push_back(ref.value);
  return {
      {"generator", {{"name", "frp-gen"}, {"version", in.generator_version}}},
      {"torch", {{"version", in.torch_version}, {"requirement", parts.torch_requirement}}},
      {"backend", backend_json(d, parts)},
      {"autocast", autocast_json(parts.autocast_kernels)},
      {"amp_dtypes", std::move(amp_dtypes)},
      {"fallback", fallback_json(in, parts)},
      {"cpu_defaults", cpu_defaults_json(parts.cpu_defaults)},
      {"conformance", conformance_json(parts.conformance)},
      {"features", d.features},
      {"build",
       {{"sources", parts.build.core},
        {"python_sources", parts.build.python},
        {"test_sources", parts.build.test}}},
      {"layout", layout_json(parts.layout)},
  };
}

}  // namespace frp::plan
