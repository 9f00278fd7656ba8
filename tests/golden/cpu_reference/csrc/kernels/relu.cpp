// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: relu.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/relu.h"

#include <ATen/ops/relu_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// relu(Tensor self) -> Tensor
at::Tensor relu(const at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::relu>(self);
}

}  // namespace cpuref::kernels
