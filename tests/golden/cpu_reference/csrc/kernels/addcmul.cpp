// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: addcmul.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/addcmul.h"

#include <ATen/ops/addcmul_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)
at::Tensor & addcmul_(at::Tensor & self, const at::Tensor & tensor1, const at::Tensor & tensor2, const at::Scalar & value) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::addcmul_>(self, tensor1, tensor2, value);
}

}  // namespace cpuref::kernels
