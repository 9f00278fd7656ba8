// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: max_pool2d_with_indices (cl/nn.cl).
#include "generated/kernels/max_pool2d_with_indices.h"

#include <ATen/ops/max_pool2d_with_indices_meta.h>
#include <ATen/ops/max_pool2d_with_indices_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

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
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type())) {
    return cpu_fallback::call<at::_ops::max_pool2d_with_indices>(
        self, kernel_size, stride, padding, dilation, ceil_mode);
  }
  opencl::Structured<at::meta::structured_max_pool2d_with_indices, 2> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, kernel_size, stride, padding, dilation, ceil_mode);
  opencl::nn::max_pool2d(
      self,
      opencl::nn::window2d(kernel_size, stride, padding, dilation),
      op.output(0),
      op.output(1));
  return {op.take(0), op.take(1)};
}

}  // namespace ocl::kernels
