// Typed AST of an operator schema: `ns::name.overload(arguments) -> returns`.
// Mirrors PyTorch's schema grammar; to_string() prints the canonical text back.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace frp::schema {

// The base types the grammar knows. Dimname is absent from torch 2.13's yaml but still valid in
// older files and custom ops.
enum class BaseType {
  Tensor,
  Int,           // int
  SymInt,        // SymInt
  Float,         // float
  Bool,          // bool
  Str,           // str
  Scalar,        // Scalar
  ScalarType,    // ScalarType
  Layout,        // Layout
  Device,        // Device
  DeviceIndex,   // DeviceIndex
  MemoryFormat,  // MemoryFormat
  Generator,     // Generator
  Dimname,       // Dimname
  Storage,       // Storage
  Stream,        // Stream
  QScheme,       // QScheme
  SymBool,       // SymBool
};

// Spelling in schema text, e.g. BaseType::Int -> "int".
std::string_view base_type_name(BaseType t);
// All spellings, for did-you-mean hints.
const std::vector<std::string>& base_type_names();
std::optional<BaseType> base_type_from_name(std::string_view name);

// Immutable type tree: Base | Optional(elem) | List(elem, size?).
// `int[1]?` is Optional(List(int, 1)); `Tensor?[]` is List(Optional(Tensor)).
struct Type {
  enum class Kind { Base, Optional, List };
  Kind kind = Kind::Base;
  BaseType base = BaseType::Tensor;  // Kind::Base only
  std::shared_ptr<const Type> elem;  // Optional and List
  std::optional<int> size;           // List only: `int[2]` has size 2

  static std::shared_ptr<const Type> make_base(BaseType b);
  static std::shared_ptr<const Type> make_optional(std::shared_ptr<const Type> elem);
  static std::shared_ptr<const Type> make_list(std::shared_ptr<const Type> elem,
                                               std::optional<int> size);

  bool is_base(BaseType b) const { return kind == Kind::Base && base == b; }
  bool is_optional() const { return kind == Kind::Optional; }
  bool is_list() const { return kind == Kind::List; }
  // True if a Tensor appears anywhere in the type (Tensor, Tensor?, Tensor[], Tensor?[]).
  bool contains_tensor() const;
};
using TypePtr = std::shared_ptr<const Type>;

// Alias annotation on a Tensor: `(a)`, `(a!)`, `(a -> *)`, `(a! -> a|b)`, `(a|b)`.
struct AliasInfo {
  std::vector<std::string> before;  // alias sets before "->" (or the only ones), e.g. {"a"}
  bool is_write = false;            // '!'
  std::vector<std::string> after;   // after "->", e.g. {"*"} or {"a","b"}; empty if no arrow
};

// How a default value was written; the raw text is kept for printing.
enum class DefaultKind {
  Number,  // 1, -1, 0.5, 1e-05, inf, -inf, nan
  List,    // [], [0, 1], [-2, -1]
  Bool,    // True, False
  None,    // None
  String,  // 'none', "valid", "" (quotes kept in the raw text)
  Word,    // enum-like words: contiguous_format, Mean, long
};

struct DefaultValue {
  DefaultKind kind;
  std::string text;  // exactly as written, e.g. "'none'", "[-2, -1]", "1e-05"
};

struct Argument {
  TypePtr type;
  std::string name;
  std::optional<AliasInfo> alias;  // only on Tensor types: `Tensor(a!)`, `Tensor(a!)[]`
  std::optional<DefaultValue> default_value;
  bool kwarg_only = false;      // declared after the `*` marker
  std::size_t name_offset = 0;  // where the name starts in the schema text, for error locations

  bool is_write() const { return alias && alias->is_write; }
};

struct Return {
  TypePtr type;
  std::optional<std::string> name;  // `(Tensor values, Tensor indices)`
  std::optional<AliasInfo> alias;

  bool is_write() const { return alias && alias->is_write; }
};

struct OperatorName {
  std::string ns;        // "" for aten ops written without a namespace
  std::string name;      // e.g. "add_"
  std::string overload;  // e.g. "Tensor"; "" if none

  // "add_.Tensor" (no namespace) — the key ops are known by in yaml and in descriptors.
  std::string qualified() const;
};

struct FunctionSchema {
  OperatorName name;
  std::vector<Argument> arguments;  // in schema order; kwarg_only marks those after `*`
  std::vector<Return> returns;      // empty for `-> ()`
};

// A parse failure: `offset` is the character index in the schema text where it went wrong.
struct SchemaError {
  std::size_t offset = 0;
  std::string message;  // e.g. "unknown type 'Tensr'"
  std::string hint;     // e.g. "did you mean 'Tensor'?"; may be empty
};

// Parses one schema string. Returns the schema, or fills `error` and returns std::nullopt.
std::optional<FunctionSchema> parse_function_schema(std::string_view text, SchemaError* error);

// Why an argument of `type` cannot default to `value` ("" if it can): the defaults torch's own
// schema parser takes, a little stricter (schema/defaults.cpp). `hint` may get a suggestion.
std::string default_problem(const Type& type, const DefaultValue& value, std::string* hint);

// Canonical text: parse(to_string(s)) == s, and for every entry of PyTorch's
// native_functions.yaml, to_string(parse(text)) == text.
std::string to_string(const FunctionSchema& schema);
std::string to_string(const Type& type);
std::string to_string(const AliasInfo& alias);  // without parentheses: "a! -> a|b"
std::string to_string(const Argument& argument);
std::string to_string(const Return& ret);

}  // namespace frp::schema
