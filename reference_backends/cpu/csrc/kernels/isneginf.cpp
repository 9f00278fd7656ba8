// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: isneginf, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/isneginf.h"

#include <ATen/ops/isneginf_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// isneginf(Tensor self) -> Tensor
at::Tensor isneginf(const at::Tensor& self) {
  return cpu_kernel::call<at::_ops::isneginf>(self);
}

}  // namespace cpuref::kernels
