// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of npu_demo: add.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/add.h"

#include <ATen/ops/add_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor add_Tensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::add_Tensor>(self, other, alpha);
}

}  // namespace npu_demo::kernels
