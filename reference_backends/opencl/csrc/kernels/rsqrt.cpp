// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: rsqrt (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/rsqrt.h"

#include <ATen/ops/rsqrt_meta.h>
#include <ATen/ops/rsqrt_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// rsqrt(Tensor self) -> Tensor
at::Tensor rsqrt(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_rsqrt, at::_ops::rsqrt>("rsqrt", {}, self);
}

}  // namespace ocl::kernels
