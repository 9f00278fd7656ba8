// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: lt (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/lt.h"

#include <ATen/ops/lt_meta.h>
#include <ATen/ops/lt_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// lt.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor lt_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_lt_Scalar, at::_ops::lt_Scalar>(
      "lt", {}, self, other);
}

// lt.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor lt_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_lt_Tensor, at::_ops::lt_Tensor>(
      "lt", {}, self, other);
}

}  // namespace ocl::kernels
