// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: isposinf (cl/elementwise.cl); integers are never infinite.
#include "generated/kernels/isposinf.h"

#include <ATen/ops/isposinf_meta.h>
#include <ATen/ops/isposinf_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// isposinf(Tensor self) -> Tensor
at::Tensor isposinf(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_isposinf, at::_ops::isposinf>(
      "isposinf", {}, self);
}

// isposinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& isposinf_out(const at::Tensor& self, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_isposinf, at::_ops::isposinf_out>(
      "isposinf", {}, out, self);
}

}  // namespace ocl::kernels
