// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: bmm, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/bmm.h"

#include <ATen/ops/bmm_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// bmm(Tensor self, Tensor mat2) -> Tensor
at::Tensor bmm(const at::Tensor& self, const at::Tensor& mat2) {
  return cpu_kernel::call<at::_ops::bmm>(self, mat2);
}

}  // namespace cpuref::kernels
