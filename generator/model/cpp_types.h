// The one table from schema types to the C++ types of PyTorch's dispatcher API: the types of torch
// 2.13's ATen/ops/*_ops.h, spelled as clang-format writes them with the generated repo's
// .clang-format (PointerAlignment: Left), e.g. "const at::Tensor&" where torch writes
// "const at::Tensor &", and "::std::tuple<at::Tensor, at::Tensor>" with a space after each comma.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schema/function_schema.h"

namespace frp::model {

// Flags of an operator that change how its arguments are typed.
struct TypingContext {
  bool const_ref_for_mutable_tensors = false;  // use_const_ref_for_mutable_tensors: True
  bool tensor_list_as_ilistref = false;        // structured ops take `const at::ITensorListRef&`
};

// C++ type of an argument, or std::nullopt (with `why` set) for a type the dispatcher API has
// no spelling for.
std::optional<std::string> argument_cpp_type(const schema::Argument& arg, const TypingContext& ctx,
                                             std::string* why);

// C++ type of a whole return list: "void", one type, or "::std::tuple<...>".
std::optional<std::string> returns_cpp_type(const std::vector<schema::Return>& returns,
                                            const TypingContext& ctx, std::string* why);

}  // namespace frp::model
