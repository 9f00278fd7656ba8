// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
