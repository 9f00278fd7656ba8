// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: convolution_overrideable: 2-D convolutions as products that read the input
// where it lies (float32) or im2col's columns (cl/nn.cl, cl/matmul.cl, opencl/convolution.cpp);
// the others (transposed, 1-D, 3-D) run frp-gen's generated default on the CPU.
#include "generated/kernels/convolution_overrideable.h"

#include <ATen/ops/convolution_overrideable_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/nn.h"

namespace ocl::kernels {

// convolution_overrideable(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[]
// padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups) -> Tensor
at::Tensor convolution_overrideable(
    const at::Tensor& input,
    const at::Tensor& weight,
    const ::std::optional<at::Tensor>& bias,
    c10::SymIntArrayRef stride,
    c10::SymIntArrayRef padding,
    c10::SymIntArrayRef dilation,
    bool transposed,
    c10::SymIntArrayRef output_padding,
    c10::SymInt groups) {
  const at::Tensor* b = bias && bias->defined() ? &*bias : nullptr;
  if (!opencl::nn::convolution_takes(input, weight, b, transposed)) {
    return cpu_fallback::call<at::_ops::convolution_overrideable>(
        input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
  }
  const opencl::nn::Window2d window = opencl::nn::window2d(
      weight.sizes().slice(2),
      C10_AS_INTARRAYREF_SLOW(stride),
      C10_AS_INTARRAYREF_SLOW(padding),
      C10_AS_INTARRAYREF_SLOW(dilation));
  return opencl::nn::convolution(input, weight, bias, window, groups.expect_int());
}

}  // namespace ocl::kernels
