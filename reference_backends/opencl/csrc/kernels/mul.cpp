// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: mul (cl/elementwise.cl).
#include "generated/kernels/mul.h"

#include <ATen/ops/mul_meta.h>
#include <ATen/ops/mul_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// mul.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor mul_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_mul_Tensor, at::_ops::mul_Tensor>(
      "mul", {}, self, other);
}

// mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& mul__Tensor(at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::in_place<at::meta::structured_mul_Tensor, at::_ops::mul__Tensor>(
      "mul", {}, self, other);
}

// mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& mul_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_mul_Tensor, at::_ops::mul_out>(
      "mul", {}, out, self, other);
}

}  // namespace ocl::kernels
