// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `sub` operator family on cpuref.
// Declarations: generated/kernels/sub.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sub.h"

#include <ATen/ops/sub_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor sub_Tensor(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sub_Tensor>(self, other, alpha);
}

}  // namespace cpuref::kernels
