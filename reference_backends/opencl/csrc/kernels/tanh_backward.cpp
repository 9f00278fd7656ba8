// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: tanh_backward (cl/elementwise.cl).
#include "generated/kernels/tanh_backward.h"

#include <ATen/ops/tanh_backward_meta.h>
#include <ATen/ops/tanh_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// tanh_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor tanh_backward(const at::Tensor& grad_output, const at::Tensor& output) {
  return elementwise_op::functional<at::meta::structured_tanh_backward, at::_ops::tanh_backward>(
      "tanh_backward", {}, grad_output, output);
}

}  // namespace ocl::kernels
