// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `unfold` operator family on cpuref.
// Declarations: generated/kernels/unfold.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/unfold.h"

#include <ATen/ops/unfold_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)
at::Tensor unfold(const at::Tensor & self, int64_t dimension, int64_t size, int64_t step) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::unfold>(self, dimension, size, step);
}

}  // namespace cpuref::kernels
