// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `resize` operator family on npu_demo.
// Declarations: generated/kernels/resize.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/resize.h"

#include <ATen/ops/resize_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)
const at::Tensor & resize_(const at::Tensor & self, c10::SymIntArrayRef size, ::std::optional<at::MemoryFormat> memory_format) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::resize_>(self, size, memory_format);
}

}  // namespace npu_demo::kernels
