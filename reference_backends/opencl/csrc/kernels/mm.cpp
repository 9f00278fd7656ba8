// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: mm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mm.h"

#include <ATen/ops/mm_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// mm(Tensor self, Tensor mat2) -> Tensor
at::Tensor mm(const at::Tensor& self, const at::Tensor& mat2) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mm>(self, mat2);
}

// mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& mm_out(const at::Tensor& self, const at::Tensor& mat2, at::Tensor& out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mm_out>(self, mat2, out);
}

}  // namespace ocl::kernels
