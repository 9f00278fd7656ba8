// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _thnn_fused_lstm_cell_backward_impl, ATen's CPU implementation run on the
// device memory (kernels/cpu_kernel.h).
#include "generated/kernels/_thnn_fused_lstm_cell_backward_impl.h"

#include <ATen/ops/_thnn_fused_lstm_cell_backward_impl_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _thnn_fused_lstm_cell_backward_impl(Tensor? grad_hy, Tensor? grad_cy, Tensor cx, Tensor cy,
// Tensor workspace, bool has_bias) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> _thnn_fused_lstm_cell_backward_impl(
    const ::std::optional<at::Tensor>& grad_hy,
    const ::std::optional<at::Tensor>& grad_cy,
    const at::Tensor& cx,
    const at::Tensor& cy,
    const at::Tensor& workspace,
    bool has_bias) {
  return cpu_kernel::call<at::_ops::_thnn_fused_lstm_cell_backward_impl>(
      grad_hy, grad_cy, cx, cy, workspace, has_bias);
}

}  // namespace cpuref::kernels
