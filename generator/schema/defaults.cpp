// Which default values an argument's type takes: what torch's own schema parser takes
// (torch._C.parse_schema, the parser behind every operator registration), made stricter where
// torch takes a default that could only be a mistake (`bool flag=1`, `int x=1.5`).
#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "common/diagnostics.h"
#include "schema/function_schema.h"

namespace frp::schema {

namespace {

// The words torch's parser takes as defaults, by type: dtype names, the one layout and memory
// format it knows, and the reduction `Mean` that aten's losses default to.
const std::vector<std::string>& words_for(BaseType type) {
  static const std::vector<std::string> dtypes = {
      "uint8",   "int8",      "int16",     "int32",         "int64",  "float16",  "float32",
      "float64", "complex32", "complex64", "complex128",    "bool",   "bfloat16", "long",
      "int",     "float",     "double",    "half",          "short",  "cfloat",   "cdouble",
      "chalf",   "qint8",     "quint8",    "float8_e4m3fn", "uint16", "uint32",   "uint64"};
  static const std::vector<std::string> layouts = {"strided"};
  static const std::vector<std::string> memory_formats = {"contiguous_format"};
  static const std::vector<std::string> reductions = {"Mean"};
  static const std::vector<std::string> none;
  switch (type) {
    case BaseType::ScalarType:
      return dtypes;
    case BaseType::Layout:
      return layouts;
    case BaseType::MemoryFormat:
      return memory_formats;
    case BaseType::Int:
      return reductions;
    default:
      return none;
  }
}

bool is_integer(std::string_view number) {
  return number.find_first_of(".eE") == std::string_view::npos;
}

bool is_int_type(const Type& t) { return t.is_base(BaseType::Int) || t.is_base(BaseType::SymInt); }

// The elements of a list default's text, "[1, 2]" -> {"1", "2"}.
std::vector<std::string> list_elements(std::string_view text) {
  std::vector<std::string> out;
  text = text.substr(1, text.size() - 2);
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

std::string of_type(const Type& type) { return "a value of type '" + to_string(type) + "'"; }

// Why torch's parser refuses a number it reads (std::stoll, or std::stod for a float or a number
// with a '.' or an exponent): it is out of range. "" if it is in range.
std::string range_problem(const std::string& number, bool as_float) {
  if (as_float || !is_integer(number)) {
    errno = 0;
    std::strtod(number.c_str(), nullptr);
    return errno == ERANGE ? "is out of the range of a double" : "";
  }
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  (void)end;
  return ec == std::errc() ? "" : "does not fit in a 64-bit integer";
}

constexpr const char* kRangeHint = "torch reads an integer default as int64 and a float as double";

}  // namespace

std::string default_problem(const Type& type, const DefaultValue& value, std::string* hint) {
  const bool optional = type.is_optional();
  const Type& t = optional ? *type.elem : type;
  const std::string& text = value.text;
  switch (value.kind) {
    case DefaultKind::None:
      if (optional) return "";
      *hint = "make the type optional: '" + to_string(type) + "?'";
      return "None is not " + of_type(type);
    case DefaultKind::Bool:
      if (t.is_base(BaseType::Bool) || t.is_base(BaseType::Scalar)) return "";
      return text + " is not " + of_type(type);
    case DefaultKind::Number: {
      if (text.find("inf") != std::string::npos || text.find("nan") != std::string::npos) {
        *hint =
            "torch's schema parser reads no inf or nan; default to None and decide in the kernel";
        return text + " cannot be a default";
      }
      const bool integer = is_integer(text);
      const bool fixed_int_list = t.is_list() && t.size && is_int_type(*t.elem);
      if (t.is_base(BaseType::Float) || t.is_base(BaseType::Scalar) ||
          ((is_int_type(t) || fixed_int_list) && integer)) {
        const std::string problem = range_problem(text, t.is_base(BaseType::Float));
        if (problem.empty()) return "";
        *hint = kRangeHint;
        return text + " " + problem;
      }
      if (t.is_base(BaseType::Bool)) *hint = "write True or False";
      return text + " is not " + of_type(type);
    }
    case DefaultKind::List: {
      if (!t.is_list() || t.elem->contains_tensor()) return text + " is not " + of_type(type);
      const Type& elem = *t.elem;
      for (const std::string& item : list_elements(text)) {
        const bool boolean = item == "True" || item == "False";
        const bool number =
            !boolean && (std::isdigit(static_cast<unsigned char>(item.back())) != 0);
        const bool fits = elem.is_base(BaseType::Bool)    ? boolean
                          : is_int_type(elem)             ? number && is_integer(item)
                          : elem.is_base(BaseType::Float) ? number
                                                          : false;
        if (!fits)
          return "'" + item + "' in " + text + " is not an element of type '" + to_string(elem) +
                 "'";
        if (number) {
          if (std::string problem = range_problem(item, elem.is_base(BaseType::Float));
              !problem.empty()) {
            *hint = kRangeHint;
            return "'" + item + "' in " + text + " " + problem;
          }
        }
      }
      return "";
    }
    case DefaultKind::String:
      if (t.is_base(BaseType::Str) || t.is_base(BaseType::Device)) return "";
      return text + " is not " + of_type(type);
    case DefaultKind::Word: {
      static const std::vector<std::string> no_words;
      const std::vector<std::string>& words =
          t.kind == Type::Kind::Base ? words_for(t.base) : no_words;
      if (std::find(words.begin(), words.end(), text) != words.end()) return "";
      *hint = did_you_mean(text, words);
      if (hint->empty() && (t.is_base(BaseType::Str) || t.is_base(BaseType::Device))) {
        *hint = "quote it: '" + text + "'";
      }
      return "'" + text + "' is not " + of_type(type);
    }
  }
  return "";
}

}  // namespace frp::schema
