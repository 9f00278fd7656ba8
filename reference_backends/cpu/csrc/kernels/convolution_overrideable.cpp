// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: convolution_overrideable, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/convolution_overrideable.h"

#include <ATen/ops/convolution_overrideable_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

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
  return cpu_kernel::call<at::_ops::convolution_overrideable>(
      input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
}

}  // namespace cpuref::kernels
