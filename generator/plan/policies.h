// Plan stage: frp-gen's own policy files (schemas/policies/) that shape the generated CPU
// fallback, its generated defaults, autocast and the conformance test, read into typed values
// (render_json writes them into the render model). Names a policy file gives that this torch
// lacks are left out: the files are written for the torch frp-gen is tested with
// (tests/cli/test_shipped_lists.py checks them). How these lists, the minimal op set and the op
// planner together decide what runs an operator without a kernel of the team's: docs/design.md,
// "How an operator without a kernel of the team's runs".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "model/op_registry.h"
#include "plan/plan.h"

namespace frp::plan {

// Every aten op whose tensors the fallback leaves unchecked, as their wrappers would (`listed`:
// mixed_device_ops.yaml), sorted for the fallback's binary search.
std::vector<std::string> mixed_device_keys(const model::OpRegistry& registry,
                                           const std::set<std::string>& listed);

// cpu_defaults.yaml.
struct CpuDefaults {
  struct Equivalent {  // an op whose default is computed through an equivalent op
    std::string key;
    std::string cpp_name;
  };
  std::vector<std::string> names;  // every op with a generated default, sorted
  std::vector<Equivalent> equivalents;
  // Those the device registers: all but the ones the descriptor gives a kernel (whose scaffold
  // then starts from the default through the fallback), sorted.
  std::vector<std::string> registered;
  // The device's convolution and its backward are both defaults, the CPU's convolution: their
  // results keep the CPU's memory format (channels-last where oneDNN's are), and PyTorch's fake
  // tensors are told so. A kernel of the backend's own for either returns contiguous results,
  // which is what PyTorch's fake tensors promise for any other PrivateUse1 convolution.
  bool convolution = false;
};
CpuDefaults read_cpu_defaults(const Inputs& in, const std::set<std::string>& selected_keys,
                              Diagnostics& diags);

// unmarked_writes.yaml: one entry per argument that the op has.
struct UnmarkedWrite {
  std::string key;
  std::string argument;
};
std::vector<UnmarkedWrite> read_unmarked_writes(const Inputs& in, Diagnostics& diags);

// conformance.yaml. Names and reasons are rendered into Python string literals, so any that
// would need escaping is a located error.
struct ConformancePolicy {
  struct Entry {
    std::string name;
    std::string reason;
  };
  std::vector<std::string> dtypes;
  std::vector<std::string> quick;
  std::vector<Entry> not_comparable;
  std::vector<Entry> expected_failures;
};
ConformancePolicy read_conformance(const Inputs& in, Diagnostics& diags);

// An aten op autocast runs in a policy's dtype.
struct AutocastKernel {
  std::string key;
  std::string name;
  std::string overload;
  std::string policy;  // lower_precision_fp | fp32 | promote
  std::string aten_ops_header;
};
// The shipped default lists (autocast.yaml) with the descriptor's overrides applied, each name
// expanded to concrete aten ops (a bare name to its functional overloads).
std::vector<AutocastKernel> autocast_kernels(const Inputs& in, Diagnostics& diags);

}  // namespace frp::plan
