// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: embedding_dense_backward (cl/nn.cl: each weight element gathers its sum).
#include "generated/kernels/embedding_dense_backward.h"

#include <ATen/ops/embedding_dense_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/indexing.h"

namespace ocl::kernels {

// embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt
// padding_idx, bool scale_grad_by_freq) -> Tensor
at::Tensor embedding_dense_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    c10::SymInt num_weights,
    c10::SymInt padding_idx,
    bool scale_grad_by_freq) {
  if (!opencl::elementwise::device_for(
          {&grad_output, &indices}, opencl::elementwise::CpuScalars::kRefused) ||
      !at::isFloatingType(grad_output.scalar_type()) || indices.scalar_type() != at::kLong) {
    return cpu_fallback::call<at::_ops::embedding_dense_backward>(
        grad_output, indices, num_weights, padding_idx, scale_grad_by_freq);
  }
  return opencl::indexing::embedding_backward(
      grad_output, indices, num_weights.expect_int(), padding_idx.expect_int(), scale_grad_by_freq);
}

}  // namespace ocl::kernels
