// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `_copy_from_and_resize` operator family on npu_demo.
// Declarations: generated/kernels/_copy_from_and_resize.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/_copy_from_and_resize.h"

#include <ATen/ops/_copy_from_and_resize_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// _copy_from_and_resize(Tensor self, Tensor dst) -> Tensor
at::Tensor _copy_from_and_resize(const at::Tensor & self, const at::Tensor & dst) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::_copy_from_and_resize>(self, dst);
}

}  // namespace npu_demo::kernels
