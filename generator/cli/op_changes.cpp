#include "cli/op_changes.h"

#include <algorithm>

#include "schema/function_schema.h"

namespace frp::cli {

write::OpSchemas op_schemas(const plan::RenderModel& model) {
  write::OpSchemas out;
  for (const plan::ModelOp& op : model.ops) out.emplace(op.key, op.schema);
  return out;
}

void attach_scaffold_ops(const plan::RenderModel& model, std::vector<render::RenderedFile>& files) {
  for (std::size_t i = 0; i < files.size() && i < model.files.size(); ++i) {
    if (files[i].owner != Owner::Scaffold) continue;
    for (std::size_t op : model.files[i].ops) files[i].ops.push_back(model.ops[op].key);
  }
}

std::vector<SchemaChange> vanished_ops(const write::OpSchemas& recorded,
                                       const model::OpRegistry& registry) {
  std::vector<SchemaChange> out;
  for (const auto& [key, schema] : recorded) {
    if (!registry.find(key)) out.push_back({key, schema, ""});
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
