// Plan stage: decides what is generated. Turns the descriptor and the op model into the render
// model, the plain-JSON contract between the C++ core and the templates: the selected ops with
// their wrapper plans (op_plan.h), the files the emitters write (emitters.h, from the file table
// in file_table.h), and frp-gen's policies (policies.h).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/owner.h"
#include "descriptor/descriptor.h"
#include "model/op.h"
#include "model/op_registry.h"
#include "plan/op_plan.h"

namespace frp::plan {

struct Inputs {
  const descriptor::Descriptor* descriptor = nullptr;
  const model::OpRegistry* registry = nullptr;
  std::string op_sets_dir;       // schemas/op_sets of frp-gen
  std::string mixed_device_ops;  // schemas/policies/mixed_device_ops.yaml: no device check
  std::string cpu_defaults;      // schemas/policies/cpu_defaults.yaml: CPU kernels torch lacks
  std::string unmarked_writes;   // schemas/policies/unmarked_writes.yaml: writes the schema hides
  std::string conformance;       // schemas/policies/conformance.yaml: the OpInfo test's policy
  std::string autocast_policy;   // schemas/policies/autocast.yaml: default autocast lists
  std::string file_table;        // templates/files.yaml: every file, its owner and its emitter
  std::string torch_version;     // of the torch whose yaml was read, or "unknown"
  std::string generator_version;
};

// The op set every backend gets, in `op_sets_dir`: what PyTorch needs to create, copy and view
// tensors. Each of its ops has a generated kernel over the runtime interface
// (templates/csrc/generated/minimal_kernels.cpp.j2), where others start from the CPU fallback.
std::string minimal_op_set(const std::string& op_sets_dir);

// Names of the op sets shipped in `op_sets_dir` ("minimal", "mlp", ...).
std::vector<std::string> available_op_sets(const std::string& op_sets_dir);

// The "ops:" of an op-list file (an op set or a policy list), each with its location.
std::vector<descriptor::Ref> read_op_list(const std::string& path, Diagnostics& diags);

// Resolves op sets and explicit op names to ops, in registry order, without duplicates.
// Unknown names are reported with a did-you-mean.
std::optional<std::vector<const model::NativeFunction*>> select_ops(const Inputs& in,
                                                                    Diagnostics& diags);

// An op name as the descriptor may write it ("add.Tensor" or "aten::add.Tensor") as the
// registry keys it; custom ops keep their namespace.
std::string normalize_key(const std::string& name);

// The fallback deny list (fallback.deny) as registry keys, in the descriptor's order.
std::vector<std::string> fallback_deny_keys(const descriptor::Descriptor& d);

// One planned op as the stages after the plan know it.
struct ModelOp {
  std::string key;     // "add.Tensor", "myops::scale"
  std::string schema;  // with a custom op's namespace: as the repo's manifest records it
  // Its entry of the render model's "ops", as JSON text, written once by the plan and copied
  // into each renderer's request as it is: render/ is its only reader.
  std::string request;
};

// One planned file as the stages after the plan know it.
struct ModelFile {
  std::string path;
  Owner owner = Owner::Generated;
  std::string extend_in;            // where a team extends it (its table row's), "" if nowhere
  std::vector<std::size_t> ops;     // indices into the model's ops: its template's `ops`
  std::vector<std::size_t> quotes;  // indices of the files whose regions it quotes
  std::string request;              // its entry of the model's "files", as JSON text (render/)
};

// The render model: what the templates see (see render_json.h for how it is written), with the
// ops and files typed for the stages after the plan. The request text of an op or a file is the
// renderers' only: each worker is sent the entries its files use, spliced as they are.
struct RenderModel {
  nlohmann::json doc;  // every member but "ops" and "files": backend, build, layout...
  std::vector<ModelOp> ops;
  std::vector<ModelFile> files;

  nlohmann::json to_json() const;  // the whole model as one value (`frp-gen plan`, tests)
};

std::optional<RenderModel> build_render_model(const Inputs& in, Diagnostics& diags);

// The JSON of one op as `frp-gen show-op --json` prints it (render_json.h writes it).
nlohmann::json op_to_json(const model::Op& op, const OpFacts& facts = {});

}  // namespace frp::plan
