// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: max_pool2d_with_indices, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/max_pool2d_with_indices.h"

#include <ATen/ops/max_pool2d_with_indices_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
// int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor> max_pool2d_with_indices(
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef stride,
    at::IntArrayRef padding,
    at::IntArrayRef dilation,
    bool ceil_mode) {
  return cpu_kernel::call<at::_ops::max_pool2d_with_indices>(
      self, kernel_size, stride, padding, dilation, ceil_mode);
}

}  // namespace cpuref::kernels
