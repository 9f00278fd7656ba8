// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: ne (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/ne.h"

#include <ATen/ops/ne_meta.h>
#include <ATen/ops/ne_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// ne.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor ne_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_ne_Scalar, at::_ops::ne_Scalar>(
      "ne", {}, self, other);
}

// ne.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor ne_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_ne_Tensor, at::_ops::ne_Tensor>(
      "ne", {}, self, other);
}

}  // namespace ocl::kernels
