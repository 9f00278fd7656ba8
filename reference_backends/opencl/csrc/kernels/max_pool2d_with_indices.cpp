// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: max_pool2d_with_indices.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/max_pool2d_with_indices.h"

#include <ATen/ops/max_pool2d_with_indices_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
// int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor> max_pool2d_with_indices(
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef stride,
    at::IntArrayRef padding,
    at::IntArrayRef dilation,
    bool ceil_mode) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::max_pool2d_with_indices>(
      self, kernel_size, stride, padding, dilation, ceil_mode);
}

}  // namespace ocl::kernels
