// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: mean.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mean.h"

#include <ATen/ops/mean_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
at::Tensor mean_dim(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim, ::std::optional<at::ScalarType> dtype) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mean_dim>(self, dim, keepdim, dtype);
}

}  // namespace cpuref::kernels
