// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: le (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/le.h"

#include <ATen/ops/le_meta.h>
#include <ATen/ops/le_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// le.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor le_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_le_Scalar, at::_ops::le_Scalar>(
      "le", {}, self, other);
}

// le.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor le_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_le_Tensor, at::_ops::le_Tensor>(
      "le", {}, self, other);
}

}  // namespace ocl::kernels
