// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `_copy_from` operator family on cpuref.
// Declarations: generated/kernels/_copy_from.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/_copy_from.h"

#include <ATen/ops/_copy_from_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// _copy_from(Tensor self, Tensor dst, bool non_blocking=False) -> Tensor
at::Tensor _copy_from(const at::Tensor & self, const at::Tensor & dst, bool non_blocking) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::_copy_from>(self, dst, non_blocking);
}

}  // namespace cpuref::kernels
