// Plan stage: decides what is generated. Turns the descriptor and the op model into the render
// model, the plain-JSON contract between the C++ core and the templates.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "descriptor/descriptor.h"
#include "model/op.h"
#include "model/op_registry.h"

namespace frp::plan {

// Who owns a file in the generated repo (see docs/design.md).
enum class Owner { Generated, Scaffold, Input };
std::string_view to_string(Owner owner);

struct Inputs {
  const descriptor::Descriptor* descriptor = nullptr;
  const model::OpRegistry* registry = nullptr;
  std::string op_sets_dir;       // schemas/op_sets of frp-gen
  std::string mixed_device_ops;  // schemas/policies/mixed_device_ops.yaml: no device check
  std::string minimal_kernels;   // schemas/policies/minimal_kernels.yaml: ops with working defaults
  std::string cpu_defaults;      // schemas/policies/cpu_defaults.yaml: CPU kernels torch lacks
  std::string unmarked_writes;   // schemas/policies/unmarked_writes.yaml: writes the schema hides
  std::string conformance;       // schemas/policies/conformance.yaml: the OpInfo test's policy
  std::string autocast_policy;   // schemas/policies/autocast.yaml: default autocast lists
  std::string torch_version;     // of the torch whose yaml was read, or "unknown"
  std::string generator_version;
};

// Names of the op sets shipped in `op_sets_dir` ("minimal", "mlp", ...).
std::vector<std::string> available_op_sets(const std::string& op_sets_dir);

// The "ops:" of an op-list file (an op set or a policy list), each with its location.
std::vector<descriptor::Ref> read_op_list(const std::string& path, Diagnostics& diags);

// Resolves op sets and explicit op names to ops, in registry order, without duplicates.
// Unknown names are reported with a did-you-mean.
std::optional<std::vector<const model::NativeFunction*>> select_ops(const Inputs& in,
                                                                    Diagnostics& diags);

// The render model: plain JSON, the contract between the C++ core and the templates. Its bulk
// (an entry per op and per file) is kept as JSON text, written once and copied into each
// renderer's request as it is (see common/json_text.h for why).
struct RenderModel {
  nlohmann::json doc;  // the parts built as values: backend, build, autocast, ...
  std::vector<std::pair<std::string, std::string>> parts;  // parts written as JSON text
  std::vector<std::string> ops;                            // the JSON object of model["ops"][i]
  std::vector<std::string> files;  // the JSON object of model["files"][i]: {path, template, ...}
  std::vector<std::vector<std::size_t>> file_ops;  // the "ops" of files[i], for sharing work
  nlohmann::json to_json() const;  // the whole model as one value (`frp-gen plan`, tests)
};

std::optional<RenderModel> build_render_model(const Inputs& in, Diagnostics& diags);

// Whether an op's tensors must share a device, so that its kernel wrapper (and the CPU fallback)
// checks them. `listed_mixed`: the op is on frp-gen's mixed-device list.
bool checks_devices(const model::NativeFunction& fn, bool listed_mixed);

// What decides an op's JSON besides the op itself.
struct OpFacts {
  bool mixed_device = false;       // may take tensors on different devices: no device check
  bool minimal = false;            // starts from the generated default kernel, not the fallback
  std::optional<bool> autograd{};  // has a custom autograd Function; set in the render model only
};

// The JSON of one op, as templates and `frp-gen show-op --json` see it: as text, and as a value.
std::string op_json_text(const model::Op& op, const OpFacts& facts);
nlohmann::json op_to_json(const model::Op& op, bool mixed_device = false, bool minimal = false);

}  // namespace frp::plan
