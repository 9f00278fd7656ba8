// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: sqrt.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sqrt.h"

#include <ATen/ops/sqrt_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sqrt(Tensor self) -> Tensor
at::Tensor sqrt(const at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sqrt>(self);
}

}  // namespace cpuref::kernels
