// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: reciprocal, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/reciprocal.h"

#include <ATen/ops/reciprocal_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// reciprocal(Tensor self) -> Tensor
at::Tensor reciprocal(const at::Tensor& self) {
  return cpu_kernel::call<at::_ops::reciprocal>(self);
}

}  // namespace cpuref::kernels
