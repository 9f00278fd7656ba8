// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: div.
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

// div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor & div__Tensor(at::Tensor & self, const at::Tensor & other) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::div__Tensor>(self, other);
}

// div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor & div_out(const at::Tensor & self, const at::Tensor & other, at::Tensor & out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::div_out>(self, other, out);
}

}  // namespace cpuref::kernels
