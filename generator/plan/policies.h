// Plan stage: frp-gen's own policy files (schemas/policies/) that shape the generated CPU
// fallback, its generated defaults and the conformance test, read into their parts of the
// render model. Names a policy file gives that this torch lacks are left out: the files are
// written for the torch frp-gen is tested with (tests/cli/test_shipped_lists.py checks them).
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "common/diagnostics.h"
#include "model/op_registry.h"
#include "plan/plan.h"

namespace frp::plan {

// Every aten op whose tensors the fallback leaves unchecked, as their wrappers would (`listed`:
// mixed_device_ops.yaml), sorted for the fallback's binary search.
nlohmann::json mixed_device_keys(const model::OpRegistry& registry,
                                 const std::set<std::string>& listed);

// cpu_defaults.yaml: {"names": every op with a generated default, "equivalents": [{"key",
// "cpp_name"}] of those computed through an equivalent, "registered": those the device registers,
// which is all but the ones the descriptor gives a kernel (`selected_keys`), whose scaffold then
// starts from the default through the fallback}.
nlohmann::json cpu_defaults_section(const Inputs& in, const std::set<std::string>& selected_keys,
                                    Diagnostics& diags);

// unmarked_writes.yaml as [{"key", "argument"}], one entry per argument the op has.
nlohmann::json unmarked_writes_list(const Inputs& in, Diagnostics& diags);

// conformance.yaml: {"dtypes", "quick", "not_comparable": [{"name", "reason"}],
// "expected_failures": [{"name", "reason"}]}. Names and reasons are rendered into Python string
// literals, so any that would need escaping is a located error.
nlohmann::json conformance_section(const Inputs& in, Diagnostics& diags);

}  // namespace frp::plan
