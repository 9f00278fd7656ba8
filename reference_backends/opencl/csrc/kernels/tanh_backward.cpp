// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: tanh_backward (cl/elementwise.cl).
#include "generated/kernels/tanh_backward.h"

#include <ATen/ops/tanh_backward_meta.h>
#include <ATen/ops/tanh_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// tanh_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor tanh_backward(const at::Tensor& grad_output, const at::Tensor& output) {
  return elementwise_op::functional<at::meta::structured_tanh_backward, at::_ops::tanh_backward>(
      "tanh_backward", {}, grad_output, output);
}

}  // namespace ocl::kernels
