// Any operator's CPU implementation run on cpuref tensors, for a kernel of cpuref's own that needs
// nothing faster (nonzero):
//
//   return cpu_kernel::call<at::_ops::nonzero>(self);
//
// It is the call the generated registrations of CPU kernels make (generated/cpu_kernels.cpp,
// through generated/cpu_call.h): the device memory mapped into the host, the CPU kernel run on
// it, a new result copied into device memory once; but from a kernel of cpuref's own, so the
// fallback's policy and deny list do not apply. The CPU implementation is the operator's CPU
// kernel, or frp-gen's generated default for the operators PyTorch has none for (cpu_defaults.h).
// (Header-only: `call` is a template over the operator.)
#pragma once

#include <ATen/core/Tensor.h>
#include <ATen/native/CPUFallback.h>

#include <utility>

#include "generated/cpu_defaults.h"

namespace cpuref::kernels::cpu_kernel {

// Unboxed form for kernels: cpu_kernel::call<at::_ops::nonzero>(self). The boxed form is
// cpu_defaults::run_on_device_memory.
template <class Op, class... Args>
decltype(auto) call(Args&&... args) {
  return at::native::call_fallback_fn_symint<&cpuref::cpu_defaults::run_on_device_memory, Op>::call(
      std::forward<Args>(args)...);
}

}  // namespace cpuref::kernels::cpu_kernel
