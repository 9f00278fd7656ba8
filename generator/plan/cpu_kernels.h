// Plan stage: the operators a device registers a CPU kernel for by name, rather than leaving them
// to the fallback's catch-all or to a composite kernel. With fallback.register_cpu_kernels, every
// operator PyTorch gives a CPU kernel (templates/csrc/generated/cpu_kernels.cpp.j2), which would
// otherwise reach the fallback or, where a composite-explicit kernel serves other devices, run as
// that decomposition (native_layer_norm through batch norm); without it, the fallback itself for
// the functional and in-place operators of structured groups and the operators with both kernels
// (cpu_fallback_tables.h.j2). Classes of docs/design.md's "How an operator without a kernel of the
// team's runs".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "descriptor/descriptor.h"
#include "model/native_function.h"
#include "model/op_registry.h"

namespace frp::plan {

// Whether the device runs `fn`'s CPU kernel as a kernel of its own: its `dispatch:` (or, for the
// functional and in-place operators of a structured group, its delegate's) names the CPU key, and
// it has no composite-implicit kernel, whose decomposition is also its autograd (a
// composite-explicit one has a gradient formula of its own, which still applies).
bool runs_cpu_kernel_as_its_own(const model::NativeFunction& fn, const model::OpRegistry& registry);

// The aten operators whose CPU kernels the device registers, each list sorted. Empty unless the
// descriptor asks for them.
struct RegisteredCpuKernels {
  // Those it may run as its own and the generated defaults' (`defaults`, which are then
  // registered here rather than through the fallback), less the ones with a kernel of the team's
  // or a generated one (`selected`), those on the deny list (as a key or a base name), and a
  // structured group's functional and in-place operators where the team has a kernel for the
  // group's out= operator (or denies it): that kernel serves them, through PyTorch's structured
  // kernel.
  std::vector<std::string> dense;
  // Those with a nested-tensor CPU kernel (NestedTensorCPU), for nested tensors on the device,
  // less those on the deny list.
  std::vector<std::string> nested;
};
RegisteredCpuKernels registered_cpu_kernels(const descriptor::Descriptor& d,
                                            const model::OpRegistry& registry,
                                            const std::set<std::string>& selected,
                                            const std::vector<std::string>& defaults);

// The operators the CPU fallback is registered for by name, on a device without
// fallback.register_cpu_kernels, so that each runs what the CPU runs for it, whole:
// - the functional and in-place operators of structured groups (add.Tensor, add_.Tensor) whose
//   out= operator has a CPU kernel, where neither a kernel of the team's nor the deny list claims
//   the group, as above. Left to the fallback's catch-all, PyTorch's structured kernel would work
//   out the result's shape on the device, allocate it there and call the out= operator, which
//   falls back; taken whole, the CPU's kernel works the shape out once and allocates the result
//   in device memory where the runtime maps it (cpu_call.h);
// - the operators with a CPU kernel and a composite-explicit one (native_layer_norm), which
//   would otherwise run that decomposition on the device, each of its operators falling back in
//   turn (a layer norm: batch norm, then addcmul), where the CPU runs its own kernel.
// Less those with a kernel of the team's or a generated one (`selected`), those on the deny list
// and the generated defaults (`defaults`), which register the fallback themselves. Sorted by key.
struct FallbackByName {
  std::string key;  // "add.Tensor"
  std::string out;  // its structured group's out= operator, "add.out"; "" outside a group
};
std::vector<FallbackByName> ops_the_fallback_takes_by_name(
    const descriptor::Descriptor& d, const model::OpRegistry& registry,
    const std::set<std::string>& selected, const std::vector<std::string>& defaults);

}  // namespace frp::plan
