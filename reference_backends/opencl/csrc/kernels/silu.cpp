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

}  // namespace ocl::kernels
