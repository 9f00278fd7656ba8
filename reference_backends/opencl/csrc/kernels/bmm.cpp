// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: bmm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/bmm.h"

#include <ATen/ops/bmm_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// bmm(Tensor self, Tensor mat2) -> Tensor
at::Tensor bmm(const at::Tensor& self, const at::Tensor& mat2) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::bmm>(self, mat2);
}

}  // namespace ocl::kernels
