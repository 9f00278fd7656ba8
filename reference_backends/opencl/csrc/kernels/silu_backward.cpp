// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: silu_backward (cl/elementwise.cl).
#include "generated/kernels/silu_backward.h"

#include <ATen/ops/silu_backward_meta.h>
#include <ATen/ops/silu_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// silu_backward(Tensor grad_output, Tensor self) -> Tensor
at::Tensor silu_backward(const at::Tensor& grad_output, const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_silu_backward, at::_ops::silu_backward>(
      "silu_backward", {}, grad_output, self);
}

}  // namespace ocl::kernels
