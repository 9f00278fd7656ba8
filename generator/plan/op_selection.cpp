// Plan stage: which ops a backend gets, from the descriptor's op sets, tags and op names.
#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>

#include "load/yaml_file.h"
#include "plan/plan.h"

namespace frp::plan {

namespace fs = std::filesystem;

namespace {

// The op set every backend gets (see minimal_op_set in plan.h).
constexpr const char* kMinimalSet = "minimal";

// Operators that a generated integration file registers for the device itself, with the file.
// A kernel of the descriptor's would register them a second time, which PyTorch refuses when the
// library loads; op sets and tags that include them leave them out.
struct IntegrationOp {
  std::string_view key;
  std::string_view file;
};
constexpr IntegrationOp kIntegrationOps[] = {
    {"_has_compatible_shallow_copy_type", "csrc/generated/shallow_copy.cpp"},
};

const IntegrationOp* integration_op(std::string_view key) {
  for (const IntegrationOp& op : kIntegrationOps) {
    if (op.key == key) return &op;
  }
  return nullptr;
}

class OpSelector {
 public:
  OpSelector(const Inputs& in, Diagnostics& diags) : in_(in), diags_(diags) {}

  void add(const descriptor::Ref& ref) {
    const model::NativeFunction* fn = in_.registry->find(normalize_key(ref.value));
    if (!fn) {
      diags_.error(ref.location, "unknown operator '" + ref.value + "'",
                   diags_.shows_another() ? unknown_op_hint(ref.value) : "");
      return;
    }
    if (!integration_op(fn->key)) seen_.insert(fn);
  }

  // An operator the descriptor names in `ops:`, where one the integration registers is an error.
  void add_listed(const descriptor::Ref& ref) {
    if (const IntegrationOp* op = integration_op(normalize_key(ref.value))) {
      diags_.error(ref.location,
                   "operator '" + ref.value + "' takes no kernel of the backend's own",
                   std::string(op->file) + " registers it for every generated device");
      return;
    }
    add(ref);
  }

  // A bare name with overloads (`add`) names no operator: each overload is one, so the hint
  // lists them. Any other unknown name gets the nearest known ones.
  std::string unknown_op_hint(const std::string& name) {
    // Python's spellings (torch.add, torch.ops.aten.add.Tensor): the hint for the name in them.
    for (std::string_view python : {"torch.ops.aten.", "torch.", "aten."}) {
      if (name.starts_with(python) && name.size() > python.size()) {
        std::string bare = name.substr(python.size());
        // Python calls the overload without a name `default`; the yaml gives it no suffix.
        if (bare.ends_with(".default")) bare.resize(bare.size() - 8);
        return in_.registry->find(normalize_key(bare))
                   ? "did you mean '" + bare +
                         "'? (operators are named as native_functions.yaml names them)"
                   : unknown_op_hint(bare);
      }
    }
    if (all_keys_.empty()) all_keys_ = in_.registry->keys();
    const std::string prefix = normalize_key(name) + ".";
    std::vector<std::string> overloads;
    for (const std::string& key : all_keys_) {
      if (key.starts_with(prefix)) overloads.push_back(key);
    }
    if (overloads.empty()) return did_you_mean(name, all_keys_);
    std::sort(overloads.begin(), overloads.end());
    constexpr std::size_t kShown = 6;
    std::string list;
    for (std::size_t i = 0; i < std::min(overloads.size(), kShown); ++i) {
      list += (i == 0 ? "" : ", ") + overloads[i];
    }
    if (overloads.size() > kShown)
      list += ", ... (" + std::to_string(overloads.size()) + " in all)";
    return "'" + name + "' has overloads, each an operator of its own: list the ones to give a " +
           "kernel, e.g. " + list;
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
    // A set's name becomes a file name in op_sets_dir: only a plain name may, never a path out
    // of it ("../policies/x" would read another list of frp-gen's, or any yaml file).
    const bool plain_name =
        !ref.value.empty() && std::all_of(ref.value.begin(), ref.value.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        });
    std::string path = in_.op_sets_dir + "/" + ref.value + ".yaml";
    if (!plain_name || !fs::exists(path)) {
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

}  // namespace

std::string normalize_key(const std::string& name) {
  return name.starts_with("aten::") ? name.substr(6) : name;
}

std::vector<std::string> fallback_deny_keys(const descriptor::Descriptor& d) {
  std::vector<std::string> keys;
  for (const descriptor::Ref& ref : d.fallback_deny) keys.push_back(normalize_key(ref.value));
  return keys;
}

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

std::string minimal_op_set(const std::string& op_sets_dir) {
  return op_sets_dir + "/" + kMinimalSet + ".yaml";
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
    if (diags.gave_up()) break;
    if (!listed.insert(normalize_key(op.value)).second) {
      diags.error(op.location, "operator '" + op.value + "' is listed twice in 'ops'");
      continue;
    }
    selector.add_listed(op);
  }
  for (const auto& fn : in.registry->all()) {
    if (fn->custom) selector.add({fn->key, fn->location});
  }
  if (diags.error_count() != errors_before) return std::nullopt;
  return selector.take();
}

}  // namespace frp::plan
