// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `fill` operator family on mydevice.
// Declarations: generated/kernels/fill.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/fill.h"

#include <ATen/ops/fill_ops.h>

#include "generated/cpu_fallback.h"

namespace mydevice::kernels {

// fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)
at::Tensor & fill__Scalar(at::Tensor & self, const at::Scalar & value) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::fill__Scalar>(self, value);
}

}  // namespace mydevice::kernels
