// Base type spellings, Type constructors and small helpers of the schema AST.
#include <array>
#include <utility>

#include "schema/function_schema.h"

namespace frp::schema {

namespace {

constexpr std::array<std::pair<BaseType, std::string_view>, 18> kBaseTypes = {{
    {BaseType::Tensor, "Tensor"},
    {BaseType::Int, "int"},
    {BaseType::SymInt, "SymInt"},
    {BaseType::Float, "float"},
    {BaseType::Bool, "bool"},
    {BaseType::Str, "str"},
    {BaseType::Scalar, "Scalar"},
    {BaseType::ScalarType, "ScalarType"},
    {BaseType::Layout, "Layout"},
    {BaseType::Device, "Device"},
    {BaseType::DeviceIndex, "DeviceIndex"},
    {BaseType::MemoryFormat, "MemoryFormat"},
    {BaseType::Generator, "Generator"},
    {BaseType::Dimname, "Dimname"},
    {BaseType::Storage, "Storage"},
    {BaseType::Stream, "Stream"},
    {BaseType::QScheme, "QScheme"},
    {BaseType::SymBool, "SymBool"},
}};

// make_base() indexes by enum value, so the table must list the enum in declaration order.
constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < kBaseTypes.size(); ++i) {
    if (kBaseTypes[i].first != static_cast<BaseType>(i)) return false;
  }
  return true;
}
static_assert(table_in_enum_order());

}  // namespace

std::string_view base_type_name(BaseType t) {
  for (const auto& [type, name] : kBaseTypes) {
    if (type == t) return name;
  }
  return "?";
}

const std::vector<std::string>& base_type_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    all.reserve(kBaseTypes.size());
    for (const auto& entry : kBaseTypes) all.emplace_back(entry.second);
    return all;
  }();
  return names;
}

std::optional<BaseType> base_type_from_name(std::string_view name) {
  for (const auto& [type, spelling] : kBaseTypes) {
    if (spelling == name) return type;
  }
  return std::nullopt;
}

std::shared_ptr<const Type> Type::make_base(BaseType b) {
  // Base types carry no other state, so one shared instance per base type saves an allocation
  // for most arguments of every schema.
  static const std::array<std::shared_ptr<const Type>, kBaseTypes.size()> shared = [] {
    std::array<std::shared_ptr<const Type>, kBaseTypes.size()> all;
    for (std::size_t i = 0; i < all.size(); ++i) {
      auto type = std::make_shared<Type>();
      type->kind = Kind::Base;
      type->base = static_cast<BaseType>(i);
      all[i] = std::move(type);
    }
    return all;
  }();
  return shared[static_cast<std::size_t>(b)];
}

std::shared_ptr<const Type> Type::make_optional(std::shared_ptr<const Type> elem) {
  auto type = std::make_shared<Type>();
  type->kind = Kind::Optional;
  type->elem = std::move(elem);
  return type;
}

std::shared_ptr<const Type> Type::make_list(std::shared_ptr<const Type> elem,
                                            std::optional<int> size) {
  auto type = std::make_shared<Type>();
  type->kind = Kind::List;
  type->elem = std::move(elem);
  type->size = size;
  return type;
}

bool Type::contains_tensor() const {
  if (kind == Kind::Base) return base == BaseType::Tensor;
  return elem && elem->contains_tensor();
}

std::string OperatorName::qualified() const {
  if (overload.empty()) return name;
  std::string out;
  out.reserve(name.size() + 1 + overload.size());
  out += name;
  out += '.';
  out += overload;
  return out;
}

}  // namespace frp::schema
