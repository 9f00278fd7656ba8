// What changed in the operators between two generations of a repo: the schema of every planned
// op is recorded in its manifest, so that a regen can name the ops whose schema changed (a new
// torch, an edited custom-op file), appeared or disappeared, and the ops behind each scaffold it
// merged or could not.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/op_registry.h"
#include "plan/plan.h"
#include "render/render.h"

namespace frp::cli {

// {key: schema} of every op the model plans: the manifest's "ops".
nlohmann::json op_schemas(const plan::RenderModel& model);

// Gives each rendered scaffold (files[i] is model.files[i]) the keys of the ops it serves.
void attach_scaffold_ops(const plan::RenderModel& model, std::vector<render::RenderedFile>& files);

// An op whose schema differs between two records; an empty schema: absent from that record.
struct SchemaChange {
  std::string op;
  std::string before;
  std::string after;
};

// The ops `keys` as the two "ops" records have them, changed or not.
std::vector<SchemaChange> schemas_of(const nlohmann::json& before, const nlohmann::json& after,
                                     const std::vector<std::string>& keys);

// The differences between two "ops" records, by key; only the keys in `only` if it is given.
std::vector<SchemaChange> schema_changes(const nlohmann::json& before, const nlohmann::json& after,
                                         const std::vector<std::string>* only = nullptr);

// The ops of the "ops" record `recorded` that `registry` no longer has (a torch that dropped
// them, a custom op deleted from its file), with their recorded schema.
std::vector<SchemaChange> vanished_ops(const nlohmann::json& recorded,
                                       const model::OpRegistry& registry);

// "  <op>\n    was: <schema>\n    now: <schema>\n" for each change, indented by `indent`, and the
// argument names that went or came ("    arguments gone: eps; new: epsilon").
std::string describe(const std::vector<SchemaChange>& changes, const std::string& indent);

}  // namespace frp::cli
