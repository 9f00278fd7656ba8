// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: hardsigmoid (cl/elementwise.cl), min(max(x + 3, 0), 6) / 6, on floating types.
#include "generated/kernels/hardsigmoid.h"

#include <ATen/ops/hardsigmoid_meta.h>
#include <ATen/ops/hardsigmoid_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// hardsigmoid(Tensor self) -> Tensor
at::Tensor hardsigmoid(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_hardsigmoid, at::_ops::hardsigmoid>(
      "hardsigmoid", {}, self);
}

// hardsigmoid_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& hardsigmoid_(at::Tensor& self) {
  return elementwise_op::in_place<at::meta::structured_hardsigmoid, at::_ops::hardsigmoid_>(
      "hardsigmoid", {}, self);
}

// hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& hardsigmoid_out(const at::Tensor& self, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_hardsigmoid, at::_ops::hardsigmoid_out>(
      "hardsigmoid", {}, out, self);
}

}  // namespace ocl::kernels
