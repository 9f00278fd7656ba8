// Load stage: YAML files become trees of YamlNode that remember where they came from. libyaml
// does the parsing (yaml-cpp was most of the load time on native_functions.yaml); the tree is ours
// so that every node keeps its line, column and byte offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/diagnostics.h"

namespace frp::load {

// Where a node starts in its file. Line and column are 1-based and count bytes; line 0 means the
// node has no place in a file (an absent key, or the root of an empty file).
struct YamlMark {
  int line = 0;
  int column = 0;
  std::size_t offset = 0;  // byte offset into the file's text
};

// One YAML node, YAML 1.1 as libyaml reads it. Aliases are expanded into copies of their anchored
// node, marks included. A plain `~`, `null`, `Null`, `NULL` or empty scalar is null, not a scalar.
class YamlNode {
 public:
  enum class Kind : std::uint8_t { Undefined, Null, Scalar, Sequence, Mapping };
  // How a scalar was written; location_in_scalar needs it to map value offsets to columns.
  enum class Style : std::uint8_t { Plain, SingleQuoted, DoubleQuoted, Literal, Folded };

  // A key and its value, as handed out by entries().
  struct Entry {
    const YamlNode& key;
    const YamlNode& value;
  };
  class EntryIterator {
   public:
    explicit EntryIterator(const YamlNode* at) : at_(at) {}
    Entry operator*() const { return {at_[0], at_[1]}; }
    EntryIterator& operator++() {
      at_ += 2;
      return *this;
    }
    bool operator==(const EntryIterator&) const = default;

   private:
    const YamlNode* at_;
  };
  struct Entries {
    EntryIterator first, last;
    EntryIterator begin() const { return first; }
    EntryIterator end() const { return last; }
  };

  YamlNode() = default;  // undefined
  YamlNode(Kind kind, YamlMark mark) : kind_(kind), mark_(mark) {}

  // The shared undefined node that lookups of absent keys return.
  static const YamlNode& undefined();

  Kind kind() const { return kind_; }
  bool is_defined() const { return kind_ != Kind::Undefined; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_scalar() const { return kind_ == Kind::Scalar; }
  bool is_sequence() const { return kind_ == Kind::Sequence; }
  bool is_mapping() const { return kind_ == Kind::Mapping; }

  // The value of a scalar; empty for every other kind.
  const std::string& scalar() const { return text_; }
  Style style() const { return style_; }
  const YamlMark& mark() const { return mark_; }

  // Items of a sequence (empty for other kinds).
  const std::vector<YamlNode>& items() const { return is_sequence() ? children_ : no_children(); }
  // Key/value pairs of a mapping in file order (empty for other kinds).
  Entries entries() const {
    const std::vector<YamlNode>& c = is_mapping() ? children_ : no_children();
    return {EntryIterator(c.data()), EntryIterator(c.data() + c.size())};
  }
  // Items of a sequence or entries of a mapping; 0 otherwise.
  std::size_t size() const { return is_mapping() ? children_.size() / 2 : items().size(); }

  // The `index`th item of a sequence, or undefined.
  const YamlNode& operator[](std::size_t index) const;
  // The value under the first scalar key equal to `key`, or undefined.
  const YamlNode& operator[](std::string_view key) const;

 private:
  friend class YamlBuilder;
  static const std::vector<YamlNode>& no_children();

  Kind kind_ = Kind::Undefined;
  Style style_ = Style::Plain;
  YamlMark mark_;
  std::string text_;
  std::vector<YamlNode> children_;  // sequence items, or mapping keys and values alternating
};

struct YamlFile {
  std::string path;
  std::string text;  // the source, for locating characters inside scalars
  YamlNode root;
};

// Reads and parses `path`. Malformed YAML or an unreadable file is reported as a located error
// and gives std::nullopt. The text is handed to `diags` so errors can quote it.
std::optional<YamlFile> load_yaml_file(const std::string& path, Diagnostics& diags);

// Parses `text` as the contents of `path` (the caller hands the text to `diags` if errors should
// quote it). Only the first document is read; a text without one gives a null root.
std::optional<YamlNode> parse_yaml(const std::string& path, std::string_view text,
                                   Diagnostics& diags);

// Reads a whole file; reports and returns nullopt if it cannot.
std::optional<std::string> read_text_file(const std::string& path, Diagnostics& diags);

// Location of a node (1-based line and column).
SourceLocation location_of(const std::string& file, const YamlNode& node);

// Location of the character at `offset` in the value of a one-line scalar, found by walking its
// source in `text` (quotes and escapes included). For block scalars (| and >) it falls back to
// the scalar's start, which is still the right line.
SourceLocation location_in_scalar(const std::string& file, std::string_view text,
                                  const YamlNode& scalar, std::size_t offset);

// A view over one YAML mapping that hands out the keys a reader knows and, at the end, reports
// every key nobody asked for (with a did-you-mean against the known ones). The node must outlive
// the reader, and the nodes it hands out live as long as the node.
class MappingReader {
 public:
  MappingReader(const std::string& file, const YamlNode& node, Diagnostics& diags,
                std::string_view what);

  bool ok() const { return ok_; }
  const YamlNode& node() const { return node_; }
  const std::string& file() const { return file_; }

  // The value under `key`, or an undefined node if absent. Marks the key as known.
  const YamlNode& take(std::string_view key);

  // Typed takers: report a located error if the value has the wrong shape.
  std::optional<std::string> take_string(std::string_view key);
  std::optional<bool> take_bool(std::string_view key);
  std::optional<long long> take_int(std::string_view key);
  // Whether a lone string stands for a list of one (torch's yaml writes `tags: core`) or is an
  // error (a descriptor's lists are lists).
  enum class Scalar { kOneItem, kError };
  // A list of strings; each comes with its node so callers can report locations.
  std::vector<std::pair<std::string, std::reference_wrapper<const YamlNode>>> take_string_list(
      std::string_view key, Scalar scalar = Scalar::kOneItem);

  // Reports keys present in the mapping that were never taken.
  void finish();

 private:
  std::string file_;
  const YamlNode& node_;
  Diagnostics& diags_;
  std::string what_;
  std::string known_;  // the keys asked for, each ending in '\0': one buffer, not one string each
  bool ok_ = true;
};

// Helpers for values that are not under a MappingReader key.
bool is_scalar_string(const YamlNode& node);

}  // namespace frp::load
