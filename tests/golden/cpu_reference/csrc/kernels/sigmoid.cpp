// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: sigmoid.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sigmoid.h"

#include <ATen/ops/sigmoid_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sigmoid(Tensor self) -> Tensor
at::Tensor sigmoid(const at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sigmoid>(self);
}

}  // namespace cpuref::kernels
