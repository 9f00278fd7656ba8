// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
