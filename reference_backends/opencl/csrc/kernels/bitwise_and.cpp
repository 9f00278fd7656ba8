// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: bitwise_and (cl/elementwise.cl), on integers and bool.
#include "generated/kernels/bitwise_and.h"

#include <ATen/ops/bitwise_and_meta.h>
#include <ATen/ops/bitwise_and_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// bitwise_and.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& bitwise_and_Tensor_out(
    const at::Tensor& self,
    const at::Tensor& other,
    at::Tensor& out) {
  return elementwise_op::
      out<at::meta::structured_bitwise_and_Tensor, at::_ops::bitwise_and_Tensor_out>(
          "bitwise_and", {}, out, self, other);
}

// bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor bitwise_and_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      functional<at::meta::structured_bitwise_and_Tensor, at::_ops::bitwise_and_Tensor>(
          "bitwise_and", {}, self, other);
}

// bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& bitwise_and__Tensor(at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::
      in_place<at::meta::structured_bitwise_and_Tensor, at::_ops::bitwise_and__Tensor>(
          "bitwise_and", {}, self, other);
}

}  // namespace ocl::kernels
