// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: tanh_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/tanh_backward.h"

#include <ATen/ops/tanh_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// tanh_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor tanh_backward(const at::Tensor & grad_output, const at::Tensor & output) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::tanh_backward>(grad_output, output);
}

}  // namespace cpuref::kernels
