// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: bitwise_or (cl/elementwise.cl), on integers and bool.
#include "generated/kernels/bitwise_or.h"

#include <ATen/ops/bitwise_or_meta.h>
#include <ATen/ops/bitwise_or_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// bitwise_or.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& bitwise_or_Tensor_out(
    const at::Tensor& self,
    const at::Tensor& other,
    at::Tensor& out) {
  return elementwise_op::
      out<at::meta::structured_bitwise_or_Tensor, at::_ops::bitwise_or_Tensor_out>(
          "bitwise_or", {}, out, self, other);
}

// bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor bitwise_or_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      functional<at::meta::structured_bitwise_or_Tensor, at::_ops::bitwise_or_Tensor>(
          "bitwise_or", {}, self, other);
}

// bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& bitwise_or__Tensor(at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      in_place<at::meta::structured_bitwise_or_Tensor, at::_ops::bitwise_or__Tensor>(
          "bitwise_or", {}, self, other);
}

}  // namespace ocl::kernels
