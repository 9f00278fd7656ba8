// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: convolution_backward_overrideable.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/convolution_backward_overrideable.h"

#include <ATen/ops/convolution_backward_overrideable_ops.h>

#include "generated/cpu_fallback.h"

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
  // Until then the operator runs on the CPU.
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

}  // namespace ocl::kernels
