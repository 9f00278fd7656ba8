// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
