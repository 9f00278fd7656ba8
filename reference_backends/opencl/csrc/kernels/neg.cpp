// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: neg (cl/elementwise.cl).
#include "generated/kernels/neg.h"

#include <ATen/ops/neg_meta.h>
#include <ATen/ops/neg_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// neg(Tensor self) -> Tensor
at::Tensor neg(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_neg, at::_ops::neg>("neg", {}, self);
}

}  // namespace ocl::kernels
