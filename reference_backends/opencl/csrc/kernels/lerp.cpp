// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
