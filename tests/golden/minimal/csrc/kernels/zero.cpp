// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `zero` operator family on mydevice.
// Declarations: generated/kernels/zero.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/zero.h"

#include <ATen/ops/zero_ops.h>

#include "generated/cpu_fallback.h"

namespace mydevice::kernels {

// zero_(Tensor(a!) self) -> Tensor(a!)
at::Tensor & zero_(at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::zero_>(self);
}

}  // namespace mydevice::kernels
