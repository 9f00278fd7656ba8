// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: gt (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/gt.h"

#include <ATen/ops/gt_meta.h>
#include <ATen/ops/gt_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// gt.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor gt_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_gt_Scalar, at::_ops::gt_Scalar>(
      "gt", {}, self, other);
}

// gt.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor gt_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_gt_Tensor, at::_ops::gt_Tensor>(
      "gt", {}, self, other);
}

}  // namespace ocl::kernels
