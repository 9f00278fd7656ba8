// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
