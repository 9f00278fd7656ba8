// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
