// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: sigmoid_backward (cl/elementwise.cl).
#include "generated/kernels/sigmoid_backward.h"

#include <ATen/ops/sigmoid_backward_meta.h>
#include <ATen/ops/sigmoid_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor sigmoid_backward(const at::Tensor& grad_output, const at::Tensor& output) {
  return elementwise_op::
      functional<at::meta::structured_sigmoid_backward, at::_ops::sigmoid_backward>(
          "sigmoid_backward", {}, grad_output, output);
}

}  // namespace ocl::kernels
