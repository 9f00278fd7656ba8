// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: log (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/log.h"

#include <ATen/ops/log_meta.h>
#include <ATen/ops/log_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// log(Tensor self) -> Tensor
at::Tensor log(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_log, at::_ops::log>("log", {}, self);
}

}  // namespace ocl::kernels
