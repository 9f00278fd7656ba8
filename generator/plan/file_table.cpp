#include "plan/file_table.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "descriptor/descriptor.h"
#include "load/yaml_file.h"
#include "plan/emitters.h"

namespace frp::plan {

const FileSpec* FileTable::find(std::string_view pattern) const {
  for (const FileSpec& spec : files) {
    if (spec.pattern == pattern) return &spec;
  }
  return nullptr;
}

std::string template_for(std::string_view pattern) { return std::string(pattern) + ".j2"; }

std::vector<std::string_view> placeholders(std::string_view pattern) {
  std::vector<std::string_view> names;
  for (std::size_t open = pattern.find('{'); open != std::string_view::npos;
       open = pattern.find('{', open + 1)) {
    const std::size_t close = pattern.find('}', open);
    if (close == std::string_view::npos) break;
    names.push_back(pattern.substr(open + 1, close - open - 1));
  }
  return names;
}

std::string expand(std::string_view pattern, const std::vector<Binding>& bindings) {
  std::string out;
  out.reserve(pattern.size() + 16);
  std::size_t at = 0;
  for (std::size_t open; (open = pattern.find('{', at)) != std::string_view::npos;) {
    const std::size_t close = pattern.find('}', open);
    if (close == std::string_view::npos) break;
    const std::string_view name = pattern.substr(open + 1, close - open - 1);
    auto bound = std::find_if(bindings.begin(), bindings.end(),
                              [&](const Binding& b) { return b.first == name; });
    out += pattern.substr(at, open - at);
    out += bound == bindings.end() ? pattern.substr(open, close + 1 - open) : bound->second;
    at = close + 1;
  }
  out += pattern.substr(at);
  return out;
}

std::string expand(std::string_view pattern, std::initializer_list<Binding> bindings) {
  return expand(pattern, std::vector<Binding>(bindings));
}

namespace {

// A row's pattern must be one its emitter writes; a row without an emitter is written once per
// backend, so its path may use only the placeholders bound once per backend.
void check_pattern(const FileSpec& spec, const Emitter& emitter, const load::YamlNode& key,
                   const std::string& file, Diagnostics& diags) {
  const bool integration = emitter.patterns.empty();
  const bool listed = std::find(emitter.patterns.begin(), emitter.patterns.end(), spec.pattern) !=
                      emitter.patterns.end();
  if (!integration && !listed) {
    std::string written;
    for (std::string_view p : emitter.patterns)
      written += (written.empty() ? "" : ", ") + std::string(p);
    diags.error(load::location_of(file, key),
                "emitter '" + spec.emitter + "' does not write '" + spec.pattern + "'",
                "it writes " + written);
    return;
  }
  for (std::string_view name : placeholders(spec.pattern)) {
    if (integration && !is_global_placeholder(name)) {
      diags.error(load::location_of(file, key),
                  "unknown placeholder '{" + std::string(name) + "}' in '" + spec.pattern + "'",
                  "a file without an emitter may use {package} and {runtime}");
      return;
    }
  }
}

// The value of `key`, one of `choices` (each a name and its value): nullopt if absent, and a
// located error if it is none of them.
template <typename T>
std::optional<T> take_choice(load::MappingReader& reader, std::string_view key,
                             std::initializer_list<std::pair<std::string_view, T>> choices,
                             Diagnostics& diags) {
  const load::YamlNode& node = reader.take(key);
  if (!node.is_defined()) return std::nullopt;
  std::vector<std::string> names;
  for (const auto& [name, value] : choices) {
    if (node.is_scalar() && node.scalar() == name) return value;
    names.emplace_back(name);
  }
  std::string listed;
  for (const std::string& name : names) listed += (listed.empty() ? "" : " or ") + name;
  diags.error(load::location_of(reader.file(), node),
              "expected '" + std::string(key) + "' to be " + listed,
              did_you_mean(node.scalar(), names));
  return std::nullopt;
}

// A row's `quotes`: a list of paths (checked against the table once it is read).
std::vector<RowRef> read_quotes(const std::string& file, const load::YamlNode& node,
                                Diagnostics& diags) {
  std::vector<RowRef> quotes;
  if (!node.is_defined()) return quotes;
  if (!node.is_sequence()) {
    diags.error(load::location_of(file, node),
                "expected 'quotes' to be a list of the table's paths");
    return quotes;
  }
  for (const load::YamlNode& item : node.items()) {
    if (load::is_scalar_string(item)) {
      quotes.push_back({item.scalar(), load::location_of(file, item)});
    } else {
      diags.error(load::location_of(file, item), "expected a path of the table");
    }
  }
  return quotes;
}

// Reads one row; nullopt (with the errors reported) if it is wrong.
std::optional<FileSpec> read_row(const std::string& file, const load::YamlNode& key,
                                 const load::YamlNode& value, Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  FileSpec spec;
  spec.pattern = key.scalar();
  spec.template_name = template_for(spec.pattern);
  load::MappingReader reader(file, value, diags, "a file of the table");
  if (!reader.ok()) return std::nullopt;
  if (!value["owner"].is_defined()) {
    diags.error(load::location_of(file, key), "'" + spec.pattern + "' has no 'owner'",
                "add 'owner: generated' or 'owner: scaffold'");
  }
  // The table names generated and scaffold files; the inputs `new` copies in are no table's.
  spec.owner = take_choice<Owner>(reader, "owner",
                                  {{to_string(Owner::Generated), Owner::Generated},
                                   {to_string(Owner::Scaffold), Owner::Scaffold}},
                                  diags)
                   .value_or(Owner::Generated);
  spec.build = take_choice<Build>(
                   reader, "build",
                   {{"core", Build::Core}, {"python", Build::Python}, {"test", Build::Test}}, diags)
                   .value_or(Build::None);
  spec.feature = reader.take_string("feature").value_or("");
  spec.emitter = reader.take_string("emitter").value_or(std::string(kIntegrationEmitter));
  spec.about = reader.take_string("about").value_or("");
  spec.quotes = read_quotes(file, reader.take("quotes"), diags);
  if (std::optional<std::string> extend_in = reader.take_string("extend_in")) {
    spec.extend_in = RowRef{*extend_in, load::location_of(file, value["extend_in"])};
  }
  reader.finish();
  if (!spec.feature.empty() && !descriptor::default_features().contains(spec.feature)) {
    std::vector<std::string> known;
    for (const auto& [name, on] : descriptor::default_features()) known.push_back(name);
    diags.error(load::location_of(file, value["feature"]), "unknown feature '" + spec.feature + "'",
                did_you_mean(spec.feature, known));
  }
  const Emitter* emitter = find_emitter(spec.emitter);
  if (!emitter) {
    std::vector<std::string> known;
    for (const Emitter& e : emitters()) known.emplace_back(e.name);
    diags.error(load::location_of(file, value["emitter"]), "unknown emitter '" + spec.emitter + "'",
                did_you_mean(spec.emitter, known));
  } else {
    check_pattern(spec, *emitter, key, file, diags);
  }
  if (diags.error_count() != errors_before) return std::nullopt;
  return spec;
}

// Every pattern an emitter writes must have its row: the row gives the file its owner.
void check_every_pattern_listed(const FileTable& table, Diagnostics& diags) {
  for (const Emitter& emitter : emitters()) {
    for (std::string_view pattern : emitter.patterns) {
      if (table.find(pattern)) continue;
      diags.error(
          {table.path, 0, 0},
          "the table has no row for '" + std::string(pattern) + "', which emitter '" +
              std::string(emitter.name) + "' writes",
          "add it under 'files:' with its owner and 'emitter: " + std::string(emitter.name) + "'");
    }
  }
}

// The row a `quotes:` or `extend_in:` entry names, if it is one file of the repo: a row whose
// path has no placeholder but {package} and {runtime} (not one per operator, kernel file or
// shard). `what` says who names it, for the error.
const FileSpec* named_row(const FileTable& table, const RowRef& ref, const std::string& what,
                          Diagnostics& diags) {
  const FileSpec* row = table.find(ref.pattern);
  if (!row) {
    std::vector<std::string> known;
    for (const FileSpec& spec : table.files) known.push_back(spec.pattern);
    diags.error(ref.at, what + ", which is not in the table", did_you_mean(ref.pattern, known));
    return nullptr;
  }
  for (std::string_view name : placeholders(ref.pattern)) {
    if (name != "package" && name != "runtime") {
      diags.error(ref.at, what + ", which is a file per {" + std::string(name) + "}, not one file");
      return nullptr;
    }
  }
  return row;
}

// Quoted files are files of the table; a file's `extend_in` is a scaffold, named by a generated
// file (a scaffold is the team's to change already).
void check_row_refs(const FileTable& table, Diagnostics& diags) {
  for (const FileSpec& spec : table.files) {
    for (const RowRef& quote : spec.quotes) {
      named_row(table, quote, "'" + spec.pattern + "' quotes '" + quote.pattern + "'", diags);
    }
    if (!spec.extend_in) continue;
    const std::string what =
        "'" + spec.pattern + "' is extended in '" + spec.extend_in->pattern + "'";
    if (spec.owner != Owner::Generated) {
      diags.error(spec.extend_in->at,
                  what + ", but it is a scaffold: the team changes it in place");
    } else if (const FileSpec* row = named_row(table, *spec.extend_in, what, diags);
               row && row->owner != Owner::Scaffold) {
      diags.error(spec.extend_in->at, what + ", which is generated: name a scaffold");
    }
  }
}

}  // namespace

std::optional<FileTable> read_file_table(const std::string& path, Diagnostics& diags) {
  const std::size_t errors_before = diags.error_count();
  std::optional<load::YamlFile> yaml = load::load_yaml_file(path, diags);
  if (!yaml) return std::nullopt;
  FileTable table;
  table.path = path;
  load::MappingReader top(path, yaml->root, diags, "the file table");
  const load::YamlNode& files = top.take("files");
  top.finish();
  if (!files.is_mapping()) {
    diags.error(load::location_of(path, files.is_defined() ? files : yaml->root),
                "expected 'files' to be a mapping of paths to their owner, build and emitter");
    return std::nullopt;
  }
  std::set<std::string> seen;
  for (const auto& [key, value] : files.entries()) {
    if (!load::is_scalar_string(key)) {
      diags.error(load::location_of(path, key), "expected a path");
      continue;
    }
    if (!seen.insert(key.scalar()).second) {
      diags.error(load::location_of(path, key), "'" + key.scalar() + "' is listed twice");
      continue;
    }
    if (std::optional<FileSpec> spec = read_row(path, key, value, diags)) {
      table.files.push_back(std::move(*spec));
    }
  }
  // A row that failed to read is missing from the table: say so once, not twice.
  if (diags.error_count() == errors_before) {
    check_every_pattern_listed(table, diags);
    check_row_refs(table, diags);
  }
  if (diags.error_count() != errors_before) return std::nullopt;
  return table;
}

}  // namespace frp::plan
