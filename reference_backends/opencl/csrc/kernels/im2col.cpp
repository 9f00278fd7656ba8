// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: im2col (F.unfold) for floating tensors, on cl/nn.cl's im2col; other dtypes run
// on the CPU.
#include "generated/kernels/im2col.h"

#include <ATen/native/Resize.h>
#include <ATen/native/im2col_shape_check.h>
#include <ATen/ops/im2col_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/nn.h"

namespace ocl::kernels {
namespace {

// The columns of a [C, H, W] or [N, C, H, W] input, checked as the CPU's kernel checks them.
at::Tensor columns(
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride) {
  opencl::nn::check_window_arguments(kernel_size, dilation, padding, stride);
  at::native::im2col_shape_check(
      self,
      at::Tensor(),
      kernel_size[0],
      kernel_size[1],
      dilation[0],
      dilation[1],
      padding[0],
      padding[1],
      stride[0],
      stride[1]);
  const bool batched = self.dim() == 4;
  const at::Tensor out = opencl::nn::unfold(
      batched ? self : self.unsqueeze(0),
      opencl::nn::window2d(kernel_size, stride, padding, dilation));
  return batched ? out : out.squeeze(0);
}

}  // namespace

// im2col.out(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *,
// Tensor(a!) out) -> Tensor(a!)
at::Tensor& im2col_out(
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride,
    at::Tensor& out) {
  if (!opencl::nn::unfold_device(self, &out)) {
    return cpu_fallback::call<at::_ops::im2col_out>(
        self, kernel_size, dilation, padding, stride, out);
  }
  const at::Tensor result = columns(self, kernel_size, dilation, padding, stride);
  at::native::resize_output(out, result.sizes());
  out.copy_(result);
  return out;
}

// im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor
at::Tensor im2col(
    const at::Tensor& self,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride) {
  if (!opencl::nn::unfold_device(self)) {
    return cpu_fallback::call<at::_ops::im2col>(self, kernel_size, dilation, padding, stride);
  }
  return columns(self, kernel_size, dilation, padding, stride);
}

}  // namespace ocl::kernels
