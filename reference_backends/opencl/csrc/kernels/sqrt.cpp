// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: sqrt (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/sqrt.h"

#include <ATen/ops/sqrt_meta.h>
#include <ATen/ops/sqrt_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// sqrt(Tensor self) -> Tensor
at::Tensor sqrt(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_sqrt, at::_ops::sqrt>("sqrt", {}, self);
}

}  // namespace ocl::kernels
