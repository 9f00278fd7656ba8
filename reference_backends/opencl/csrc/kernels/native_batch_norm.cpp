// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_batch_norm (cl/nn.cl: statistics per channel in a work-group, then
// normalization).
#include "generated/kernels/native_batch_norm.h"

#include <ATen/ops/native_batch_norm_ops.h>

#include "generated/cpu_fallback.h"
#include "kernels/operands.h"
#include "opencl/nn.h"

namespace ocl::kernels {

using operands::defined;

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
  const bool running = defined(running_mean) != nullptr && defined(running_var) != nullptr;
  if (input.dim() < 2 ||
      !operands::floating_on_one_device(
          input, {defined(weight), defined(bias), defined(running_mean), defined(running_var)}) ||
      (!training && !running)) {
    return cpu_fallback::call<at::_ops::native_batch_norm>(
        input, weight, bias, running_mean, running_var, training, momentum, eps);
  }
  return opencl::nn::batch_norm(
      input, weight, bias, running_mean, running_var, training, momentum, eps);
}

}  // namespace ocl::kernels
