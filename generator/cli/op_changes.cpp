#include "cli/op_changes.h"

#include <algorithm>
#include <set>

#include "common/json_scan.h"
#include "schema/function_schema.h"

namespace frp::cli {

using nlohmann::json;

nlohmann::json op_schemas(const plan::RenderModel& model) {
  json out = json::object();
  for (const std::string& op : model.ops) {
    std::string key, schema;
    read_string_members(op, {{"key", &key}, {"schema", &schema}});
    // A custom op's schema is written without its namespace; its key has it.
    const std::size_t ns = key.find("::");
    if (ns != std::string::npos && schema.compare(0, ns + 2, key, 0, ns + 2) != 0) {
      schema.insert(0, key, 0, ns + 2);
    }
    out[key] = std::move(schema);
  }
  return out;
}

void attach_scaffold_ops(const plan::RenderModel& model, std::vector<render::RenderedFile>& files) {
  for (std::size_t i = 0; i < files.size() && i < model.file_ops.size(); ++i) {
    if (files[i].owner != Owner::Scaffold) continue;
    for (std::size_t op : model.file_ops[i]) {
      std::string key;
      read_string_members(model.ops[op], {{"key", &key}});
      files[i].ops.push_back(std::move(key));
    }
  }
}

namespace {

std::string schema_in(const json& record, const std::string& key) {
  auto found = record.is_object() ? record.find(key) : record.end();
  return found != record.end() && found->is_string() ? found->get<std::string>() : std::string();
}

}  // namespace

std::vector<SchemaChange> schemas_of(const json& before, const json& after,
                                     const std::vector<std::string>& keys) {
  std::vector<SchemaChange> out;
  for (const std::string& key : keys) {
    out.push_back({key, schema_in(before, key), schema_in(after, key)});
  }
  return out;
}

std::vector<SchemaChange> schema_changes(const json& before, const json& after,
                                         const std::vector<std::string>* only) {
  std::set<std::string> keys;
  if (only) {
    keys.insert(only->begin(), only->end());
  } else {
    for (const json* record : {&before, &after}) {
      if (!record->is_object()) continue;
      for (auto it = record->begin(); it != record->end(); ++it) keys.insert(it.key());
    }
  }
  std::vector<SchemaChange> out = schemas_of(before, after, {keys.begin(), keys.end()});
  std::erase_if(out, [](const SchemaChange& c) { return c.before == c.after; });
  return out;
}

std::vector<SchemaChange> vanished_ops(const json& recorded, const model::OpRegistry& registry) {
  std::vector<SchemaChange> out;
  if (!recorded.is_object()) return out;
  for (auto it = recorded.begin(); it != recorded.end(); ++it) {
    if (it.value().is_string() && !registry.find(it.key())) {
      out.push_back({it.key(), it.value().get<std::string>(), ""});
    }
  }
  return out;
}

namespace {

// The argument names of a schema, in order; none if it does not parse.
std::vector<std::string> argument_names(const std::string& schema) {
  std::vector<std::string> names;
  schema::SchemaError error;
  if (std::optional<schema::FunctionSchema> parsed =
          schema::parse_function_schema(schema, &error)) {
    for (const schema::Argument& a : parsed->arguments) names.push_back(a.name);
  }
  return names;
}

// "gone: a, b; new: c" for the argument names only one side has: a kernel body that uses a gone
// one (renamed, say) no longer compiles, and this says why.
std::string argument_difference(const SchemaChange& c) {
  const std::vector<std::string> before = argument_names(c.before), after = argument_names(c.after);
  auto only_in = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::string out;
    for (const std::string& name : a) {
      if (std::find(b.begin(), b.end(), name) == b.end()) out += (out.empty() ? "" : ", ") + name;
    }
    return out;
  };
  const std::string gone = only_in(before, after), added = only_in(after, before);
  if (gone.empty() && added.empty()) return "";
  std::string out = "arguments";
  if (!gone.empty()) out += " gone: " + gone;
  if (!gone.empty() && !added.empty()) out += ";";
  if (!added.empty()) out += " new: " + added;
  return out;
}

}  // namespace

std::string describe(const std::vector<SchemaChange>& changes, const std::string& indent) {
  std::string out;
  for (const SchemaChange& c : changes) {
    out += indent + c.op + "\n";
    out += indent + "  was: " + (c.before.empty() ? "(not planned)" : c.before) + "\n";
    out += indent + "  now: " + (c.after.empty() ? "(not planned)" : c.after) + "\n";
    if (c.before.empty() || c.after.empty()) continue;
    if (std::string difference = argument_difference(c); !difference.empty()) {
      out += indent + "  " + difference + "\n";
    }
  }
  return out;
}

}  // namespace frp::cli
