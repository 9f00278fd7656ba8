// One entry of a native_functions-format YAML file, with the keys frp-gen acts on.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "schema/function_schema.h"

namespace frp::model {

struct NativeFunction {
  schema::FunctionSchema func;
  std::string schema_text;  // `func:` as written, which the argument offsets of `func` index
  std::string key;          // "add.Tensor", "relu", or "myns::op.overload" for a custom namespace
  SourceLocation location;  // first character of the schema text; offsets into it shift this
  bool custom = false;      // from a user's custom-op file rather than PyTorch's yaml

  std::vector<std::string> variants;            // "function", "method"
  std::map<std::string, std::string> dispatch;  // dispatch key list -> kernel name
  bool structured = false;
  std::string structured_delegate;
  std::vector<std::string> autogen;
  std::vector<std::string> tags;
  bool device_check = true;  // false for `device_check: NoCheck`
  bool device_guard = true;
  // Changes the dispatcher type of mutable tensors to `const at::Tensor&`.
  bool use_const_ref_for_mutable_tensors = false;

  // Structured ops and their delegates take `const at::ITensorListRef&` for Tensor[].
  bool part_of_structured_group() const { return structured || !structured_delegate.empty(); }
};

// The key an operator is registered under: "add.Tensor", or "myns::op.overload" for a namespace
// of its own.
inline std::string operator_key(const schema::OperatorName& name) {
  if (name.ns.empty() || name.ns == "aten") return name.qualified();
  return name.ns + "::" + name.qualified();
}

}  // namespace frp::model
