// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: max_pool2d_with_indices_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/max_pool2d_with_indices_backward.h"

#include <ATen/ops/max_pool2d_with_indices_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2]
// stride, int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor
at::Tensor max_pool2d_with_indices_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef stride,
    at::IntArrayRef padding,
    at::IntArrayRef dilation,
    bool ceil_mode,
    const at::Tensor& indices) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::max_pool2d_with_indices_backward>(
      grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices);
}

}  // namespace ocl::kernels
