#include "load/yaml_file.h"

#include <yaml.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "common/input_file.h"

namespace frp::load {

const YamlNode& YamlNode::undefined() {
  static const YamlNode node;
  return node;
}

const std::vector<YamlNode>& YamlNode::no_children() {
  static const std::vector<YamlNode> none;
  return none;
}

const YamlNode& YamlNode::operator[](std::size_t index) const {
  return is_sequence() && index < children_.size() ? children_[index] : undefined();
}

const YamlNode& YamlNode::operator[](std::string_view key) const {
  for (const auto& [k, v] : entries()) {
    if (k.is_scalar() && k.scalar() == key) return v;
  }
  return undefined();
}

// Builds a YamlNode tree from libyaml's event stream.
class YamlBuilder {
 public:
  YamlBuilder(const std::string& path, std::string_view text, Diagnostics& diags)
      : path_(path), text_(text), diags_(diags) {
    // libyaml counts characters; marks count bytes (the caret in a report is placed by bytes).
    // Most files are ASCII, where the two agree.
    ascii_ = is_ascii(text);
    if (!ascii_) index_bytes();
  }

  std::optional<YamlNode> build() {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
      diags_.error({path_, 0, 0}, "malformed YAML: out of memory");
      return std::nullopt;
    }
    std::unique_ptr<yaml_parser_t, void (*)(yaml_parser_t*)> guard(&parser, yaml_parser_delete);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text_.data()),
                                 text_.size());
    bool done = false;
    while (!done) {
      yaml_event_t event;
      if (!yaml_parser_parse(&parser, &event)) {
        report(parser);
        return std::nullopt;
      }
      std::unique_ptr<yaml_event_t, void (*)(yaml_event_t*)> event_guard(&event, yaml_event_delete);
      if (!take(parser, event, done)) return std::nullopt;
    }
    if (!root_) return YamlNode(YamlNode::Kind::Null, {});  // no document at all
    return std::move(*root_);
  }

 private:
  // Adds what one event says to the tree; false (reported) on an error. `done` is set at the end
  // of the document or of the stream.
  bool take(yaml_parser_t& parser, const yaml_event_t& event, bool& done) {
    if (makes_node(event.type) && ++nodes_ > kMaxNodes) {
      diags_.error(location(event.start_mark),
                   "too large: more than " + std::to_string(kMaxNodes) +
                       " YAML nodes (torch's native_functions.yaml has about 26,000)");
      return false;
    }
    switch (event.type) {
      case YAML_SCALAR_EVENT:
        add_scalar(event);
        return true;
      case YAML_SEQUENCE_START_EVENT:
        return open(YamlNode::Kind::Sequence, event.start_mark, event.data.sequence_start.anchor);
      case YAML_MAPPING_START_EVENT:
        return open(YamlNode::Kind::Mapping, event.start_mark, event.data.mapping_start.anchor);
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        close();
        return true;
      case YAML_ALIAS_EVENT:
        return add_alias(event);
      case YAML_DOCUMENT_END_EVENT:
        // One document per file: a second one would be silently ignored, so it is an error.
        done = true;
        return only_document(parser);
      case YAML_STREAM_END_EVENT:
        done = true;
        return true;
      default:
        return true;
    }
  }

  void add_scalar(const yaml_event_t& event) {
    const auto& s = event.data.scalar;
    YamlNode node(YamlNode::Kind::Scalar, mark(event.start_mark));
    node.text_.assign(reinterpret_cast<const char*>(s.value), s.length);
    node.style_ = style_of(s.style);
    if (s.plain_implicit && node.style_ == YamlNode::Style::Plain && is_null(node.text_)) {
      // A null has no text: readers that use scalar() without asking get "" for it.
      node.kind_ = YamlNode::Kind::Null;
      node.text_.clear();
    }
    add(std::move(node), reinterpret_cast<const char*>(s.anchor));
  }

  bool add_alias(const yaml_event_t& event) {
    const char* name = reinterpret_cast<const char*>(event.data.alias.anchor);
    auto it = anchors_.find(name);
    if (it == anchors_.end()) {
      diags_.error(location(event.start_mark),
                   "malformed YAML: found undefined alias '" + std::string(name) + "'");
      return false;
    }
    // A copy keeps the tree simple; the budget keeps aliases of aliases (the "billion laughs")
    // from exploding it.
    copied_ += it->second.second;
    if (copied_ > kMaxCopied) {
      diags_.error(location(event.start_mark), "malformed YAML: aliases expand to more than " +
                                                   std::to_string(kMaxCopied) + " nodes");
      return false;
    }
    add(YamlNode(it->second.first), nullptr);
    return true;
  }

 private:
  // After the first document: true if the stream ends there, else reports the second one.
  bool only_document(yaml_parser_t& parser) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      report(parser);
      return false;
    }
    const bool more = event.type == YAML_DOCUMENT_START_EVENT;
    if (more) {
      diags_.error(location(event.start_mark), "a second YAML document in one file",
                   "frp-gen reads one document per file: remove the '---' and what follows, or "
                   "merge them");
    }
    yaml_event_delete(&event);
    return !more;
  }

  // A collection whose end event has not come yet; its children so far are pending_[first...].
  // The anchor is copied: libyaml frees the start event's text before the end event.
  struct Open {
    YamlNode node;
    std::size_t first = 0;
    std::string anchor;
    bool anchored = false;
  };
  static constexpr std::size_t kMaxCopied = 100000;  // native_functions.yaml has ~26,000 nodes
  // Each node costs ~170 bytes and some time: this bounds both (~85 MB) for any input.
  static constexpr std::size_t kMaxNodes = 500000;

  static bool makes_node(yaml_event_type_t type) {
    return type == YAML_SCALAR_EVENT || type == YAML_SEQUENCE_START_EVENT ||
           type == YAML_MAPPING_START_EVENT || type == YAML_ALIAS_EVENT;
  }
  static constexpr std::size_t kMaxDepth = 1000;

  // Eight bytes at a time: this runs over all of native_functions.yaml.
  static bool is_ascii(std::string_view text) {
    std::uint64_t high = 0;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
      std::uint64_t word;
      std::memcpy(&word, text.data() + i, 8);
      high |= word;
    }
    for (; i < text.size(); ++i) high |= static_cast<unsigned char>(text[i]);
    return (high & 0x8080808080808080ull) == 0;
  }

  static bool is_null(std::string_view s) {
    if (s.size() > 4) return false;  // most scalars; spares the four comparisons
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
  }

  static YamlNode::Style style_of(yaml_scalar_style_t style) {
    switch (style) {
      case YAML_SINGLE_QUOTED_SCALAR_STYLE:
        return YamlNode::Style::SingleQuoted;
      case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
        return YamlNode::Style::DoubleQuoted;
      case YAML_LITERAL_SCALAR_STYLE:
        return YamlNode::Style::Literal;
      case YAML_FOLDED_SCALAR_STYLE:
        return YamlNode::Style::Folded;
      default:
        return YamlNode::Style::Plain;
    }
  }

  // Offsets of each character libyaml counts, for non-ASCII text. libyaml skips a BOM without
  // counting it.
  void index_bytes() {
    std::size_t pos = text_.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    char_bytes_.reserve(text_.size() + 1);
    while (pos < text_.size()) {
      char_bytes_.push_back(pos);
      const auto lead = static_cast<unsigned char>(text_[pos]);
      pos += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    }
    char_bytes_.push_back(std::min(pos, text_.size()));
  }

  std::size_t byte_of(std::size_t index) const {
    if (ascii_) return std::min(index, text_.size());
    return index < char_bytes_.size() ? char_bytes_[index] : text_.size();
  }

  YamlMark mark(const yaml_mark_t& m) const {
    const std::size_t offset = byte_of(m.index);
    const std::size_t line_start = byte_of(m.index - std::min(m.index, m.column));
    return {static_cast<int>(m.line) + 1, static_cast<int>(offset - line_start) + 1, offset};
  }

  SourceLocation location(const yaml_mark_t& m) const {
    YamlMark at = mark(m);
    return {path_, at.line, at.column};
  }

  // Byte offset -> location, for reader errors, which libyaml places by byte offset only.
  SourceLocation location_of_offset(std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const std::size_t line_start = text_.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t column_start =
        offset == 0 || line_start == std::string_view::npos ? 0 : line_start + 1;
    const auto line = std::count(text_.begin(), text_.begin() + offset, '\n') + 1;
    return {path_, static_cast<int>(line), static_cast<int>(offset - column_start) + 1};
  }

  void report(const yaml_parser_t& parser) {
    std::string problem = parser.problem ? parser.problem : "out of memory";
    SourceLocation where;
    if (parser.error == YAML_READER_ERROR) {
      where = location_of_offset(parser.problem_offset);
    } else if (parser.error == YAML_MEMORY_ERROR) {
      where = {path_, 0, 0};
    } else {
      where = location(parser.problem_mark);
      // Some of libyaml's words for a misplaced tab ("cannot start any token") do not say it is
      // one.
      const std::size_t at = mark(parser.problem_mark).offset;
      if (at < text_.size() && text_[at] == '\t' && problem.find("tab") == std::string::npos) {
        problem += " (a tab: YAML indents with spaces)";
      }
      // What libyaml was reading, and where that started: an unclosed quote or bracket is found
      // only at the end of the file, far from where it opened.
      if (parser.context != nullptr) {
        const SourceLocation start = location(parser.context_mark);
        if (at >= text_.size()) {
          where = start;
          problem += " " + std::string(parser.context) + " that starts here";
        } else {
          problem += " (" + std::string(parser.context) + " that starts at line " +
                     std::to_string(start.line) + ", column " + std::to_string(start.column) + ")";
        }
      }
    }
    diags_.error(where, "malformed YAML: " + problem);
  }

  bool open(YamlNode::Kind kind, const yaml_mark_t& m, const unsigned char* anchor) {
    // The tree is freed recursively; a bound on depth keeps that off the end of the stack.
    if (open_.size() >= kMaxDepth) {
      diags_.error(location(m), "malformed YAML: nested more than " + std::to_string(kMaxDepth) +
                                    " levels deep");
      return false;
    }
    Open& top = open_.emplace_back();
    top.node = YamlNode(kind, mark(m));
    top.first = pending_.size();
    if (anchor) {
      top.anchor = reinterpret_cast<const char*>(anchor);
      top.anchored = true;
    }
    return true;
  }

  // Finishes the innermost open collection. Children wait in one shared stack until then, so
  // that each collection allocates its children once, at their final size.
  void close() {
    Open top = std::move(open_.back());
    open_.pop_back();
    const auto first = pending_.begin() + static_cast<std::ptrdiff_t>(top.first);
    top.node.children_.assign(std::make_move_iterator(first),
                              std::make_move_iterator(pending_.end()));
    pending_.erase(first, pending_.end());
    add(std::move(top.node), top.anchored ? top.anchor.c_str() : nullptr);
  }

  // Puts a finished node under its parent (or makes it the root) and remembers its anchor.
  void add(YamlNode node, const char* anchor) {
    if (anchor) anchors_[anchor] = {node, count(node)};
    if (open_.empty()) {
      root_ = std::move(node);
    } else {
      pending_.push_back(std::move(node));
    }
  }

  static std::size_t count(const YamlNode& node) {
    std::size_t n = 1;
    for (const YamlNode& child : node.children_) n += count(child);
    return n;
  }

  const std::string& path_;
  std::string_view text_;
  Diagnostics& diags_;
  bool ascii_ = true;
  std::vector<std::size_t> char_bytes_;
  std::vector<Open> open_;
  std::vector<YamlNode> pending_;
  std::optional<YamlNode> root_;
  std::unordered_map<std::string, std::pair<YamlNode, std::size_t>> anchors_;
  std::size_t copied_ = 0;  // nodes copied for aliases
  std::size_t nodes_ = 0;   // nodes read, an alias counted once
};

std::optional<std::string> read_text_file(const std::string& path, Diagnostics& diags) {
  std::string error;
  std::optional<std::string> text = read_input_file(path, error);
  if (!text) diags.error({path, 0, 0}, error);
  return text;
}

std::optional<YamlNode> parse_yaml(const std::string& path, std::string_view text,
                                   Diagnostics& diags) {
  // libyaml would read UTF-16, but every location frp-gen reports counts UTF-8 bytes, and the
  // generated repo is UTF-8: refused whole, before a message quotes a line of it.
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
    diags.error({path, 0, 0}, "malformed YAML: the file is UTF-16 (it starts with a UTF-16 BOM)",
                "save it as UTF-8");
    return std::nullopt;
  }
  return YamlBuilder(path, text, diags).build();
}

std::optional<YamlFile> load_yaml_file(const std::string& path, Diagnostics& diags) {
  std::optional<std::string> text = read_text_file(path, diags);
  if (!text) return std::nullopt;
  diags.add_source(path, *text);
  std::optional<YamlNode> root = parse_yaml(path, *text, diags);
  if (!root) return std::nullopt;
  return YamlFile{path, std::move(*text), std::move(*root)};
}

SourceLocation location_of(const std::string& file, const YamlNode& node) {
  return {file, node.mark().line, node.mark().column};
}

SourceLocation location_in_scalar(const std::string& file, std::string_view text,
                                  const YamlNode& scalar, std::size_t offset) {
  SourceLocation start = location_of(file, scalar);
  const std::size_t pos = scalar.mark().offset;
  if (start.line == 0 || pos >= text.size()) return start;
  using Style = YamlNode::Style;
  switch (scalar.style()) {
    case Style::Literal:
    case Style::Folded:
      return start;
    case Style::Plain:
      return start.shifted(offset);  // as written
    case Style::SingleQuoted:
    case Style::DoubleQuoted:
      break;
  }
  const char opening = scalar.style() == Style::DoubleQuoted ? '"' : '\'';
  // A tag or anchor before the quote: the start is still the right line.
  if (text[pos] != opening) return start;
  // Walk the source, where an escape (\x in "...", '' in '...') is two characters for one
  // character of the value.
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

bool is_scalar_string(const YamlNode& node) { return node.is_scalar(); }

namespace {

// What a node is, for "found ..." in messages.
std::string kind_name(const YamlNode& node) {
  if (node.is_sequence()) return "a list";
  if (node.is_mapping()) return "a mapping";
  if (node.is_null()) return "nothing (null)";
  return "'" + node.scalar() + "'";
}

}  // namespace

MappingReader::MappingReader(const std::string& file, const YamlNode& node, Diagnostics& diags,
                             std::string_view what)
    : file_(file), node_(node), diags_(diags), what_(what) {
  if (!node.is_mapping()) {
    diags_.error(location_of(file_, node), "expected " + what_ + " to be a mapping of keys");
    ok_ = false;
    return;
  }
  known_.reserve(512);  // an operator entry asks for ~25 keys
  // libyaml, like yaml-cpp, lets a key repeat without a word; a user would not expect that.
  // A scan for the few keys of most mappings, a hash set for many: a mapping of 100,000 keys must
  // not take quadratic time.
  constexpr std::size_t kFew = 32;
  std::vector<const std::string*> seen;
  std::unordered_set<std::string_view> many;
  if (node_.size() > kFew) many.reserve(node_.size());
  for (const auto& [k, v] : node_.entries()) {
    if (!k.is_scalar()) {
      diags_.error(location_of(file_, k),
                   "expected a name as a key of " + what_ + ", found " + kind_name(k));
      continue;
    }
    const std::string& key = k.scalar();
    const bool repeated = node_.size() > kFew
                              ? !many.insert(key).second
                              : std::any_of(seen.begin(), seen.end(),
                                            [&](const std::string* s) { return *s == key; });
    if (repeated) {
      diags_.error(location_of(file_, k), "duplicate key '" + key + "' in " + what_,
                   "merge the two entries into one");
    }
    if (node_.size() <= kFew) seen.push_back(&key);
  }
}

const YamlNode& MappingReader::take(std::string_view key) {
  known_ += key;
  known_ += '\0';
  if (!ok_) return YamlNode::undefined();
  for (const auto& [k, v] : node_.entries()) {
    if (k.scalar() == key) return v;
  }
  return YamlNode::undefined();
}

std::optional<std::string> MappingReader::take_string(std::string_view key) {
  const YamlNode& value = take(key);
  if (!value.is_defined()) return std::nullopt;
  if (!value.is_scalar()) {
    diags_.error(location_of(file_, value), "expected '" + std::string(key) + "' to be a string");
    return std::nullopt;
  }
  return value.scalar();
}

std::optional<bool> MappingReader::take_bool(std::string_view key) {
  const YamlNode& value = take(key);
  if (!value.is_defined()) return std::nullopt;
  if (value.is_scalar()) {
    const std::string& s = value.scalar();
    if (s == "true" || s == "True") return true;
    if (s == "false" || s == "False") return false;
  }
  diags_.error(location_of(file_, value),
               "expected '" + std::string(key) + "' to be true or false, found '" +
                   (value.is_scalar() ? value.scalar() : std::string("a collection")) + "'");
  return std::nullopt;
}

std::optional<long long> MappingReader::take_int(std::string_view key) {
  const YamlNode& value = take(key);
  if (!value.is_defined()) return std::nullopt;
  if (value.is_scalar()) {
    const std::string& s = value.scalar();
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

std::vector<std::pair<std::string, std::reference_wrapper<const YamlNode>>>
MappingReader::take_string_list(std::string_view key, Scalar scalar) {
  std::vector<std::pair<std::string, std::reference_wrapper<const YamlNode>>> items;
  const YamlNode& value = take(key);
  if (!value.is_defined() || value.is_null()) return items;
  if (value.is_scalar() && scalar == Scalar::kOneItem) {
    items.emplace_back(value.scalar(), value);
    return items;
  }
  if (!value.is_sequence()) {
    // The hint quotes the value: only a short one-line value makes a usable one.
    const bool quotable = value.is_scalar() && value.scalar().size() <= 80 &&
                          value.scalar().find('\n') == std::string::npos;
    diags_.error(location_of(file_, value),
                 "expected '" + std::string(key) + "' to be a list of strings",
                 quotable ? "write it as a list: " + std::string(key) + ": [" + value.scalar() + "]"
                          : std::string());
    return items;
  }
  items.reserve(value.size());
  for (const YamlNode& item : value.items()) {
    if (!item.is_scalar()) {
      diags_.error(location_of(file_, item),
                   "expected each entry of '" + std::string(key) + "' to be a string");
      continue;
    }
    items.emplace_back(item.scalar(), item);
  }
  return items;
}

void MappingReader::finish() {
  if (!ok_) return;
  std::vector<std::string> known;
  for (std::size_t start = 0, end; (end = known_.find('\0', start)) != std::string::npos;
       start = end + 1) {
    known.emplace_back(known_, start, end - start);
  }
  for (const auto& [k, v] : node_.entries()) {
    if (!k.is_scalar()) continue;  // reported when the reader was made
    const std::string& key = k.scalar();
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    // The hint is a search: worth making only for an error that will be shown.
    diags_.error(location_of(file_, k), "unknown key '" + key + "' in " + what_,
                 diags_.shows_another() ? did_you_mean(key, known) : std::string());
  }
}

}  // namespace frp::load
