// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: exp (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/exp.h"

#include <ATen/ops/exp_meta.h>
#include <ATen/ops/exp_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// exp(Tensor self) -> Tensor
at::Tensor exp(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_exp, at::_ops::exp>("exp", {}, self);
}

}  // namespace ocl::kernels
