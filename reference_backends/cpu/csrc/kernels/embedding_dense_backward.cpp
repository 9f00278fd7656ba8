// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: embedding_dense_backward, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/embedding_dense_backward.h"

#include <ATen/ops/embedding_dense_backward_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt
// padding_idx, bool scale_grad_by_freq) -> Tensor
at::Tensor embedding_dense_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    c10::SymInt num_weights,
    c10::SymInt padding_idx,
    bool scale_grad_by_freq) {
  return cpu_kernel::call<at::_ops::embedding_dense_backward>(
      grad_output, indices, num_weights, padding_idx, scale_grad_by_freq);
}

}  // namespace cpuref::kernels
