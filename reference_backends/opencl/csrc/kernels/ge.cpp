// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: ge (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/ge.h"

#include <ATen/ops/ge_meta.h>
#include <ATen/ops/ge_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// ge.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor ge_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_ge_Scalar, at::_ops::ge_Scalar>(
      "ge", {}, self, other);
}

// ge.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor ge_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_ge_Tensor, at::_ops::ge_Tensor>(
      "ge", {}, self, other);
}

}  // namespace ocl::kernels
