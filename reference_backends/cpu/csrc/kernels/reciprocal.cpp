// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
