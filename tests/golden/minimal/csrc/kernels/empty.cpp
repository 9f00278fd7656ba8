// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `empty` operator family on mydevice.
// Declarations: generated/kernels/empty.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/empty.h"

#include <ATen/ops/empty_ops.h>

#include "generated/cpu_fallback.h"

namespace mydevice::kernels {

// empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor
at::Tensor empty_memory_format(c10::SymIntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::empty_memory_format>(size, dtype, layout, device, pin_memory, memory_format);
}

}  // namespace mydevice::kernels
