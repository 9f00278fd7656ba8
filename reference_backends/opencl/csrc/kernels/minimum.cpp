// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: minimum (cl/elementwise.cl): NaN in either gives NaN.
#include "generated/kernels/minimum.h"

#include <ATen/ops/minimum_meta.h>
#include <ATen/ops/minimum_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// minimum(Tensor self, Tensor other) -> Tensor
at::Tensor minimum(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_minimum, at::_ops::minimum>(
      "minimum", {}, self, other);
}

}  // namespace ocl::kernels
