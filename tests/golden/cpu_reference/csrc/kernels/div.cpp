// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `div` operator family on cpuref.
// Declarations: generated/kernels/div.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/div.h"

#include <ATen/ops/div_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// div.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor div_Tensor(const at::Tensor & self, const at::Tensor & other) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::div_Tensor>(self, other);
}

}  // namespace cpuref::kernels
