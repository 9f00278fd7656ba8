#include "common/json_scan.h"

#include <cctype>
#include <nlohmann/json.hpp>

namespace frp {

namespace {

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  bool at(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool take(char c) {
    if (!at(c)) return false;
    ++pos_;
    return true;
  }
  // A string token at the current position, decoded into `out` (if given).
  bool string(std::string* out) {
    if (!at('"')) return false;
    const std::size_t start = pos_++;
    bool escaped = false;
    for (; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
      if (text_[pos_] == '\\') {
        escaped = true;
        ++pos_;
      }
    }
    if (pos_ >= text_.size()) return false;
    ++pos_;
    if (!out) return true;
    if (!escaped) {
      out->assign(text_.substr(start + 1, pos_ - start - 2));
      return true;
    }
    // Escapes are rare in these texts: nlohmann decodes them.
    const nlohmann::json decoded =
        nlohmann::json::parse(text_.substr(start, pos_ - start), nullptr, false);
    if (!decoded.is_string()) return false;
    *out = decoded.get<std::string>();
    return true;
  }
  // Any value, skipped: strings whole, objects and arrays to their matching bracket, numbers
  // and true, false, null as a run of their characters.
  bool skip_value() {
    if (at('"')) return string(nullptr);
    if (at('{') || at('[')) return skip_nested();
    const std::size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-' ||
            text_[pos_] == '+' || text_[pos_] == '.')) {
      ++pos_;
    }
    return pos_ > start;
  }

 private:
  // An object or array, to its matching bracket (strings inside skipped whole).
  bool skip_nested() {
    int depth = 0;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '"') {
        if (!string(nullptr)) return false;
        continue;
      }
      ++pos_;
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return true;
    }
    return false;
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool read_string_members(std::string_view text,
                         std::initializer_list<std::pair<std::string_view, std::string*>> targets) {
  for (const auto& target : targets) target.second->clear();
  std::size_t left = targets.size();
  Scanner scan(text);
  if (!scan.take('{')) return false;
  if (scan.take('}')) return true;
  std::string key;
  while (left > 0) {
    if (!scan.string(&key) || !scan.take(':')) return false;
    std::string* target = nullptr;
    for (const auto& [name, out] : targets) {
      if (name == key && out->empty()) target = out;
    }
    if (target && scan.at('"')) {
      if (!scan.string(target)) return false;
      --left;
    } else if (!scan.skip_value()) {
      return false;
    }
    if (scan.take('}')) return true;
    if (!scan.take(',')) return false;
  }
  return true;
}

}  // namespace frp
