// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
