// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: _log_softmax, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_log_softmax.h"

#include <ATen/ops/_log_softmax_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor
at::Tensor _log_softmax(const at::Tensor& self, int64_t dim, bool half_to_float) {
  return cpu_kernel::call<at::_ops::_log_softmax>(self, dim, half_to_float);
}

}  // namespace cpuref::kernels
