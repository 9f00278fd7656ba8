// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: eq (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/eq.h"

#include <ATen/ops/eq_meta.h>
#include <ATen/ops/eq_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// eq.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor eq_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_eq_Scalar, at::_ops::eq_Scalar>(
      "eq", {}, self, other);
}

// eq.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor eq_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_eq_Tensor, at::_ops::eq_Tensor>(
      "eq", {}, self, other);
}

}  // namespace ocl::kernels
