// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: isneginf (cl/elementwise.cl); integers are never infinite.
#include "generated/kernels/isneginf.h"

#include <ATen/ops/isneginf_meta.h>
#include <ATen/ops/isneginf_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// isneginf(Tensor self) -> Tensor
at::Tensor isneginf(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_isneginf, at::_ops::isneginf>(
      "isneginf", {}, self);
}

// isneginf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& isneginf_out(const at::Tensor& self, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_isneginf, at::_ops::isneginf_out>(
      "isneginf", {}, out, self);
}

}  // namespace ocl::kernels
