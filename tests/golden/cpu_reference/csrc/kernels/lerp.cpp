// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: lerp.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/lerp.h"

#include <ATen/ops/lerp_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)
at::Tensor & lerp__Scalar(at::Tensor & self, const at::Tensor & end, const at::Scalar & weight) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::lerp__Scalar>(self, end, weight);
}

}  // namespace cpuref::kernels
