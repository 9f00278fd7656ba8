// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: eq (cl/elementwise.cl), in the operands' promoted dtype, to bool.
#include "generated/kernels/eq.h"

#include <ATen/ops/eq_meta.h>
#include <ATen/ops/eq_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// eq.Scalar(Tensor self, Scalar other) -> Tensor
at::Tensor eq_Scalar(const at::Tensor& self, const at::Scalar& other) {
  return elementwise_op::functional<at::meta::structured_eq_Scalar, at::_ops::eq_Scalar>(
      "eq", {}, self, other);
}

// eq.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor eq_Tensor(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_eq_Tensor, at::_ops::eq_Tensor>(
      "eq", {}, self, other);
}

}  // namespace ocl::kernels
