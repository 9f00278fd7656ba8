// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: reciprocal (cl/elementwise.cl); integer inputs of the floating ops are promoted
// to float.
#include "generated/kernels/reciprocal.h"

#include <ATen/ops/reciprocal_meta.h>
#include <ATen/ops/reciprocal_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// reciprocal(Tensor self) -> Tensor
at::Tensor reciprocal(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_reciprocal, at::_ops::reciprocal>(
      "reciprocal", {}, self);
}

}  // namespace ocl::kernels
