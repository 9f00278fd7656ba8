// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_batch_norm_backward (cl/nn.cl).
#include "generated/kernels/native_batch_norm_backward.h"

#include <ATen/ops/native_batch_norm_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "kernels/operands.h"
#include "opencl/nn.h"

namespace ocl::kernels {

using operands::defined;

// native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean,
// Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3]
// output_mask) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_batch_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& running_mean,
    const ::std::optional<at::Tensor>& running_var,
    const ::std::optional<at::Tensor>& save_mean,
    const ::std::optional<at::Tensor>& save_invstd,
    bool train,
    double eps,
    ::std::array<bool, 3> output_mask) {
  const bool statistics = train
                              ? defined(save_mean) != nullptr && defined(save_invstd) != nullptr
                              : defined(running_mean) != nullptr && defined(running_var) != nullptr;
  if (!statistics || !operands::floating_on_one_device(
                         input,
                         {&grad_out,
                          defined(weight),
                          defined(running_mean),
                          defined(running_var),
                          defined(save_mean),
                          defined(save_invstd)})) {
    return cpu_fallback::call<at::_ops::native_batch_norm_backward>(
        grad_out,
        input,
        weight,
        running_mean,
        running_var,
        save_mean,
        save_invstd,
        train,
        eps,
        output_mask);
  }
  return opencl::nn::batch_norm_backward(
      grad_out,
      input,
      weight,
      running_mean,
      running_var,
      save_mean,
      save_invstd,
      train,
      eps,
      output_mask);
}

}  // namespace ocl::kernels
