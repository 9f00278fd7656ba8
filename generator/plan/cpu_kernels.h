// Plan stage: the operators a descriptor with fallback.register_cpu_kernels registers their CPU
// kernels for (templates/csrc/generated/cpu_kernels.cpp.j2). One class of docs/design.md's "How an
// operator without a kernel of the team's runs": the operators that would otherwise reach the
// fallback because PyTorch gives them a CPU kernel and no composite one.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "descriptor/descriptor.h"
#include "model/native_function.h"
#include "model/op_registry.h"

namespace frp::plan {

// Whether the dispatcher would send `fn` on a PrivateUse1 tensor to the fallback for want of a
// kernel while the CPU has one: its own `dispatch:` (or, for a structured op, its delegate's)
// names the CPU key, and no composite kernel covers every backend.
bool reaches_fallback_with_cpu_kernel(const model::NativeFunction& fn,
                                      const model::OpRegistry& registry);

// The aten operators whose CPU kernels the device registers, sorted: those that reach the
// fallback with a CPU kernel, and the generated defaults' (`defaults`, which are then registered
// here rather than through the fallback), less the ones with a kernel of the team's or a
// generated one (`selected`) and those on the deny list (as a key or a base name). Empty unless
// the descriptor asks for them.
std::vector<std::string> registered_cpu_kernels(const descriptor::Descriptor& d,
                                                const model::OpRegistry& registry,
                                                const std::set<std::string>& selected,
                                                const std::vector<std::string>& defaults);

}  // namespace frp::plan
