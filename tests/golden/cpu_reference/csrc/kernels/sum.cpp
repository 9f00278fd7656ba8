// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: sum.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sum.h"

#include <ATen/ops/sum_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sum(Tensor self, *, ScalarType? dtype=None) -> Tensor
at::Tensor sum(const at::Tensor & self, ::std::optional<at::ScalarType> dtype) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sum>(self, dtype);
}

// sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
at::Tensor sum_dim_IntList(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim, ::std::optional<at::ScalarType> dtype) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sum_dim_IntList>(self, dim, keepdim, dtype);
}

}  // namespace cpuref::kernels
