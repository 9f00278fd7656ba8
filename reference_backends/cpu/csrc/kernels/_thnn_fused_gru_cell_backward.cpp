// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _thnn_fused_gru_cell_backward, ATen's CPU implementation run on the device
// memory (kernels/cpu_kernel.h).
#include "generated/kernels/_thnn_fused_gru_cell_backward.h"

#include <ATen/ops/_thnn_fused_gru_cell_backward_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _thnn_fused_gru_cell_backward(Tensor grad_hy, Tensor workspace, bool has_bias) -> (Tensor,
// Tensor, Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
_thnn_fused_gru_cell_backward(
    const at::Tensor& grad_hy,
    const at::Tensor& workspace,
    bool has_bias) {
  return cpu_kernel::call<at::_ops::_thnn_fused_gru_cell_backward>(grad_hy, workspace, has_bias);
}

}  // namespace cpuref::kernels
