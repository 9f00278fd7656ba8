// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: sigmoid_backward (cl/elementwise.cl).
#include "generated/kernels/sigmoid_backward.h"

#include <ATen/ops/sigmoid_backward_meta.h>
#include <ATen/ops/sigmoid_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor sigmoid_backward(const at::Tensor& grad_output, const at::Tensor& output) {
  return elementwise_op::
      functional<at::meta::structured_sigmoid_backward, at::_ops::sigmoid_backward>(
          "sigmoid_backward", {}, grad_output, output);
}

}  // namespace ocl::kernels
