// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
