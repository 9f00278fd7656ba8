// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: tanh.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/tanh.h"

#include <ATen/ops/tanh_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// tanh(Tensor self) -> Tensor
at::Tensor tanh(const at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::tanh>(self);
}

}  // namespace cpuref::kernels
