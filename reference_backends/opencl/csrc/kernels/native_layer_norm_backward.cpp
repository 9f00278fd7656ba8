// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_layer_norm_backward (cl/nn.cl for the input's gradient, elementwise
// kernels and a reduction for the parameters').
#include "generated/kernels/native_layer_norm_backward.h"

#include <ATen/ops/native_layer_norm_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "kernels/operands.h"
#include "opencl/nn.h"

namespace ocl::kernels {

using operands::defined;

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
  if (!operands::floating_on_one_device(
          input,
          {&grad_out, &mean, &rstd, defined(weight), defined(bias)},
          {at::kFloat, at::kDouble})) {
    return cpu_fallback::call<at::_ops::native_layer_norm_backward>(
        grad_out, input, normalized_shape, mean, rstd, weight, bias, output_mask);
  }
  return opencl::nn::layer_norm_backward(
      grad_out,
      input,
      static_cast<int64_t>(normalized_shape.size()),
      mean,
      rstd,
      weight,
      output_mask);
}

}  // namespace ocl::kernels
