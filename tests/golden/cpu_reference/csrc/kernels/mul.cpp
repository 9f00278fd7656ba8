// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: mul.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mul.h"

#include <ATen/ops/mul_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// mul.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor mul_Tensor(const at::Tensor & self, const at::Tensor & other) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mul_Tensor>(self, other);
}

// mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor & mul__Tensor(at::Tensor & self, const at::Tensor & other) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mul__Tensor>(self, other);
}

// mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor & mul_out(const at::Tensor & self, const at::Tensor & other, at::Tensor & out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mul_out>(self, other, out);
}

}  // namespace cpuref::kernels
