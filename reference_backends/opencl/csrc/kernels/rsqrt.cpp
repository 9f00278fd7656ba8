// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
