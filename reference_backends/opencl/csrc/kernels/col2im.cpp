// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: col2im (F.fold) for floating tensors, on cl/nn.cl's col2im; other dtypes run
// on the CPU.
#include "generated/kernels/col2im.h"

#include <ATen/native/Resize.h>
#include <ATen/native/im2col_shape_check.h>
#include <ATen/ops/col2im_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/nn.h"

namespace ocl::kernels {
namespace {

// The image of [C * kH * kW, L] or [N, C * kH * kW, L] columns, checked as the CPU's kernel
// checks them.
at::Tensor image(
    const at::Tensor& self,
    c10::SymIntArrayRef output_size,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride) {
  TORCH_CHECK(
      output_size.size() == 2,
      "It is expected output_size equals to 2, but got size ",
      output_size.size());
  opencl::nn::check_window_arguments(kernel_size, dilation, padding, stride);
  const int64_t height = output_size[0].expect_int(), width = output_size[1].expect_int();
  at::native::col2im_shape_check(
      self,
      at::Tensor(),
      height,
      width,
      kernel_size[0],
      kernel_size[1],
      dilation[0],
      dilation[1],
      padding[0],
      padding[1],
      stride[0],
      stride[1]);
  const bool batched = self.dim() == 3;
  const at::Tensor columns = batched ? self : self.unsqueeze(0);
  const at::Tensor out = opencl::nn::fold(
      columns,
      columns.size(1) / (kernel_size[0] * kernel_size[1]),
      height,
      width,
      opencl::nn::window2d(kernel_size, stride, padding, dilation));
  return batched ? out : out.squeeze(0);
}

}  // namespace

// col2im.out(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2]
// padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& col2im_out(
    const at::Tensor& self,
    c10::SymIntArrayRef output_size,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride,
    at::Tensor& out) {
  if (!opencl::nn::unfold_device(self, &out)) {
    return cpu_fallback::call<at::_ops::col2im_out>(
        self, output_size, kernel_size, dilation, padding, stride, out);
  }
  const at::Tensor result = image(self, output_size, kernel_size, dilation, padding, stride);
  at::native::resize_output(out, result.sizes());
  out.copy_(result);
  return out;
}

// col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding,
// int[2] stride) -> Tensor
at::Tensor col2im(
    const at::Tensor& self,
    c10::SymIntArrayRef output_size,
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride) {
  if (!opencl::nn::unfold_device(self)) {
    return cpu_fallback::call<at::_ops::col2im>(
        self, output_size, kernel_size, dilation, padding, stride);
  }
  return image(self, output_size, kernel_size, dilation, padding, stride);
}

}  // namespace ocl::kernels
