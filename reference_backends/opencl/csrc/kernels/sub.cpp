// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: sub (cl/elementwise.cl: self - alpha * other).
#include "generated/kernels/sub.h"

#include <ATen/ops/sub_meta.h>
#include <ATen/ops/sub_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor sub_Tensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return elementwise_op::functional<at::meta::structured_sub_Tensor, at::_ops::sub_Tensor>(
      "sub", {alpha}, self, other, alpha);
}

// sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
at::Tensor& sub__Tensor(at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return elementwise_op::in_place<at::meta::structured_sub_Tensor, at::_ops::sub__Tensor>(
      "sub", {alpha}, self, other, alpha);
}

// sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
at::Tensor& sub_out(
    const at::Tensor& self,
    const at::Tensor& other,
    const at::Scalar& alpha,
    at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_sub_Tensor, at::_ops::sub_out>(
      "sub", {alpha}, out, self, other, alpha);
}

}  // namespace ocl::kernels
