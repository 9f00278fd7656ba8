// Plan stage: the one place the render model's JSON is written, from the plan's typed values.
// Its bulk (an entry per op, 1-2 KB each, and per file) is written straight to text with
// JsonText, once, on the plan's threads, and copied into each renderer's request as it is:
// building nlohmann::json values for thousands of ops and dumping them again for each renderer
// was most of the C++ side of a large run (see benchmarks/README.md). The small parts, written
// once per run, are nlohmann::json values.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "plan/cpu_kernels.h"
#include "plan/emitters.h"
#include "plan/op_plan.h"
#include "plan/plan.h"
#include "plan/policies.h"

namespace frp::plan {

// The JSON object of one op, as templates and `frp-gen show-op --json` see it: the op's model,
// its wrapper plan and its autograd Function. `autograd` says whether the descriptor's autograd
// list has it, which only the render model tells ("autograd" is left out when it is nullopt).
std::string op_json_text(const model::Op& op, const WrapperPlan& wrapper,
                         std::optional<bool> autograd = std::nullopt,
                         const AutogradFunction* function = nullptr);

// The JSON object of one file entry: {"path", "template", "owner", "ops"} and its fields.
std::string file_entry_json_text(const FileEntry& file);

// Everything in the render model besides its ops and files.
struct ModelParts {
  std::string env_prefix;         // MYDEVICE: of the backend's environment variables
  std::string torch_requirement;  // "torch>=2.13,<2.14"
  std::string fallback_policy_enum;
  std::vector<AutocastKernel> autocast_kernels;
  std::vector<std::string> mixed_device_ops;  // mixed_device_keys()
  std::vector<UnmarkedWrite> unmarked_writes;
  CpuDefaults cpu_defaults;
  RegisteredCpuKernels cpu_kernels;
  std::vector<FallbackByName> fallback_by_name;  // ops_the_fallback_takes_by_name()
  ConformancePolicy conformance;
  BuildSources build;
  std::vector<LayoutRow> layout;
};

// The render model's members other than "ops" and "files", for `in` and `parts`.
nlohmann::json model_doc(const Inputs& in, const ModelParts& parts);

}  // namespace frp::plan
