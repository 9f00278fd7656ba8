// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: sub.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/sub.h"

#include <ATen/ops/sub_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
at::Tensor & sub_out(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha, at::Tensor & out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sub_out>(self, other, alpha, out);
}

// sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor sub_Tensor(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sub_Tensor>(self, other, alpha);
}

// sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
at::Tensor & sub__Tensor(at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::sub__Tensor>(self, other, alpha);
}

}  // namespace cpuref::kernels
