// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of npu_demo: mm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mm.h"

#include <ATen/ops/mm_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// mm(Tensor self, Tensor mat2) -> Tensor
at::Tensor mm(const at::Tensor& self, const at::Tensor& mat2) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mm>(self, mat2);
}

}  // namespace npu_demo::kernels
