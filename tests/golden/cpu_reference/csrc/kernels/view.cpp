// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `view` operator family on cpuref.
// Declarations: generated/kernels/view.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/view.h"

#include <ATen/ops/view_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// view(Tensor(a) self, SymInt[] size) -> Tensor(a)
at::Tensor view(const at::Tensor & self, c10::SymIntArrayRef size) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::view>(self, size);
}

}  // namespace cpuref::kernels
