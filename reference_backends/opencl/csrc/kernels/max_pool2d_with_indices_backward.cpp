// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: max_pool2d_with_indices_backward (cl/nn.cl: each window adds its gradient at
// the index it recorded, in passes of windows that share no element).
#include "generated/kernels/max_pool2d_with_indices_backward.h"

#include <ATen/ops/max_pool2d_with_indices_backward_meta.h>
#include <ATen/ops/max_pool2d_with_indices_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

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
  const std::optional<int> device = opencl::elementwise::device_for(
      {&grad_output, &self, &indices}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type()) ||
      grad_output.scalar_type() != self.scalar_type()) {
    return cpu_fallback::call<at::_ops::max_pool2d_with_indices_backward>(
        grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices);
  }
  opencl::Structured<at::meta::structured_max_pool2d_with_indices_backward> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices);
  opencl::nn::max_pool2d_backward(
      grad_output,
      indices,
      opencl::nn::window2d(kernel_size, stride, padding, dilation),
      op.output());
  return op.take();
}

}  // namespace ocl::kernels
