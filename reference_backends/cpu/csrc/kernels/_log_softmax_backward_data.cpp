// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _log_softmax_backward_data, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_log_softmax_backward_data.h"

#include <ATen/ops/_log_softmax_backward_data_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) ->
// Tensor
at::Tensor _log_softmax_backward_data(
    const at::Tensor& grad_output,
    const at::Tensor& output,
    int64_t dim,
    at::ScalarType input_dtype) {
  return cpu_kernel::call<at::_ops::_log_softmax_backward_data>(
      grad_output, output, dim, input_dtype);
}

}  // namespace cpuref::kernels
