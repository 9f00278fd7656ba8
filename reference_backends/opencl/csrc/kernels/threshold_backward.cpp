// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: threshold_backward (cl/elementwise.cl): relu's backward.
#include "generated/kernels/threshold_backward.h"

#include <ATen/ops/threshold_backward_meta.h>
#include <ATen/ops/threshold_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor
at::Tensor threshold_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Scalar& threshold) {
  return elementwise_op::
      functional<at::meta::structured_threshold_backward, at::_ops::threshold_backward>(
          "threshold_backward", {threshold}, grad_output, self, threshold);
}

}  // namespace ocl::kernels
