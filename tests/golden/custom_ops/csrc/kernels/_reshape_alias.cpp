// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `_reshape_alias` operator family on npu_demo.
// Declarations: generated/kernels/_reshape_alias.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/_reshape_alias.h"

#include <ATen/ops/_reshape_alias_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// _reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)
at::Tensor _reshape_alias(const at::Tensor & self, c10::SymIntArrayRef size, c10::SymIntArrayRef stride) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::_reshape_alias>(self, size, stride);
}

}  // namespace npu_demo::kernels
