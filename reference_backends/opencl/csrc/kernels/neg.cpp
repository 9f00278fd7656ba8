// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
