// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: add.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/add.h"

#include <ATen/ops/add_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor add_Tensor(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::add_Tensor>(self, other, alpha);
}

// add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
at::Tensor & add__Tensor(at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::add__Tensor>(self, other, alpha);
}

// add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
at::Tensor & add_out(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha, at::Tensor & out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::add_out>(self, other, alpha, out);
}

}  // namespace cpuref::kernels
