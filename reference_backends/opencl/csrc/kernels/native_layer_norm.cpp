// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: native_layer_norm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/native_layer_norm.h"

#include <ATen/ops/native_layer_norm_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float
// eps) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_layer_norm(
    const at::Tensor& input,
    c10::SymIntArrayRef normalized_shape,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    double eps) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::native_layer_norm>(
      input, normalized_shape, weight, bias, eps);
}

}  // namespace ocl::kernels
