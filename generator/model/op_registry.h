// Every operator frp-gen knows: PyTorch's native_functions.yaml plus custom-op files.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/diagnostics.h"
#include "model/native_function.h"
#include "model/registry_cache.h"

namespace frp::model {

class OpRegistry {
 public:
  // Reads tags.yaml: the tag names that native functions may carry.
  bool load_tags(const std::string& path, Diagnostics& diags);

  // Reads a native_functions-format file. `custom` files get strict checking (unknown keys are
  // errors, names must not clash with aten); PyTorch's own file is trusted for keys it may add
  // in later releases, but every schema is still parsed.
  bool load_functions(const std::string& path, bool custom, Diagnostics& diags);
  // PyTorch's own file (kept.native_functions) as load_functions reads it, from the copy `kept`
  // holds while that matches the file (registry_cache.h); else from the yaml, kept for next time.
  bool load_torch_functions(const KeptRegistry& kept, Diagnostics& diags);

  const NativeFunction* find(const std::string& key) const;
  const std::vector<std::unique_ptr<NativeFunction>>& all() const { return functions_; }
  const std::set<std::string>& tags() const { return tags_; }

  // All keys, for did-you-mean hints.
  std::vector<std::string> keys() const;
  // Keys of the functions carrying `tag`, in file order.
  std::vector<std::string> keys_with_tag(const std::string& tag) const;

 private:
  // Registers `fn` under its key; a key registered already is an error.
  void add(std::unique_ptr<NativeFunction> fn, Diagnostics& diags);

  std::vector<std::unique_ptr<NativeFunction>> functions_;
  std::unordered_map<std::string, const NativeFunction*> by_key_;
  std::set<std::string> tags_;
};

}  // namespace frp::model
