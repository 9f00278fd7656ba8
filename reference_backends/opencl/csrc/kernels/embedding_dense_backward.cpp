// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: embedding_dense_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/embedding_dense_backward.h"

#include <ATen/ops/embedding_dense_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt
// padding_idx, bool scale_grad_by_freq) -> Tensor
at::Tensor embedding_dense_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    c10::SymInt num_weights,
    c10::SymInt padding_idx,
    bool scale_grad_by_freq) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::embedding_dense_backward>(
      grad_output, indices, num_weights, padding_idx, scale_grad_by_freq);
}

}  // namespace ocl::kernels
