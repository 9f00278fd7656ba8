// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: bitwise_not (cl/elementwise.cl), integers and bool; on bool it is logical not.
#include "generated/kernels/bitwise_not.h"

#include <ATen/ops/bitwise_not_meta.h>
#include <ATen/ops/bitwise_not_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// bitwise_not(Tensor self) -> Tensor
at::Tensor bitwise_not(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_bitwise_not, at::_ops::bitwise_not>(
      "bitwise_not", {}, self);
}

// bitwise_not_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& bitwise_not_(at::Tensor& self) {
  return elementwise_op::in_place<at::meta::structured_bitwise_not, at::_ops::bitwise_not_>(
      "bitwise_not", {}, self);
}

// bitwise_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& bitwise_not_out(const at::Tensor& self, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_bitwise_not, at::_ops::bitwise_not_out>(
      "bitwise_not", {}, out, self);
}

}  // namespace ocl::kernels
