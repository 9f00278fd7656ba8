// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _thnn_fused_gru_cell, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_thnn_fused_gru_cell.h"

#include <ATen/ops/_thnn_fused_gru_cell_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _thnn_fused_gru_cell(Tensor input_gates, Tensor hidden_gates, Tensor hx, Tensor? input_bias=None,
// Tensor? hidden_bias=None) -> (Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor> _thnn_fused_gru_cell(
    const at::Tensor& input_gates,
    const at::Tensor& hidden_gates,
    const at::Tensor& hx,
    const ::std::optional<at::Tensor>& input_bias,
    const ::std::optional<at::Tensor>& hidden_bias) {
  return cpu_kernel::call<at::_ops::_thnn_fused_gru_cell>(
      input_gates, hidden_gates, hx, input_bias, hidden_bias);
}

}  // namespace cpuref::kernels
