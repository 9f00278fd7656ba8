#include "model/cpp_types.h"

namespace frp::model {

using schema::BaseType;
using schema::Type;

namespace {

// Types passed by value: everything but Tensor and Scalar.
const char* value_type(BaseType b) {
  switch (b) {
    case BaseType::Int:
      return "int64_t";
    case BaseType::SymInt:
      return "c10::SymInt";
    case BaseType::Float:
      return "double";
    case BaseType::Bool:
      return "bool";
    case BaseType::Str:
      return "c10::string_view";
    case BaseType::ScalarType:
      return "at::ScalarType";
    case BaseType::Layout:
      return "at::Layout";
    case BaseType::Device:
      return "at::Device";
    case BaseType::DeviceIndex:
      return "at::DeviceIndex";
    case BaseType::MemoryFormat:
      return "at::MemoryFormat";
    case BaseType::Generator:
      return "at::Generator";
    case BaseType::Dimname:
      return "at::Dimname";
    case BaseType::Storage:
      return "at::Storage";
    case BaseType::Stream:
      return "at::Stream";
    case BaseType::QScheme:
      return "at::QScheme";
    case BaseType::SymBool:
      return "c10::SymBool";
    case BaseType::Tensor:
    case BaseType::Scalar:
      return nullptr;
  }
  return nullptr;
}

// Value-type translation, shared by arguments and returns: base value types, optionals of value
// types, and fixed-size bool lists.
std::optional<std::string> value_cpp_type(const Type& t) {
  switch (t.kind) {
    case Type::Kind::Base:
      if (const char* v = value_type(t.base)) return std::string(v);
      return std::nullopt;
    case Type::Kind::Optional:
      if (auto elem = value_cpp_type(*t.elem)) return "::std::optional<" + *elem + ">";
      return std::nullopt;
    case Type::Kind::List:
      if (t.elem->is_base(BaseType::Bool) && t.size) {
        return "::std::array<bool, " + std::to_string(*t.size) + ">";
      }
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> type_cpp(const Type& t, bool is_write, const TypingContext& ctx,
                                    std::string* why) {
  if (auto v = value_cpp_type(t)) return v;
  const bool mutable_ref = is_write && !ctx.const_ref_for_mutable_tensors;
  switch (t.kind) {
    case Type::Kind::Base:
      if (t.base == BaseType::Tensor) return mutable_ref ? "at::Tensor&" : "const at::Tensor&";
      if (t.base == BaseType::Scalar) return "const at::Scalar&";
      break;
    case Type::Kind::Optional: {
      const Type& e = *t.elem;
      // A mutable optional tensor is passed as a plain mutable reference; PyTorch's dispatcher
      // API spells it that way too.
      if (e.is_base(BaseType::Tensor)) {
        return mutable_ref ? "at::Tensor&" : "const ::std::optional<at::Tensor>&";
      }
      if (e.is_base(BaseType::Scalar)) return "const ::std::optional<at::Scalar>&";
      if (e.is_list() && e.elem->is_base(BaseType::Int)) return "at::OptionalIntArrayRef";
      if (e.is_list() && e.elem->is_base(BaseType::SymInt)) return "at::OptionalSymIntArrayRef";
      if (auto inner = type_cpp(e, is_write, ctx, why)) return "::std::optional<" + *inner + ">";
      return std::nullopt;
    }
    case Type::Kind::List: {
      const Type& e = *t.elem;
      if (e.is_base(BaseType::Int)) return "at::IntArrayRef";
      if (e.is_base(BaseType::SymInt)) return "c10::SymIntArrayRef";
      if (e.is_base(BaseType::Tensor)) {
        return ctx.tensor_list_as_ilistref ? "const at::ITensorListRef&" : "at::TensorList";
      }
      if (e.is_base(BaseType::Scalar)) return "at::ArrayRef<at::Scalar>";
      if (e.is_base(BaseType::Dimname)) return "at::DimnameList";
      if (e.is_optional() && e.elem->is_base(BaseType::Tensor)) {
        return "const c10::List<::std::optional<at::Tensor>>&";
      }
      if (e.is_base(BaseType::Bool)) {
        if (why) *why = "bool lists need a size, e.g. bool[3]";
        return std::nullopt;
      }
      if (auto inner = type_cpp(e, is_write, ctx, why)) return "at::ArrayRef<" + *inner + ">";
      return std::nullopt;
    }
  }
  if (why) *why = "no dispatcher C++ type for '" + schema::to_string(t) + "'";
  return std::nullopt;
}

std::optional<std::string> return_cpp_type(const schema::Return& r, const TypingContext& ctx,
                                           std::string* why) {
  const Type& t = *r.type;
  // SymInt is always c10::SymInt in returns; value_cpp_type already spells it so.
  if (auto v = value_cpp_type(t)) return v;
  switch (t.kind) {
    case Type::Kind::Base:
      if (t.base == BaseType::Tensor) {
        // Mutable returns alias an argument and are references; fresh results are values.
        if (!r.is_write()) return "at::Tensor";
        return ctx.const_ref_for_mutable_tensors ? "const at::Tensor&" : "at::Tensor&";
      }
      if (t.base == BaseType::Scalar) return "at::Scalar";
      break;
    case Type::Kind::List:
      if (r.is_write()) {
        if (why) *why = "an operator cannot return a mutable tensor list; return () instead";
        return std::nullopt;
      }
      if (t.size) {
        if (why) *why = "fixed-size list returns have no dispatcher C++ type";
        return std::nullopt;
      }
      if (auto elem = return_cpp_type({t.elem, std::nullopt, std::nullopt}, ctx, why)) {
        return "::std::vector<" + *elem + ">";
      }
      return std::nullopt;
    case Type::Kind::Optional:
      if (t.elem->is_base(BaseType::Tensor)) {
        if (auto elem = return_cpp_type({t.elem, std::nullopt, r.alias}, ctx, why)) {
          return "::std::optional<" + *elem + ">";
        }
        return std::nullopt;
      }
      break;
  }
  if (why && why->empty())
    *why = "no dispatcher C++ return type for '" + schema::to_string(t) + "'";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> argument_cpp_type(const schema::Argument& arg, const TypingContext& ctx,
                                             std::string* why) {
  return type_cpp(*arg.type, arg.is_write(), ctx, why);
}

std::optional<std::string> returns_cpp_type(const std::vector<schema::Return>& returns,
                                            const TypingContext& ctx, std::string* why) {
  if (returns.empty()) return "void";
  if (returns.size() == 1) return return_cpp_type(returns[0], ctx, why);
  std::string joined = "::std::tuple<";
  for (std::size_t i = 0; i < returns.size(); ++i) {
    std::optional<std::string> one = return_cpp_type(returns[i], ctx, why);
    if (!one) return std::nullopt;
    if (i) joined += ", ";
    joined += *one;
  }
  return joined + ">";
}

}  // namespace frp::model
