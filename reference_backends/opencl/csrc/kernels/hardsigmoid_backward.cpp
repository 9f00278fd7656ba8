// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: hardsigmoid_backward (cl/elementwise.cl): grad_output / 6 where -3 < self < 3.
#include "generated/kernels/hardsigmoid_backward.h"

#include <ATen/ops/hardsigmoid_backward_meta.h>
#include <ATen/ops/hardsigmoid_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

using Meta = at::meta::structured_hardsigmoid_backward;

// hardsigmoid_backward.grad_input(Tensor grad_output, Tensor self, *, Tensor(a!) grad_input) ->
// Tensor(a!)
at::Tensor& hardsigmoid_backward_grad_input(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    at::Tensor& grad_input) {
  return elementwise_op::out<Meta, at::_ops::hardsigmoid_backward_grad_input>(
      "hardsigmoid_backward", {}, grad_input, grad_output, self);
}

// hardsigmoid_backward(Tensor grad_output, Tensor self) -> Tensor
at::Tensor hardsigmoid_backward(const at::Tensor& grad_output, const at::Tensor& self) {
  return elementwise_op::functional<Meta, at::_ops::hardsigmoid_backward>(
      "hardsigmoid_backward", {}, grad_output, self);
}

}  // namespace ocl::kernels
