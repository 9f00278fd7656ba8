// The model of one operator: everything about it that generated code needs, computed once.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.h"
#include "model/native_function.h"

namespace frp::model {

// How an operator treats its arguments; decides wrappers, autograd and fallback handling.
enum class OpKind {
  Functional,  // returns fresh tensors
  Inplace,     // add_: mutates and returns self
  Out,         // add.out: writes into kwarg-only out tensors
  View,        // view, as_strided: returns an alias of an input
  Mutable,     // mutates some argument but is neither in-place nor out (e.g. running stats)
};
std::string_view to_string(OpKind kind);

// What kind of tensor-carrying argument this is, for device checks and guards.
enum class TensorArg { None, Tensor, OptionalTensor, TensorList, OptionalTensorList };
std::string_view to_string(TensorArg kind);

struct CppArgument {
  std::string name;  // C++ parameter name (schema name, validated)
  std::string type;  // dispatcher C++ type, e.g. "const at::Tensor&"
  TensorArg tensor = TensorArg::None;
  bool is_write = false;
  bool kwarg_only = false;
};

struct Op {
  const NativeFunction* fn = nullptr;
  std::string key;       // "add.Tensor", or "myops::gelu" for custom namespaces
  std::string ns;        // "aten" or the custom namespace
  std::string name;      // "add"  (operator name without overload)
  std::string overload;  // "Tensor"
  std::string schema;    // canonical schema text, without namespace for aten
  std::string cpp_name;  // unique C++ identifier: "add_Tensor" (matches at::_ops for aten)
  std::string family;    // groups an op with its variants: add, add_, add.out -> "add"
  std::string
      aten_ops_header;  // "ATen/ops/add_ops.h" (declares at::_ops::add_Tensor); "" if custom
  OpKind kind = OpKind::Functional;
  std::vector<CppArgument> arguments;
  std::string return_type;  // "at::Tensor", "void", "::std::tuple<at::Tensor, at::Tensor>"
  bool has_tensor_arguments = false;
};

// Builds the model of one native function; reports (and returns nullopt) if a name or type has
// no valid C++ form.
std::optional<Op> build_op(const NativeFunction& fn, Diagnostics& diags);

// C++ keywords and names that would break generated code if used as identifiers.
bool is_reserved_cpp_identifier(std::string_view name);
// Python keywords, for names that reach generated Python.
bool is_python_keyword(std::string_view name);
// CamelCase of a snake_case name: "my_npu" -> "MyNpu" (class names).
std::string camel_case(std::string_view snake);

}  // namespace frp::model
