// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
