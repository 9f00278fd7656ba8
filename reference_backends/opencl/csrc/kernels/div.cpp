// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: div, true division (cl/elementwise.cl); integers are promoted to float first.
#include "generated/kernels/div.h"

#include <ATen/ops/div_meta.h>
#include <ATen/ops/div_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// div.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor div_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_div_Tensor, at::_ops::div_Tensor>(
      "div", {}, self, other);
}

// div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& div__Tensor(at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::in_place<at::meta::structured_div_Tensor, at::_ops::div__Tensor>(
      "div", {}, self, other);
}

// div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& div_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_div_Tensor, at::_ops::div_out>(
      "div", {}, out, self, other);
}

}  // namespace ocl::kernels
