// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: native_layer_norm, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/native_layer_norm.h"

#include <ATen/ops/native_layer_norm_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float
// eps) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_layer_norm(
    const at::Tensor& input,
    c10::SymIntArrayRef normalized_shape,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    double eps) {
  return cpu_kernel::call<at::_ops::native_layer_norm>(input, normalized_shape, weight, bias, eps);
}

}  // namespace cpuref::kernels
