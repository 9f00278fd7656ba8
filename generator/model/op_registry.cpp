#include "model/op_registry.h"

#include "load/yaml_file.h"

namespace frp::model {

namespace {

// Keys of native_functions.yaml that frp-gen reads.
constexpr const char* kFuncKey = "func";

// Keys PyTorch uses for its own codegen that say nothing to an out-of-tree backend; they are
// accepted in PyTorch's file and, for familiarity, in custom-op files too.
const std::vector<std::string> kIgnoredKeys = {"python_module",
                                               "category_override",
                                               "cpp_no_default_args",
                                               "manual_cpp_binding",
                                               "precomputed",
                                               "structured_inherits",
                                               "manual_kernel_registration",
                                               "has_composite_implicit_autograd_kernel"};

// A custom operator's name becomes file names (csrc/kernels/<namespace>_<name>.cpp and its
// header) and C++ identifiers; at this length it fits every file system's 255-byte names.
constexpr std::size_t kMaxCustomOpNameLength = 128;

void take_ignored(load::MappingReader& entry) {
  for (const std::string& key : kIgnoredKeys) entry.take(key);
}

// The schema of an entry (its `func:`) into `fn`: the parsed schema, where it is written and the
// key it is registered under. False, with the error reported, for an entry that cannot be used.
bool read_schema(const load::YamlFile& file, const std::string& path, const load::YamlNode& item,
                 const load::YamlNode& func_node, bool custom, NativeFunction& fn,
                 Diagnostics& diags) {
  if (!func_node.is_scalar()) {
    diags.error(load::location_of(path, item), "expected a 'func:' key with a schema string");
    return false;
  }
  fn.custom = custom;
  fn.location = load::location_in_scalar(path, file.text, func_node, 0);
  schema::SchemaError error;
  std::optional<schema::FunctionSchema> parsed =
      schema::parse_function_schema(func_node.scalar(), &error);
  if (!parsed) {
    diags.error(load::location_in_scalar(path, file.text, func_node, error.offset),
                "bad schema: " + error.message, error.hint);
    return false;
  }
  fn.func = std::move(*parsed);
  fn.schema_text = func_node.scalar();
  const std::string& ns = fn.func.name.ns;
  if (!custom && !ns.empty() && ns != "aten") {
    diags.error(fn.location, "PyTorch's operators live in the aten namespace");
  }
  if (custom && (ns.empty() || ns == "aten")) {
    diags.error(
        fn.location,
        "custom operators need their own namespace, e.g. 'myops::" + fn.func.name.name + "'",
        "aten belongs to PyTorch; a custom op there would clash with future releases");
    return false;
  }
  const std::size_t length = ns.size() + fn.func.name.name.size() + fn.func.name.overload.size();
  if (custom && length > kMaxCustomOpNameLength) {
    diags.error(
        fn.location, "the operator name of " + std::to_string(length) + " characters is too long",
        "a custom operator's namespace, name and overload together have at most " +
            std::to_string(kMaxCustomOpNameLength) + " characters: they name its kernel file");
    return false;
  }
  fn.key = operator_key(fn.func.name);
  return true;
}

// `variants:`, "function, method" as one comma-separated scalar in PyTorch's yaml.
void read_variants(load::MappingReader& entry, NativeFunction& fn, Diagnostics& diags) {
  for (const auto& [variant, node] : entry.take_string_list("variants")) {
    std::size_t start = 0;
    while (start <= variant.size()) {
      std::size_t comma = variant.find(',', start);
      std::string word = variant.substr(start, comma - start);
      word.erase(0, word.find_first_not_of(' '));
      word.erase(word.find_last_not_of(' ') + 1);
      if (word == "function" || word == "method") {
        fn.variants.push_back(word);
      } else {
        diags.error(load::location_of(entry.file(), node),
                    "unknown variant '" + word + "': expected 'function' or 'method'",
                    did_you_mean(word, {"function", "method"}));
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
}

// `dispatch:`, a mapping of dispatch keys to kernel names. An operator with `ufunc_inner_loop:`
// also has the CPU and CUDA kernels torchgen generates from its loops, which torchgen records as
// dispatch entries too.
void read_dispatch(load::MappingReader& entry, NativeFunction& fn, Diagnostics& diags) {
  if (entry.take("ufunc_inner_loop").is_defined()) fn.dispatch["CPU, CUDA"] = "ufunc";
  const load::YamlNode& dispatch = entry.take("dispatch");
  if (!dispatch.is_defined()) return;
  if (!dispatch.is_mapping()) {
    diags.error(load::location_of(entry.file(), dispatch), "expected 'dispatch' to be a mapping");
    return;
  }
  for (const auto& [key, value] : dispatch.entries()) {
    fn.dispatch[key.scalar()] = value.scalar();  // "" unless a scalar
  }
}

// `tags:`, each checked against tags.yaml's (when it was loaded).
void read_tags(load::MappingReader& entry, const std::set<std::string>& known_tags,
               NativeFunction& fn, Diagnostics& diags) {
  for (const auto& [tag, node] : entry.take_string_list("tags")) {
    if (!known_tags.empty() && !known_tags.contains(tag)) {
      std::vector<std::string> known(known_tags.begin(), known_tags.end());
      diags.error(load::location_of(entry.file(), node), "unknown tag '" + tag + "'",
                  did_you_mean(tag, known));
    }
    fn.tags.push_back(tag);
  }
}

// `device_check:` NoCheck or ExactSame (the default).
void read_device_check(load::MappingReader& entry, NativeFunction& fn, Diagnostics& diags) {
  std::optional<std::string> check = entry.take_string("device_check");
  if (!check || *check == "ExactSame") return;
  if (*check == "NoCheck") {
    fn.device_check = false;
    return;
  }
  diags.error(load::location_of(entry.file(), entry.take("device_check")),
              "expected 'device_check' to be NoCheck or ExactSame",
              did_you_mean(*check, {"NoCheck", "ExactSame"}));
}

// Everything of an entry but its schema.
void read_attributes(load::MappingReader& entry, const std::set<std::string>& known_tags,
                     NativeFunction& fn, Diagnostics& diags) {
  read_variants(entry, fn, diags);
  read_dispatch(entry, fn, diags);
  fn.structured = entry.take_bool("structured").value_or(false);
  fn.structured_delegate = entry.take_string("structured_delegate").value_or("");
  for (const auto& [name, node] : entry.take_string_list("autogen")) fn.autogen.push_back(name);
  read_tags(entry, known_tags, fn, diags);
  read_device_check(entry, fn, diags);
  fn.device_guard = entry.take_bool("device_guard").value_or(true);
  fn.use_const_ref_for_mutable_tensors =
      entry.take_bool("use_const_ref_for_mutable_tensors").value_or(false);
  take_ignored(entry);
}

}  // namespace

bool OpRegistry::load_tags(const std::string& path, Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  std::optional<load::YamlFile> file = load::load_yaml_file(path, diags);
  if (!file) return false;
  if (!file->root.is_sequence()) {
    diags.error(load::location_of(path, file->root), "expected a list of '- tag:' entries");
    return false;
  }
  for (const load::YamlNode& item : file->root.items()) {
    load::MappingReader entry(path, item, diags, "a tag entry");
    if (std::optional<std::string> tag = entry.take_string("tag")) tags_.insert(*tag);
    entry.take("desc");
    entry.finish();
  }
  return diags.error_count() == errors_before;
}

bool OpRegistry::load_functions(const std::string& path, bool custom, Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  std::optional<load::YamlFile> file = load::load_yaml_file(path, diags);
  if (!file) return false;
  if (!file->root.is_null() && !file->root.is_sequence()) {
    diags.error(load::location_of(path, file->root), "expected a list of '- func:' entries");
    return false;
  }
  if (custom && file->root.items().empty()) {  // listed in custom_ops, so surely a mistake
    diags.error({path, 0, 0}, "the custom-op file declares no operators",
                "add '- func: ns::name(Tensor self) -> Tensor' entries, or take it out of "
                "custom_ops");
    return false;
  }
  for (const load::YamlNode& item : file->root.items()) {
    if (diags.gave_up()) break;
    load::MappingReader entry(path, item, diags, "an operator entry");
    if (!entry.ok()) continue;
    auto fn = std::make_unique<NativeFunction>();
    if (!read_schema(*file, path, item, entry.take(kFuncKey), custom, *fn, diags)) continue;
    read_attributes(entry, tags_, *fn, diags);
    // PyTorch may add keys in a later release; only the user's own files are held to the list.
    if (custom) entry.finish();
    add(std::move(fn), diags);
  }
  return diags.error_count() == errors_before;
}

bool OpRegistry::load_torch_functions(const KeptRegistry& kept, Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  if (std::optional<std::vector<std::unique_ptr<NativeFunction>>> functions = kept.read()) {
    for (std::unique_ptr<NativeFunction>& fn : *functions) add(std::move(fn), diags);
    return diags.error_count() == errors_before;
  }
  const std::size_t before = functions_.size();
  if (!load_functions(kept.native_functions, false, diags)) return false;
  std::vector<const NativeFunction*> loaded;
  for (std::size_t i = before; i < functions_.size(); ++i) loaded.push_back(functions_[i].get());
  kept.write(loaded);
  return true;
}

void OpRegistry::add(std::unique_ptr<NativeFunction> fn, Diagnostics& diags) {
  auto [it, added] = by_key_.emplace(fn->key, fn.get());
  if (!added) {
    const NativeFunction* first = it->second;
    diags.error(
        fn->location, "duplicate operator '" + fn->key + "'",
        "first defined at " + first->location.file + ":" + std::to_string(first->location.line));
    return;
  }
  functions_.push_back(std::move(fn));
}

const NativeFunction* OpRegistry::find(const std::string& key) const {
  auto it = by_key_.find(key);
  return it == by_key_.end() ? nullptr : it->second;
}

std::vector<std::string> OpRegistry::keys() const {
  std::vector<std::string> out;
  out.reserve(functions_.size());
  for (const auto& fn : functions_) out.push_back(fn->key);
  return out;
}

std::vector<std::string> OpRegistry::keys_with_tag(const std::string& tag) const {
  std::vector<std::string> out;
  for (const auto& fn : functions_) {
    for (const std::string& t : fn->tags) {
      if (t == tag) {
        out.push_back(fn->key);
        break;
      }
    }
  }
  return out;
}

}  // namespace frp::model
