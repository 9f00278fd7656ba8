// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: tanh (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/tanh.h"

#include <ATen/ops/tanh_meta.h>
#include <ATen/ops/tanh_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// tanh(Tensor self) -> Tensor
at::Tensor tanh(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_tanh, at::_ops::tanh>("tanh", {}, self);
}

}  // namespace ocl::kernels
