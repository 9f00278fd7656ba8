// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: max_pool2d_with_indices_backward, ATen's CPU implementation run on the device
// memory (kernels/cpu_kernel.h).
#include "generated/kernels/max_pool2d_with_indices_backward.h"

#include <ATen/ops/max_pool2d_with_indices_backward_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

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
  return cpu_kernel::call<at::_ops::max_pool2d_with_indices_backward>(
      grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices);
}

}  // namespace cpuref::kernels
