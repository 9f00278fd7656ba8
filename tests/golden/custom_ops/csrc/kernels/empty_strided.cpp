// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `empty_strided` operator family on npu_demo.
// Declarations: generated/kernels/empty_strided.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/empty_strided.h"

#include <ATen/ops/empty_strided_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// empty_strided(SymInt[] size, SymInt[] stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor
at::Tensor empty_strided(c10::SymIntArrayRef size, c10::SymIntArrayRef stride, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::empty_strided>(size, stride, dtype, layout, device, pin_memory);
}

}  // namespace npu_demo::kernels
