// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: silu (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/silu.h"

#include <ATen/ops/silu_meta.h>
#include <ATen/ops/silu_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// silu(Tensor self) -> Tensor
at::Tensor silu(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_silu, at::_ops::silu>("silu", {}, self);
}

// silu_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& silu_(at::Tensor& self) {
  return elementwise_op::in_place<at::meta::structured_silu, at::_ops::silu_>("silu", {}, self);
}

// silu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& silu_out(const at::Tensor& self, at::Tensor& out) {
  return elementwise_op::out<at::meta::structured_silu, at::_ops::silu_out>("silu", {}, out, self);
}

}  // namespace ocl::kernels
