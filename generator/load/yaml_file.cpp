#include "load/yaml_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace frp::load {

std::optional<std::string> read_text_file(const std::string& path, Diagnostics& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error({path, 0, 0}, "cannot read file");
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::optional<YamlFile> load_yaml_file(const std::string& path, Diagnostics& diags) {
  std::optional<std::string> text = read_text_file(path, diags);
  if (!text) return std::nullopt;
  diags.add_source(path, *text);
  try {
    YAML::Node root = YAML::Load(*text);
    return YamlFile{path, std::move(*text), std::move(root)};
  } catch (const YAML::ParserException& e) {
    // yaml-cpp's what() repeats the position; the bare message reads better after ours.
    diags.error({path, e.mark.line + 1, e.mark.column + 1}, "malformed YAML: " + e.msg);
  } catch (const YAML::Exception& e) {
    diags.error({path, 0, 0}, std::string("malformed YAML: ") + e.what());
  }
  return std::nullopt;
}

SourceLocation location_of(const std::string& file, const YAML::Node& node) {
  YAML::Mark mark = node.Mark();
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

SourceLocation location_in_scalar(const std::string& file, std::string_view text,
                                  const YAML::Node& scalar, std::size_t offset) {
  SourceLocation start = location_of(file, scalar);
  const std::size_t pos = scalar.Mark().pos;
  if (scalar.Mark().is_null() || pos >= text.size()) return start;
  const char opening = text[pos];
  if (opening == '|' || opening == '>') return start;
  if (opening != '"' && opening != '\'') return start.shifted(offset);  // plain: as written
  // Quoted: walk the source, where an escape (\x in "...", '' in '...') is two characters
  // for one character of the value.
  std::size_t column = 1;
  for (std::size_t i = pos + 1, decoded = 0; i < text.size() && decoded < offset; ++decoded) {
    const bool escape = opening == '"'
                            ? text[i] == '\\'
                            : (text[i] == '\'' && i + 1 < text.size() && text[i + 1] == '\'');
    const std::size_t width = escape ? 2 : 1;
    i += width;
    column += width;
  }
  return start.shifted(column);
}

bool is_scalar_string(const YAML::Node& node) { return node.IsDefined() && node.IsScalar(); }

MappingReader::MappingReader(const std::string& file, const YAML::Node& node, Diagnostics& diags,
                             std::string_view what)
    : file_(file), node_(node), diags_(diags), what_(what) {
  if (!node.IsMap()) {
    diags_.error(location_of(file_, node), "expected " + what_ + " to be a mapping of keys");
    ok_ = false;
    return;
  }
  // yaml-cpp keeps the first of two equal keys without a word; a user would not expect that.
  std::vector<std::string> seen;
  for (const auto& entry : node_) {
    const std::string& key = entry.first.Scalar();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      diags_.error(location_of(file_, entry.first), "duplicate key '" + key + "' in " + what_,
                   "merge the two entries into one");
    }
    seen.push_back(key);
  }
}

YAML::Node MappingReader::take(std::string_view key) {
  known_.emplace_back(key);
  if (!ok_) return YAML::Node(YAML::NodeType::Undefined);
  for (const auto& entry : node_) {
    if (entry.first.Scalar() == key) return entry.second;
  }
  return YAML::Node(YAML::NodeType::Undefined);
}

std::optional<std::string> MappingReader::take_string(std::string_view key) {
  YAML::Node value = take(key);
  if (!value.IsDefined()) return std::nullopt;
  if (!value.IsScalar()) {
    diags_.error(location_of(file_, value), "expected '" + std::string(key) + "' to be a string");
    return std::nullopt;
  }
  return value.Scalar();
}

std::optional<bool> MappingReader::take_bool(std::string_view key) {
  YAML::Node value = take(key);
  if (!value.IsDefined()) return std::nullopt;
  if (value.IsScalar()) {
    const std::string& s = value.Scalar();
    if (s == "true" || s == "True") return true;
    if (s == "false" || s == "False") return false;
  }
  diags_.error(location_of(file_, value),
               "expected '" + std::string(key) + "' to be true or false, found '" +
                   (value.IsScalar() ? value.Scalar() : std::string("a collection")) + "'");
  return std::nullopt;
}

std::optional<long long> MappingReader::take_int(std::string_view key) {
  YAML::Node value = take(key);
  if (!value.IsDefined()) return std::nullopt;
  if (value.IsScalar()) {
    const std::string& s = value.Scalar();
    std::size_t used = 0;
    try {
      long long parsed = std::stoll(s, &used);
      if (used == s.size()) return parsed;
    } catch (const std::exception&) {
    }
  }
  diags_.error(location_of(file_, value), "expected '" + std::string(key) + "' to be an integer");
  return std::nullopt;
}

std::vector<std::pair<std::string, YAML::Node>> MappingReader::take_string_list(
    std::string_view key) {
  std::vector<std::pair<std::string, YAML::Node>> items;
  YAML::Node value = take(key);
  if (!value.IsDefined() || value.IsNull()) return items;
  if (value.IsScalar()) {
    items.emplace_back(value.Scalar(), value);
    return items;
  }
  if (!value.IsSequence()) {
    diags_.error(location_of(file_, value),
                 "expected '" + std::string(key) + "' to be a list of strings");
    return items;
  }
  for (const YAML::Node& item : value) {
    if (!item.IsScalar()) {
      diags_.error(location_of(file_, item),
                   "expected each entry of '" + std::string(key) + "' to be a string");
      continue;
    }
    items.emplace_back(item.Scalar(), item);
  }
  return items;
}

void MappingReader::finish() {
  if (!ok_) return;
  for (const auto& entry : node_) {
    const std::string& key = entry.first.Scalar();
    if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
    diags_.error(location_of(file_, entry.first), "unknown key '" + key + "' in " + what_,
                 did_you_mean(key, known_));
  }
}

}  // namespace frp::load
