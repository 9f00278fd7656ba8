// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: _thnn_fused_lstm_cell, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_thnn_fused_lstm_cell.h"

#include <ATen/ops/_thnn_fused_lstm_cell_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _thnn_fused_lstm_cell(Tensor input_gates, Tensor hidden_gates, Tensor cx, Tensor?
// input_bias=None, Tensor? hidden_bias=None) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> _thnn_fused_lstm_cell(
    const at::Tensor& input_gates,
    const at::Tensor& hidden_gates,
    const at::Tensor& cx,
    const ::std::optional<at::Tensor>& input_bias,
    const ::std::optional<at::Tensor>& hidden_bias) {
  return cpu_kernel::call<at::_ops::_thnn_fused_lstm_cell>(
      input_gates, hidden_gates, cx, input_bias, hidden_bias);
}

}  // namespace cpuref::kernels
