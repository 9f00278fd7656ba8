// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: le (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/le.h"

#include <ATen/ops/le_meta.h>
#include <ATen/ops/le_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// le.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor le_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_le_Scalar, at::_ops::le_Scalar>(
      "le", {}, self, other);
}

// le.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor le_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_le_Tensor, at::_ops::le_Tensor>(
      "le", {}, self, other);
}

}  // namespace ocl::kernels
