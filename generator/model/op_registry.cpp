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
                                               "ufunc_inner_loop",
                                               "manual_kernel_registration",
                                               "has_composite_implicit_autograd_kernel"};

void take_ignored(load::MappingReader& entry) {
  for (const std::string& key : kIgnoredKeys) entry.take(key);
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
  if (file->root.is_null()) return true;  // an empty custom-op file declares nothing
  if (!file->root.is_sequence()) {
    diags.error(load::location_of(path, file->root), "expected a list of '- func:' entries");
    return false;
  }
  for (const load::YamlNode& item : file->root.items()) {
    load::MappingReader entry(path, item, diags, "an operator entry");
    if (!entry.ok()) continue;
    const load::YamlNode& func_node = entry.take(kFuncKey);
    if (!func_node.is_scalar()) {
      diags.error(load::location_of(path, item), "expected a 'func:' key with a schema string");
      continue;
    }
    auto fn = std::make_unique<NativeFunction>();
    fn->custom = custom;
    fn->location = load::location_in_scalar(path, file->text, func_node, 0);

    schema::SchemaError error;
    std::optional<schema::FunctionSchema> parsed =
        schema::parse_function_schema(func_node.scalar(), &error);
    if (!parsed) {
      diags.error(load::location_in_scalar(path, file->text, func_node, error.offset),
                  "bad schema: " + error.message, error.hint);
      continue;
    }
    fn->func = std::move(*parsed);
    if (!custom && !fn->func.name.ns.empty() && fn->func.name.ns != "aten") {
      diags.error(fn->location, "PyTorch's operators live in the aten namespace");
    }
    if (custom && (fn->func.name.ns.empty() || fn->func.name.ns == "aten")) {
      diags.error(
          fn->location,
          "custom operators need their own namespace, e.g. 'myops::" + fn->func.name.name + "'",
          "aten belongs to PyTorch; a custom op there would clash with future releases");
      continue;
    }
    fn->key = fn->func.name.qualified();
    if (!fn->func.name.ns.empty() && fn->func.name.ns != "aten") {
      fn->key = fn->func.name.ns + "::" + fn->key;
    }

    for (const auto& [variant, node] : entry.take_string_list("variants")) {
      // "function, method" is one comma-separated scalar in PyTorch's yaml.
      std::size_t start = 0;
      while (start <= variant.size()) {
        std::size_t comma = variant.find(',', start);
        std::string word = variant.substr(start, comma - start);
        word.erase(0, word.find_first_not_of(' '));
        word.erase(word.find_last_not_of(' ') + 1);
        if (word == "function" || word == "method") {
          fn->variants.push_back(word);
        } else {
          diags.error(load::location_of(path, node),
                      "unknown variant '" + word + "': expected 'function' or 'method'",
                      did_you_mean(word, {"function", "method"}));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    const load::YamlNode& dispatch = entry.take("dispatch");
    if (dispatch.is_defined()) {
      if (!dispatch.is_mapping()) {
        diags.error(load::location_of(path, dispatch), "expected 'dispatch' to be a mapping");
      } else {
        for (const auto& [key, value] : dispatch.entries()) {
          fn->dispatch[key.scalar()] = value.scalar();  // "" unless a scalar
        }
      }
    }
    fn->structured = entry.take_bool("structured").value_or(false);
    fn->structured_delegate = entry.take_string("structured_delegate").value_or("");
    for (const auto& [name, node] : entry.take_string_list("autogen")) {
      fn->autogen.push_back(name);
    }
    for (const auto& [tag, node] : entry.take_string_list("tags")) {
      if (!tags_.empty() && !tags_.contains(tag)) {
        std::vector<std::string> known(tags_.begin(), tags_.end());
        diags.error(load::location_of(path, node), "unknown tag '" + tag + "'",
                    did_you_mean(tag, known));
      }
      fn->tags.push_back(tag);
    }
    if (std::optional<std::string> check = entry.take_string("device_check")) {
      if (*check == "NoCheck") {
        fn->device_check = false;
      } else if (*check != "ExactSame") {
        diags.error(load::location_of(path, entry.take("device_check")),
                    "expected 'device_check' to be NoCheck or ExactSame",
                    did_you_mean(*check, {"NoCheck", "ExactSame"}));
      }
    }
    fn->device_guard = entry.take_bool("device_guard").value_or(true);
    fn->use_const_ref_for_mutable_tensors =
        entry.take_bool("use_const_ref_for_mutable_tensors").value_or(false);
    take_ignored(entry);
    // PyTorch may add keys in a later release; only the user's own files are held to the list.
    if (custom) entry.finish();

    if (by_key_.contains(fn->key)) {
      const NativeFunction* first = by_key_.at(fn->key);
      diags.error(
          fn->location, "duplicate operator '" + fn->key + "'",
          "first defined at " + first->location.file + ":" + std::to_string(first->location.line));
      continue;
    }
    by_key_.emplace(fn->key, fn.get());
    functions_.push_back(std::move(fn));
  }
  return diags.error_count() == errors_before;
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
