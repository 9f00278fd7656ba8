// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: convolution_backward_overrideable, ATen's CPU implementation run on the device
// memory (kernels/cpu_kernel.h).
#include "generated/kernels/convolution_backward_overrideable.h"

#include <ATen/ops/convolution_backward_overrideable_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

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
  return cpu_kernel::call<at::_ops::convolution_backward_overrideable>(
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

}  // namespace cpuref::kernels
