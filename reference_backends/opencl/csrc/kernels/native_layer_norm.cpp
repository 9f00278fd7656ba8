// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_layer_norm (cl/nn.cl: a work-group per row).
#include "generated/kernels/native_layer_norm.h"

#include <ATen/native/layer_norm.h>
#include <ATen/ops/native_layer_norm_ops.h>

#include "generated/cpu_fallback.h"
#include "kernels/operands.h"
#include "opencl/nn.h"

namespace ocl::kernels {

using operands::defined;

// native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float
// eps) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_layer_norm(
    const at::Tensor& input,
    c10::SymIntArrayRef normalized_shape,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    double eps) {
  if (!operands::floating_on_one_device(
          input, {defined(weight), defined(bias)}, {at::kFloat, at::kDouble})) {
    return cpu_fallback::call<at::_ops::native_layer_norm>(
        input, normalized_shape, weight, bias, eps);
  }
  const at::IntArrayRef shape = C10_AS_INTARRAYREF_SLOW(normalized_shape);
  // ATen's own checks of the shapes, with its messages.
  at::native::_check_layer_norm_inputs(
      input, shape, weight ? *weight : at::Tensor(), bias ? *bias : at::Tensor());
  return opencl::nn::layer_norm(input, static_cast<int64_t>(shape.size()), weight, bias, eps);
}

}  // namespace ocl::kernels
