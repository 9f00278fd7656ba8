// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
