// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: convolution_backward_overrideable: the gradients of 2-D convolutions (cl/nn.cl,
// cl/matmul.cl); the others run frp-gen's generated default on the CPU.
#include "generated/kernels/convolution_backward_overrideable.h"

#include <ATen/ops/convolution_backward_overrideable_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/nn.h"

namespace ocl::kernels {

// convolution_backward_overrideable(Tensor grad_output, Tensor input, Tensor weight, SymInt[]
// stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt
// groups, bool[3] output_mask) -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> convolution_backward_overrideable(
    const at::Tensor& grad_output,
    const at::Tensor& input,
    const at::Tensor& weight,
    c10::SymIntArrayRef stride,
    c10::SymIntArrayRef padding,
    c10::SymIntArrayRef dilation,
    bool transposed,
    c10::SymIntArrayRef output_padding,
    c10::SymInt groups,
    ::std::array<bool, 3> output_mask) {
  if (!opencl::nn::convolution_takes(input, weight, &grad_output, transposed)) {
    return cpu_fallback::call<at::_ops::convolution_backward_overrideable>(
        grad_output,
        input,
        weight,
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        output_mask);
  }
  const opencl::nn::Window2d window = opencl::nn::window2d(
      weight.sizes().slice(2),
      C10_AS_INTARRAYREF_SLOW(stride),
      C10_AS_INTARRAYREF_SLOW(padding),
      C10_AS_INTARRAYREF_SLOW(dilation));
  return opencl::nn::convolution_backward(
      grad_output, input, weight, window, groups.expect_int(), output_mask);
}

}  // namespace ocl::kernels
