// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: sigmoid_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sigmoid_backward.h"

#include <ATen/ops/sigmoid_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor sigmoid_backward(const at::Tensor & grad_output, const at::Tensor & output) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sigmoid_backward>(grad_output, output);
}

}  // namespace cpuref::kernels
