// JSON written straight to text, for the render model's bulk (its ops): building nlohmann::json
// values for thousands of ops and dumping them again for each renderer was most of the C++
// side of a large run (see benchmarks/README.md). Everything smaller stays nlohmann::json.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace frp {

// Appends `text` to `out` as a JSON string, quoted and escaped as nlohmann's dump() does it.
void append_json_string(std::string& out, std::string_view text);

class JsonText {
 public:
  JsonText& begin_object() { return open('{'); }
  JsonText& end_object() { return close('}'); }
  JsonText& begin_array() { return open('['); }
  JsonText& end_array() { return close(']'); }
  // The next value belongs to `name` in the enclosing object.
  JsonText& key(std::string_view name);

  JsonText& value(std::string_view text);
  JsonText& value(const char* text) { return value(std::string_view(text)); }
  JsonText& value(const std::string& text) { return value(std::string_view(text)); }
  JsonText& value(bool flag);
  JsonText& value(std::uint64_t number);
  JsonText& null();
  // Any nlohmann::json value, as its dump() would write it (keys sorted, integers exact), but
  // several times faster: dump() escapes one character at a time.
  JsonText& value(const nlohmann::json& json);
  // A value that is JSON text already (a nested document written elsewhere).
  JsonText& raw(std::string_view json);
  JsonText& strings(const std::vector<std::string>& list);
  // Members of the enclosing object that are JSON text already: `"a":1,"b":2`.
  JsonText& raw_members(std::string_view members);

  void reserve(std::size_t size) { out_.reserve(size); }

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  JsonText& open(char bracket);
  JsonText& close(char bracket);
  void before_value();
  void append_string(std::string_view text);

  std::string out_;
  std::vector<bool> has_items_;  // per open object or array
  bool after_key_ = false;
};

}  // namespace frp
