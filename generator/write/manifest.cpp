#include "write/manifest.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "common/input_file.h"
#include "common/json_text.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "write/pristine_store.h"

namespace frp::write {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------
// Reading: the text, its shape, the typed value

// How deep arrays and objects nest in JSON text, strings skipped, without parsing it: a text
// nested thousands deep would exhaust the stack of a recursive destructor.
std::size_t json_nesting(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

bool all_strings(const json& values) {
  return std::all_of(values.begin(), values.end(), [](const json& v) { return v.is_string(); });
}

// What is wrong with one entry of "files" ("" if nothing).
std::string file_entry_problem(const std::string& path, const json& entry) {
  // frp-gen records only paths inside the repo; another would make regen touch it.
  if (!is_safe_relative_path(path)) {
    return "the path \"" + path + "\" in \"files\" is not a relative path inside the repo";
  }
  auto owner = entry.find("owner"), hash = entry.find("sha256"), ops = entry.find("ops");
  if (!entry.is_object() || owner == entry.end() || !owner->is_string() || hash == entry.end() ||
      !hash->is_string() || (ops != entry.end() && !(ops->is_array() && all_strings(*ops)))) {
    return "the entry of \"" + path + "\" in \"files\" is not {\"owner\": ..., \"sha256\": ...}";
  }
  if (!owner_named(owner->get_ref<const std::string&>())) {
    return "the entry of \"" + path + "\" in \"files\" has the owner " + owner->dump() +
           ", not \"generated\", \"scaffold\" or \"input\"";
  }
  return "";
}

// What is wrong with the shape of a manifest, "templates" aside ("" if nothing). Members it does
// not know are ignored; a member it knows must have its type (an older frp-gen's manifest lacks
// some).
std::string shape_problem(const json& manifest) {
  if (!manifest.is_object()) return "expected a JSON object";
  if (auto files = manifest.find("files"); files != manifest.end()) {
    if (!files->is_object()) return "expected \"files\" to be an object";
    for (auto it = files->begin(); it != files->end(); ++it) {
      if (std::string problem = file_entry_problem(it.key(), it.value()); !problem.empty()) {
        return problem;
      }
    }
  }
  for (const char* key : {"ops", "inputs"}) {
    if (auto member = manifest.find(key);
        member != manifest.end() && !(member->is_object() && all_strings(*member))) {
      return std::string("expected \"") + key + "\" to be an object of strings";
    }
  }
  for (const char* key : {"torch_version", "device"}) {
    if (auto member = manifest.find(key); member != manifest.end() && !member->is_string()) {
      return std::string("expected \"") + key + "\" to be a string";
    }
  }
  if (auto generator = manifest.find("generator"); generator != manifest.end()) {
    auto version = generator->is_object() ? generator->find("version") : generator->end();
    if (!generator->is_object() || (version != generator->end() && !version->is_string())) {
      return "expected \"generator\" to be {\"name\": ..., \"version\": ...}";
    }
  }
  return "";
}

// What is wrong with the "templates" record ("" if nothing): the one member a user may edit by
// hand, and may delete to render with the built-in templates again.
std::string templates_problem(const json& manifest) {
  if (auto templates = manifest.find("templates"); templates != manifest.end()) {
    const bool folders =
        templates->is_array() && std::all_of(templates->begin(), templates->end(), [](auto& t) {
          return t.is_string() && !t.template get_ref<const std::string&>().empty();
        });
    if (!folders) return "expected \"templates\" to be a list of folders, not " + templates->dump();
  }
  return "";
}

std::string string_member(const json& object, const char* key) {
  auto member = object.find(key);
  return member != object.end() ? member->get<std::string>() : std::string();
}

// The typed manifest of a value whose shape was checked.
Manifest typed(const json& manifest) {
  Manifest out;
  out.torch_version = string_member(manifest, "torch_version");
  out.device = string_member(manifest, "device");
  if (auto generator = manifest.find("generator"); generator != manifest.end()) {
    out.generator_version = string_member(*generator, "version");
  }
  if (auto inputs = manifest.find("inputs"); inputs != manifest.end()) {
    out.inputs = inputs->get<std::map<std::string, std::string>>();
  }
  if (auto ops = manifest.find("ops"); ops != manifest.end()) out.ops = ops->get<OpSchemas>();
  if (auto templates = manifest.find("templates"); templates != manifest.end()) {
    out.templates = templates->get<std::vector<std::string>>();
  }
  if (auto files = manifest.find("files"); files != manifest.end()) {
    for (auto it = files->begin(); it != files->end(); ++it) {
      ManifestFile& file = out.files[it.key()];
      file.owner = *owner_named(it.value().at("owner").get_ref<const std::string&>());
      file.sha256 = it.value().at("sha256").get<std::string>();
      if (auto ops = it.value().find("ops"); ops != it.value().end()) {
        file.ops = ops->get<std::vector<std::string>>();
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Finding frp-gen's own files in the repo

// Where one of frp-gen's own files (under .frp/) stands, before it is read.
enum class Presence { Absent, There, Refused };

// The deepest folder on the way to `path` that is there as something else ("" if none).
fs::path file_in_the_way(const fs::path& path) {
  struct stat info {};
  for (fs::path at = path.parent_path(); !at.empty(); at = at.parent_path()) {
    if (::stat(at.c_str(), &info) == 0) return S_ISDIR(info.st_mode) ? fs::path() : at;
    if (at == at.parent_path()) break;
  }
  return {};
}

// A file of frp-gen's in the repo that a symlink leads out of it: refused unread, since an error
// about its text would quote the start of another file.
void report_link_out(const std::string& root, std::string_view relative, Diagnostics& diags) {
  diags.error(
      {(fs::path(root) / relative).string(), 0, 0},
      "refusing to read: a symlink leads it out of the repo",
      "replace the link with the repo's own file (git checkout -- " + std::string(relative) + ")");
}

// Whether `relative`, a file of frp-gen's in the repo at `root`, is there to be read. Refused
// with an error: a file where a folder of its path belongs, a lookup the OS refuses, and a
// symlink that leads it out of the repo.
Presence locate_own_file(const std::string& root, std::string_view relative, Diagnostics& diags) {
  const fs::path path = fs::path(root) / relative;
  const SourceLocation where{path.string(), 0, 0};
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    const int reason = errno;
    if (reason == ENOENT) return Presence::Absent;
    const fs::path blocker = reason == ENOTDIR ? file_in_the_way(path) : fs::path();
    if (blocker.empty()) {
      diags.error(where, std::string("cannot read: ") + std::strerror(reason));
    } else {
      diags.error({blocker.string(), 0, 0}, "cannot read " + std::string(relative) +
                                                ": this is not a folder (" +
                                                std::strerror(ENOTDIR) + ")");
    }
    return Presence::Refused;
  }
  std::error_code ec;
  // A link loop, a dangling link: the OS's reason (canonical gives "" on an error).
  if (fs::canonical(path, ec).empty()) {
    diags.error(where, "cannot read: " + ec.message());
    return Presence::Refused;
  }
  if (!resolves_inside(root, std::string(relative))) {
    report_link_out(root, relative, diags);
    return Presence::Refused;
  }
  return Presence::There;
}

// Whether the repo's pristine store, if it is there, stays inside the repo. Nothing else about
// it is an error: frp-gen's own copies, read as absent by plan_writes where they cannot be read
// (a FIFO, no permission) and written anew.
bool pristine_store_inside(const std::string& root, Diagnostics& diags) {
  const std::string relative(PristineStore::kPath);
  std::error_code ec;
  if (fs::canonical(fs::path(root) / relative, ec).empty() || resolves_inside(root, relative)) {
    return true;
  }
  report_link_out(root, relative, diags);
  return false;
}

}  // namespace

std::optional<Manifest> parse_manifest(std::string_view text, const std::string& file,
                                       Diagnostics& diags) {
  const SourceLocation where{file, 0, 0};
  const std::string hint =
      "restore it from version control (git checkout -- " + std::string(kManifestPath) + ")";
  // The parser takes a NUL for the end of the text and would ignore what follows it.
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
    diags.error(where, "corrupt manifest: a NUL byte at byte " + std::to_string(nul + 1), hint);
    return std::nullopt;
  }
  constexpr std::size_t kMaxNesting = 16;  // frp-gen writes 4 levels
  if (json_nesting(text) > kMaxNesting) {
    diags.error(where, "corrupt manifest: nested deeper than any manifest frp-gen writes", hint);
    return std::nullopt;
  }
  json manifest;
  try {
    manifest = json::parse(text);
  } catch (const json::exception& e) {
    diags.error(where, std::string("corrupt manifest: ") + e.what(), hint);
    return std::nullopt;
  }
  if (std::string problem = shape_problem(manifest); !problem.empty()) {
    diags.error(where, "corrupt manifest: " + problem, hint);
    return std::nullopt;
  }
  if (std::string problem = templates_problem(manifest); !problem.empty()) {
    diags.error(where, "corrupt manifest: " + problem,
                hint +
                    ", or delete its \"templates\" to render with the built-in templates (or "
                    "with --templates DIR)");
    return std::nullopt;
  }
  return typed(manifest);
}

std::optional<Manifest> read_manifest(const std::string& root, Diagnostics& diags) {
  const fs::path path = fs::path(root) / kManifestPath;
  const Presence presence = locate_own_file(root, kManifestPath, diags);
  if (presence == Presence::Refused) return std::nullopt;
  std::optional<Manifest> manifest = Manifest{};
  if (presence == Presence::There) {
    std::string error;
    std::optional<std::string> text = read_input_file(path.string(), error);
    if (!text) {
      diags.error({path.string(), 0, 0}, error);
      return std::nullopt;
    }
    manifest = parse_manifest(*text, path.string(), diags);
  }
  if (!manifest || !pristine_store_inside(root, diags)) return std::nullopt;
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// Writing

namespace {

// The "files" object as dump(2) writes it at the manifest's second level. Written here, not
// through json values: building thousands of entries as json and dumping them took longer than
// hashing every file (benchmarks/README.md, no-op regen). Its lines, like those of the "ops"
// below, are indented by four: neither can hold a top-level member's placeholder.
std::string files_text(const std::map<std::string, ManifestFile>& files) {
  if (files.empty()) return "{}";
  std::string out = "{\n";
  out.reserve(files.size() * 160);
  for (const auto& [path, file] : files) {
    if (out.size() > 2) out += ",\n";
    out += "    ";
    append_json_string(out, path);
    out += ": {\n";
    if (!file.ops.empty()) {  // as dump(2) writes an array of strings, before "owner"
      out += "      \"ops\": [";
      for (const std::string& op : file.ops) {
        out += &op == &file.ops.front() ? "\n        " : ",\n        ";
        append_json_string(out, op);
      }
      out += "\n      ],\n";
    }
    out += "      \"owner\": ";
    append_json_string(out, to_string(file.owner));
    out += ",\n      \"sha256\": ";
    append_json_string(out, file.sha256);
    out += "\n    }";
  }
  return out + "\n  }";
}

// The "ops" object (key -> schema), likewise.
std::string schemas_text(const OpSchemas& ops) {
  if (ops.empty()) return "{}";
  std::string out = "{\n";
  out.reserve(ops.size() * 120);
  for (const auto& [key, schema] : ops) {
    if (out.size() > 2) out += ",\n";
    out += "    ";
    append_json_string(out, key);
    out += ": ";
    append_json_string(out, schema);
  }
  return out + "\n  }";
}

// Puts `value` in the place of the null that dump(2) wrote for the top-level member `name`.
void splice_member(std::string& text, std::string_view name, const std::string& value) {
  const std::string place = "\n  \"" + std::string(name) + "\": null";
  const std::size_t at = text.find(place);
  text.replace(at + place.size() - 4, 4, value);
}

}  // namespace

std::string manifest_text(const Manifest& manifest) {
  // Everything but "files" and "ops" through dump(2), with those two put in their places.
  json top = {{"device", manifest.device},
              {"files", nullptr},
              {"generator", {{"name", "frp-gen"}, {"version", manifest.generator_version}}},
              {"inputs", manifest.inputs},
              {"torch_version", manifest.torch_version}};
  if (manifest.ops) top["ops"] = nullptr;
  if (!manifest.templates.empty()) top["templates"] = manifest.templates;
  std::string text = top.dump(2);
  if (manifest.ops) splice_member(text, "ops", schemas_text(*manifest.ops));
  splice_member(text, "files", files_text(manifest.files));
  return text + "\n";
}

// ---------------------------------------------------------------------------------------------
// Comparing the ops of two generations

std::vector<SchemaChange> schemas_of(const OpSchemas& before, const OpSchemas& after,
                                     const std::vector<std::string>& keys) {
  auto schema_in = [](const OpSchemas& record, const std::string& key) {
    auto found = record.find(key);
    return found != record.end() ? found->second : std::string();
  };
  std::vector<SchemaChange> out;
  for (const std::string& key : keys) {
    out.push_back({key, schema_in(before, key), schema_in(after, key)});
  }
  return out;
}

std::vector<SchemaChange> schema_changes(const Manifest& before, const Manifest& after,
                                         const std::vector<std::string>* only) {
  if (!before.ops) return {};
  static const OpSchemas kNone;
  const OpSchemas& next = after.ops ? *after.ops : kNone;
  std::set<std::string> keys;
  if (only) {
    keys.insert(only->begin(), only->end());
  } else {
    for (const OpSchemas* record : {&*before.ops, &next}) {
      for (const auto& entry : *record) keys.insert(entry.first);
    }
  }
  std::vector<SchemaChange> out = schemas_of(*before.ops, next, {keys.begin(), keys.end()});
  std::erase_if(out, [](const SchemaChange& c) { return c.before == c.after; });
  return out;
}

}  // namespace frp::write
