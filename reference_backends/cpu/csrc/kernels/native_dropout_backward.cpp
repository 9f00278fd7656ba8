// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: native_dropout_backward, in one pass over the data (native_dropout.cpp says
// why).
#include "generated/kernels/native_dropout_backward.h"

#include <ATen/ops/native_dropout_backward_ops.h>

#include "kernels/cpu_kernel.h"
#include "kernels/masked_scale.h"

namespace cpuref::kernels {

// native_dropout_backward(Tensor grad_output, Tensor mask, float scale) -> Tensor
at::Tensor native_dropout_backward(
    const at::Tensor& grad_output,
    const at::Tensor& mask,
    double scale) {
  if (!masked_scale_takes(grad_output) || !mask_like(mask, grad_output)) {
    return cpu_kernel::call<at::_ops::native_dropout_backward>(grad_output, mask, scale);
  }
  return masked_scale(grad_output, mask, scale);
}

}  // namespace cpuref::kernels
