// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: bitwise_xor (cl/elementwise.cl), on integers and bool.
#include "generated/kernels/bitwise_xor.h"

#include <ATen/ops/bitwise_xor_meta.h>
#include <ATen/ops/bitwise_xor_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// bitwise_xor.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& bitwise_xor_Tensor_out(
    const at::Tensor& self,
    const at::Tensor& other,
    at::Tensor& out) {
  return elementwise_op::
      out<at::meta::structured_bitwise_xor_Tensor, at::_ops::bitwise_xor_Tensor_out>(
          "bitwise_xor", {}, out, self, other);
}

// bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor bitwise_xor_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      functional<at::meta::structured_bitwise_xor_Tensor, at::_ops::bitwise_xor_Tensor>(
          "bitwise_xor", {}, self, other);
}

// bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& bitwise_xor__Tensor(at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      in_place<at::meta::structured_bitwise_xor_Tensor, at::_ops::bitwise_xor__Tensor>(
          "bitwise_xor", {}, self, other);
}

}  // namespace ocl::kernels
