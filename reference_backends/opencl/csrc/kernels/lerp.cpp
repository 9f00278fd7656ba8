// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: lerp_.Scalar (cl/elementwise.cl, from the nearer end as ATen does).
#include "generated/kernels/lerp.h"

#include <ATen/ops/lerp_meta.h>
#include <ATen/ops/lerp_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)
at::Tensor& lerp__Scalar(at::Tensor& self, const at::Tensor& end, const at::Scalar& weight) {
  return elementwise_op::in_place<at::meta::structured_lerp_Scalar, at::_ops::lerp__Scalar>(
      "lerp_scalar", {weight}, self, end, weight);
}

}  // namespace ocl::kernels
