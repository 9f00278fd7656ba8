// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: native_batch_norm, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/native_batch_norm.h"

#include <ATen/ops/native_batch_norm_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor?
// running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_batch_norm(
    const at::Tensor& input,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    const ::std::optional<at::Tensor>& running_mean,
    const ::std::optional<at::Tensor>& running_var,
    bool training,
    double momentum,
    double eps) {
  return cpu_kernel::call<at::_ops::native_batch_norm>(
      input, weight, bias, running_mean, running_var, training, momentum, eps);
}

}  // namespace cpuref::kernels
