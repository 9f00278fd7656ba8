// Canonical schema text, in the exact spelling of PyTorch's native_functions.yaml.
#include <string>

#include "schema/function_schema.h"

namespace frp::schema {

namespace {

void append_alias_sets(std::string& out, const std::vector<std::string>& sets) {
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (i > 0) out += '|';
    out += sets[i];
  }
}

void append_alias(std::string& out, const AliasInfo& alias) {
  append_alias_sets(out, alias.before);
  if (alias.is_write) out += '!';
  if (!alias.after.empty()) {
    out += " -> ";
    append_alias_sets(out, alias.after);
  }
}

// The alias annotation sits on the base type, before any suffix: `Tensor(a!)[]`, `Tensor(a)?`.
void append_type(std::string& out, const Type& type, const AliasInfo* alias) {
  switch (type.kind) {
    case Type::Kind::Base:
      out += base_type_name(type.base);
      if (alias != nullptr) {
        out += '(';
        append_alias(out, *alias);
        out += ')';
      }
      return;
    case Type::Kind::Optional:
      append_type(out, *type.elem, alias);
      out += '?';
      return;
    case Type::Kind::List:
      append_type(out, *type.elem, alias);
      out += '[';
      if (type.size) out += std::to_string(*type.size);
      out += ']';
      return;
  }
}

void append_argument(std::string& out, const Argument& argument) {
  append_type(out, *argument.type, argument.alias ? &*argument.alias : nullptr);
  out += ' ';
  out += argument.name;
  if (argument.default_value) {
    out += '=';
    out += argument.default_value->text;
  }
}

void append_return(std::string& out, const Return& ret) {
  append_type(out, *ret.type, ret.alias ? &*ret.alias : nullptr);
  if (ret.name) {
    out += ' ';
    out += *ret.name;
  }
}

}  // namespace

std::string to_string(const Type& type) {
  std::string out;
  append_type(out, type, nullptr);
  return out;
}

std::string to_string(const AliasInfo& alias) {
  std::string out;
  append_alias(out, alias);
  return out;
}

std::string to_string(const Argument& argument) {
  std::string out;
  append_argument(out, argument);
  return out;
}

std::string to_string(const Return& ret) {
  std::string out;
  append_return(out, ret);
  return out;
}

std::string to_string(const FunctionSchema& schema) {
  std::string out;
  out.reserve(128);
  if (!schema.name.ns.empty()) {
    out += schema.name.ns;
    out += "::";
  }
  out += schema.name.name;
  if (!schema.name.overload.empty()) {
    out += '.';
    out += schema.name.overload;
  }

  out += '(';
  bool star_printed = false;
  for (std::size_t i = 0; i < schema.arguments.size(); ++i) {
    const Argument& argument = schema.arguments[i];
    if (i > 0) out += ", ";
    if (argument.kwarg_only && !star_printed) {
      out += "*, ";
      star_printed = true;
    }
    append_argument(out, argument);
  }
  out += ") -> ";

  // torchgen's rule: exactly one return is written bare, even when named (the yaml has
  // `-> Tensor grid`); none or several are parenthesized.
  const auto& returns = schema.returns;
  if (returns.size() == 1) {
    append_return(out, returns[0]);
  } else {
    out += '(';
    for (std::size_t i = 0; i < returns.size(); ++i) {
      if (i > 0) out += ", ";
      append_return(out, returns[i]);
    }
    out += ')';
  }
  return out;
}

}  // namespace frp::schema
