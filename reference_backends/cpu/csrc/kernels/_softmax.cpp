// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: _softmax, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_softmax.h"

#include <ATen/ops/_softmax_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _softmax(Tensor self, int dim, bool half_to_float) -> Tensor
at::Tensor _softmax(const at::Tensor& self, int64_t dim, bool half_to_float) {
  return cpu_kernel::call<at::_ops::_softmax>(self, dim, half_to_float);
}

}  // namespace cpuref::kernels
