// What changed in the operators between two generations of a repo, as a regen reports it: the
// schema of every planned op is recorded in its manifest (write/manifest.h compares them), so
// that a regen can name the ops whose schema changed (a new torch, an edited custom-op file),
// appeared or disappeared, and the ops behind each scaffold it merged or could not.
#pragma once

#include <string>
#include <vector>

#include "model/op_registry.h"
#include "plan/plan.h"
#include "render/render.h"
#include "write/manifest.h"

namespace frp::cli {

// {key: schema} of every op the model plans: the manifest's "ops".
write::OpSchemas op_schemas(const plan::RenderModel& model);

// Gives each rendered scaffold (files[i] is model.files[i]) the keys of the ops it serves.
void attach_scaffold_ops(const plan::RenderModel& model, std::vector<render::RenderedFile>& files);

using write::SchemaChange;

// The ops of the record `recorded` that `registry` no longer has (a torch that dropped them, a
// custom op deleted from its file), with their recorded schema.
std::vector<SchemaChange> vanished_ops(const write::OpSchemas& recorded,
                                       const model::OpRegistry& registry);

// "  <op>\n    was: <schema>\n    now: <schema>\n" for each change, indented by `indent`, and the
// argument names that went or came ("    arguments gone: eps; new: epsilon").
std::string describe(const std::vector<SchemaChange>& changes, const std::string& indent);

}  // namespace frp::cli
