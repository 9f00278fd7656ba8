// Plan stage: the operators a descriptor with fallback.register_cpu_kernels registers their CPU
// kernels for (templates/csrc/generated/cpu_kernels.cpp.j2). One class of docs/design.md's "How an
// operator without a kernel of the team's runs": the operators PyTorch gives a CPU kernel, which
// would otherwise reach the fallback or, where a composite-explicit kernel serves other devices,
// run as that decomposition (native_layer_norm through batch norm).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "descriptor/descriptor.h"
#include "model/native_function.h"
#include "model/op_registry.h"

namespace frp::plan {

// Whether the device runs `fn`'s CPU kernel as a kernel of its own: its `dispatch:` (or, for the
// in-place operator of a structured group, its delegate's) names the CPU key, and it has no
// composite-implicit kernel, whose decomposition is also its autograd (a composite-explicit one
// has a gradient formula of its own, which still applies). A structured group's functional
// operator is left to PyTorch's structured kernel, which allocates its result on the device.
bool runs_cpu_kernel_as_its_own(const model::NativeFunction& fn, const model::OpRegistry& registry);

// The aten operators whose CPU kernels the device registers, each list sorted. Empty unless the
// descriptor asks for them.
struct RegisteredCpuKernels {
  // Those it may run as its own and the generated defaults' (`defaults`, which are then
  // registered here rather than through the fallback), less the ones with a kernel of the team's
  // or a generated one (`selected`) and those on the deny list (as a key or a base name).
  std::vector<std::string> dense;
  // Those with a nested-tensor CPU kernel (NestedTensorCPU), for nested tensors on the device,
  // less those on the deny list.
  std::vector<std::string> nested;
};
RegisteredCpuKernels registered_cpu_kernels(const descriptor::Descriptor& d,
                                            const model::OpRegistry& registry,
                                            const std::set<std::string>& selected,
                                            const std::vector<std::string>& defaults);

}  // namespace frp::plan
