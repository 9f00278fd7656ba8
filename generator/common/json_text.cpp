#include "common/json_text.h"

#include <array>
#include <charconv>

namespace frp {

namespace {

// The bytes a JSON string cannot hold as they are: quote, backslash and control characters.
constexpr std::array<bool, 256> kMustEscape = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = true;
  table['"'] = table['\\'] = true;
  return table;
}();

}  // namespace

JsonText& JsonText::open(char bracket) {
  before_value();
  out_ += bracket;
  has_items_.push_back(false);
  return *this;
}

JsonText& JsonText::close(char bracket) {
  has_items_.pop_back();
  out_ += bracket;
  return *this;
}

void JsonText::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_items_.empty()) {
    if (has_items_.back()) out_ += ',';
    has_items_.back() = true;
  }
}

JsonText& JsonText::key(std::string_view name) {
  before_value();
  append_string(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonText& JsonText::value(std::string_view text) {
  before_value();
  append_string(text);
  return *this;
}

JsonText& JsonText::value(bool flag) {
  before_value();
  out_ += flag ? "true" : "false";
  return *this;
}

JsonText& JsonText::value(std::uint64_t number) {
  before_value();
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, number);
  out_.append(digits, end);
  return *this;
}

JsonText& JsonText::null() {
  before_value();
  out_ += "null";
  return *this;
}

JsonText& JsonText::value(const nlohmann::json& json) {
  using Type = nlohmann::json::value_t;
  switch (json.type()) {
    case Type::object:
      begin_object();
      for (const auto& [name, item] : json.items()) key(name).value(item);
      return end_object();
    case Type::array:
      begin_array();
      for (const nlohmann::json& item : json) value(item);
      return end_array();
    case Type::string:
      return value(json.get_ref<const std::string&>());
    case Type::boolean:
      return value(json.get<bool>());
    case Type::number_unsigned:
      return value(json.get<std::uint64_t>());
    case Type::null:
      return null();
    default:  // signed and floating-point numbers, rare in the model: nlohmann's own text
      return raw(json.dump());
  }
}

JsonText& JsonText::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

JsonText& JsonText::raw_members(std::string_view members) {
  before_value();  // the comma before them, if the object has members already
  out_ += members;
  return *this;
}

JsonText& JsonText::strings(const std::vector<std::string>& list) {
  begin_array();
  for (const std::string& s : list) value(s);
  return end_array();
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p != end) {
    const char* run = p;  // UTF-8 bytes pass through as they are
    while (p != end && !kMustEscape[static_cast<unsigned char>(*p)]) ++p;
    out.append(run, p);
    if (p == end) break;
    const unsigned char c = static_cast<unsigned char>(*p++);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
    }
  }
  out += '"';
}

void JsonText::append_string(std::string_view text) { append_json_string(out_, text); }

}  // namespace frp
