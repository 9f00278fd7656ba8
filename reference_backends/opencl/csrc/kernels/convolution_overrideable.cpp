// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: convolution_overrideable.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/convolution_overrideable.h"

#include <ATen/ops/convolution_overrideable_ops.h>

#include "generated/cpu_fallback.h"

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
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::convolution_overrideable>(
      input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
}

}  // namespace ocl::kernels
