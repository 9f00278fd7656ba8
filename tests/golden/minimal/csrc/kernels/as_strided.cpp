// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `as_strided` operator family on mydevice.
// Declarations: generated/kernels/as_strided.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/as_strided.h"

#include <ATen/ops/as_strided_ops.h>

#include "generated/cpu_fallback.h"

namespace mydevice::kernels {

// as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)
at::Tensor as_strided(const at::Tensor & self, c10::SymIntArrayRef size, c10::SymIntArrayRef stride, ::std::optional<c10::SymInt> storage_offset) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::as_strided>(self, size, stride, storage_offset);
}

}  // namespace mydevice::kernels
