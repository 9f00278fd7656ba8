// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: add (cl/elementwise.cl: self + alpha * other).
#include "generated/kernels/add.h"

#include <ATen/ops/add_meta.h>
#include <ATen/ops/add_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor add_Tensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return elementwise_op::functional<at::meta::structured_add_Tensor, at::_ops::add_Tensor>(
      "add", {alpha}, self, other, alpha);
}

// add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
at::Tensor& add__Tensor(at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return elementwise_op::in_place<at::meta::structured_add_Tensor, at::_ops::add__Tensor>(
      "add", {alpha}, self, other, alpha);
}

// add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
at::Tensor& add_out(
    const at::Tensor& self,
    const at::Tensor& other,
    const at::Scalar& alpha,
    at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_add_Tensor, at::_ops::add_out>(
      "add", {alpha}, out, self, other, alpha);
}

}  // namespace ocl::kernels
