// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: sigmoid (cl/elementwise.cl); integer inputs of the floating ops are promoted to
// float.
#include "generated/kernels/sigmoid.h"

#include <ATen/ops/sigmoid_meta.h>
#include <ATen/ops/sigmoid_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// sigmoid(Tensor self) -> Tensor
at::Tensor sigmoid(const at::Tensor& self) {
  return elementwise_op::functional<at::meta::structured_sigmoid, at::_ops::sigmoid>(
      "sigmoid", {}, self);
}

}  // namespace ocl::kernels
