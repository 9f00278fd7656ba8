// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: maximum (cl/elementwise.cl): NaN in either gives NaN.
#include "generated/kernels/maximum.h"

#include <ATen/ops/maximum_meta.h>
#include <ATen/ops/maximum_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// maximum(Tensor self, Tensor other) -> Tensor
at::Tensor maximum(const at::Tensor& self, const at::Tensor& other) {
  return elementwise_op::functional<at::meta::structured_maximum, at::_ops::maximum>(
      "maximum", {}, self, other);
}

}  // namespace ocl::kernels
