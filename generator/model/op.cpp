#include "model/op.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <string_view>

#include "model/cpp_types.h"

namespace frp::model {

std::string_view to_string(OpKind kind) {
  switch (kind) {
    case OpKind::Functional:
      return "functional";
    case OpKind::Inplace:
      return "inplace";
    case OpKind::Out:
      return "out";
    case OpKind::View:
      return "view";
    case OpKind::Mutable:
      return "mutable";
  }
  return "functional";
}

std::string_view to_string(TensorArg kind) {
  switch (kind) {
    case TensorArg::None:
      return "none";
    case TensorArg::Tensor:
      return "tensor";
    case TensorArg::OptionalTensor:
      return "optional_tensor";
    case TensorArg::TensorList:
      return "tensor_list";
    case TensorArg::OptionalTensorList:
      return "optional_tensor_list";
  }
  return "none";
}

namespace {

// string_views: each lookup compares lengths first instead of measuring every keyword again.
constexpr std::string_view kCppKeywords[] = {"alignas",       "alignof",     "and",
                                             "and_eq",        "asm",         "auto",
                                             "bitand",        "bitor",       "bool",
                                             "break",         "case",        "catch",
                                             "char",          "char8_t",     "char16_t",
                                             "char32_t",      "class",       "compl",
                                             "concept",       "const",       "consteval",
                                             "constexpr",     "constinit",   "const_cast",
                                             "continue",      "co_await",    "co_return",
                                             "co_yield",      "decltype",    "default",
                                             "delete",        "do",          "double",
                                             "dynamic_cast",  "else",        "enum",
                                             "explicit",      "export",      "extern",
                                             "false",         "float",       "for",
                                             "friend",        "goto",        "if",
                                             "inline",        "int",         "long",
                                             "mutable",       "namespace",   "new",
                                             "noexcept",      "not",         "not_eq",
                                             "nullptr",       "operator",    "or",
                                             "or_eq",         "private",     "protected",
                                             "public",        "register",    "reinterpret_cast",
                                             "requires",      "return",      "short",
                                             "signed",        "sizeof",      "static",
                                             "static_assert", "static_cast", "struct",
                                             "switch",        "template",    "this",
                                             "thread_local",  "throw",       "true",
                                             "try",           "typedef",     "typeid",
                                             "typename",      "union",       "unsigned",
                                             "using",         "virtual",     "void",
                                             "volatile",      "wchar_t",     "while",
                                             "xor",           "xor_eq"};

constexpr std::string_view kPythonKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

TensorArg tensor_kind(const schema::Type& t) {
  using schema::BaseType;
  if (t.is_base(BaseType::Tensor)) return TensorArg::Tensor;
  if (t.is_optional() && t.elem->is_base(BaseType::Tensor)) return TensorArg::OptionalTensor;
  if (t.is_list() && t.elem->is_base(BaseType::Tensor)) return TensorArg::TensorList;
  if (t.is_list() && t.elem->is_optional() && t.elem->elem->is_base(BaseType::Tensor)) {
    return TensorArg::OptionalTensorList;
  }
  return TensorArg::None;
}

bool is_dunder(std::string_view name) {
  return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

OpKind classify(const schema::FunctionSchema& f) {
  const auto& args = f.arguments;
  if (std::any_of(args.begin(), args.end(),
                  [](const schema::Argument& a) { return a.kwarg_only && a.is_write(); })) {
    return OpKind::Out;
  }
  const std::string& name = f.name.name;
  const bool inplace_name =
      is_dunder(name) ? name.starts_with("__i") : (name.size() > 1 && name.back() == '_');
  if (inplace_name && !args.empty() && args.front().is_write()) return OpKind::Inplace;
  if (std::any_of(args.begin(), args.end(),
                  [](const schema::Argument& a) { return a.is_write(); })) {
    return OpKind::Mutable;
  }
  if (std::any_of(f.returns.begin(), f.returns.end(),
                  [](const schema::Return& r) { return r.alias && !r.is_write(); })) {
    return OpKind::View;
  }
  return OpKind::Functional;
}

// The operator's root name as PyTorch files it: add_ -> add, __iand__ -> and, __and__ -> and,
// foo_functional -> foo. ATen's per-operator headers are named after it.
std::string root_name(const std::string& name) {
  static const std::array kAugmented = {"add",      "sub", "mul", "div",    "truediv",
                                        "floordiv", "mod", "pow", "matmul", "lshift",
                                        "rshift",   "and", "or",  "xor"};
  if (is_dunder(name)) {
    std::string inner = name.substr(2, name.size() - 4);
    if (inner.size() > 1 && inner.front() == 'i' &&
        std::find(kAugmented.begin(), kAugmented.end(), inner.substr(1)) != kAugmented.end()) {
      return inner.substr(1);
    }
    return inner;
  }
  std::string base = name;
  if (base.size() > 1 && base.back() == '_') base.pop_back();
  constexpr std::string_view kFunctional = "_functional";
  if (base.size() > kFunctional.size() && base.ends_with(kFunctional)) {
    base.resize(base.size() - kFunctional.size());
  }
  return base;
}

}  // namespace

bool is_reserved_cpp_identifier(std::string_view name) {
  return std::find(std::begin(kCppKeywords), std::end(kCppKeywords), name) !=
         std::end(kCppKeywords);
}

bool is_python_keyword(std::string_view name) {
  return std::find(std::begin(kPythonKeywords), std::end(kPythonKeywords), name) !=
         std::end(kPythonKeywords);
}

std::string camel_case(std::string_view snake) {
  std::string out;
  bool upper = true;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

std::optional<Op> build_op(const NativeFunction& fn, Diagnostics& diags) {
  const schema::FunctionSchema& f = fn.func;
  Op op;
  op.fn = &fn;
  op.key = fn.key;
  op.ns = f.name.ns.empty() ? "aten" : f.name.ns;
  op.name = f.name.name;
  op.overload = f.name.overload;
  // Without namespace: TORCH_LIBRARY(ns, m) supplies it, and aten schemas are written so.
  schema::FunctionSchema bare = f;
  bare.name.ns.clear();
  op.schema = schema::to_string(bare);
  // Same spelling as at::_ops structs, so users can find the matching ATen declarations.
  op.cpp_name = f.name.name + (f.name.overload.empty() ? "" : "_" + f.name.overload);
  if (op.ns != "aten") op.cpp_name = op.ns + "_" + op.cpp_name;
  const std::string root = root_name(f.name.name);
  op.family = op.ns == "aten" ? root : op.ns + "_" + root;
  if (op.ns == "aten") op.aten_ops_header = "ATen/ops/" + root + "_ops.h";
  op.kind = classify(f);

  TypingContext ctx;
  ctx.const_ref_for_mutable_tensors = fn.use_const_ref_for_mutable_tensors;
  ctx.tensor_list_as_ilistref = fn.part_of_structured_group();

  bool ok = true;
  for (const schema::Argument& a : f.arguments) {
    if (is_reserved_cpp_identifier(a.name)) {
      diags.error(fn.location.shifted(a.name_offset),
                  "argument name '" + a.name + "' of '" + fn.key + "' is reserved in C++",
                  "rename the argument, e.g. '" + a.name + "_'");
      ok = false;
      continue;
    }
    std::string why;
    std::optional<std::string> type = argument_cpp_type(a, ctx, &why);
    if (!type) {
      diags.error(fn.location.shifted(a.name_offset),
                  "argument '" + a.name + "' of '" + fn.key + "': " + why);
      ok = false;
      continue;
    }
    CppArgument arg{a.name, *type, tensor_kind(*a.type), a.is_write(), a.kwarg_only};
    op.has_tensor_arguments |= arg.tensor != TensorArg::None;
    op.arguments.push_back(std::move(arg));
  }
  std::string why;
  std::optional<std::string> ret = returns_cpp_type(f.returns, ctx, &why);
  if (!ret) {
    diags.error(fn.location, "returns of '" + fn.key + "': " + why);
    ok = false;
  } else {
    op.return_type = *ret;
  }
  if (!ok) return std::nullopt;
  return op;
}

}  // namespace frp::model
