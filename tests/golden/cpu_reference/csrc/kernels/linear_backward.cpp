// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: linear_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/linear_backward.h"

#include <ATen/ops/linear_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// linear_backward(Tensor self, Tensor grad_output, Tensor weight, bool[3] output_mask) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor,at::Tensor,at::Tensor> linear_backward(const at::Tensor & self, const at::Tensor & grad_output, const at::Tensor & weight, ::std::array<bool,3> output_mask) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::linear_backward>(self, grad_output, weight, output_mask);
}

}  // namespace cpuref::kernels
