// Load stage: YAML files become yaml-cpp nodes that remember where they came from.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.h"

namespace frp::load {

struct YamlFile {
  std::string path;
  std::string text;  // the source, for locating characters inside scalars
  YAML::Node root;
};

// Reads and parses `path`. Malformed YAML or an unreadable file is reported as a located error
// and gives std::nullopt. The text is handed to `diags` so errors can quote it.
std::optional<YamlFile> load_yaml_file(const std::string& path, Diagnostics& diags);

// Reads a whole file; reports and returns nullopt if it cannot.
std::optional<std::string> read_text_file(const std::string& path, Diagnostics& diags);

// Location of a node (1-based line and column).
SourceLocation location_of(const std::string& file, const YAML::Node& node);

// Location of the character at `offset` in the value of a one-line scalar, found by walking its
// source in `text` (quotes and escapes included). For block scalars (| and >) it falls back to
// the scalar's start, which is still the right line.
SourceLocation location_in_scalar(const std::string& file, std::string_view text,
                                  const YAML::Node& scalar, std::size_t offset);

// A view over one YAML mapping that hands out the keys a reader knows and, at the end, reports
// every key nobody asked for (with a did-you-mean against the known ones).
class MappingReader {
 public:
  MappingReader(const std::string& file, const YAML::Node& node, Diagnostics& diags,
                std::string_view what);

  bool ok() const { return ok_; }
  const YAML::Node& node() const { return node_; }
  const std::string& file() const { return file_; }

  // The value under `key`, or an undefined node if absent. Marks the key as known.
  YAML::Node take(std::string_view key);

  // Typed takers: report a located error if the value has the wrong shape.
  std::optional<std::string> take_string(std::string_view key);
  std::optional<bool> take_bool(std::string_view key);
  std::optional<long long> take_int(std::string_view key);
  // A string or a list of strings; each comes with its node so callers can report locations.
  std::vector<std::pair<std::string, YAML::Node>> take_string_list(std::string_view key);

  // Reports keys present in the mapping that were never taken.
  void finish();

 private:
  std::string file_;
  YAML::Node node_;
  Diagnostics& diags_;
  std::string what_;
  std::vector<std::string> known_;
  bool ok_ = true;
};

// Helpers for values that are not under a MappingReader key.
bool is_scalar_string(const YAML::Node& node);

}  // namespace frp::load
