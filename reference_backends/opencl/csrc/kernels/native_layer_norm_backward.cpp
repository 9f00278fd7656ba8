// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: native_layer_norm_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/native_layer_norm_backward.h"

#include <ATen/ops/native_layer_norm_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, Tensor mean,
// Tensor rstd, Tensor? weight, Tensor? bias, bool[3] output_mask) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_layer_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input,
    c10::SymIntArrayRef normalized_shape,
    const at::Tensor& mean,
    const at::Tensor& rstd,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    ::std::array<bool, 3> output_mask) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::native_layer_norm_backward>(
      grad_out, input, normalized_shape, mean, rstd, weight, bias, output_mask);
}

}  // namespace ocl::kernels
