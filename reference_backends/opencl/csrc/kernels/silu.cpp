// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
