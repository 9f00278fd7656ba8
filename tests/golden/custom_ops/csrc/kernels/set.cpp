// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `set` operator family on npu_demo.
// Declarations: generated/kernels/set.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/set.h"

#include <ATen/ops/set_ops.h>

#include "generated/cpu_fallback.h"

namespace npu_demo::kernels {

// set_.source_Storage(Tensor(a!) self, Storage source) -> Tensor(a!)
at::Tensor & set__source_Storage(at::Tensor & self, at::Storage source) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::set__source_Storage>(self, source);
}

// set_.source_Storage_storage_offset(Tensor(a!) self, Storage source, SymInt storage_offset, SymInt[] size, SymInt[] stride=[]) -> Tensor(a!)
at::Tensor & set__source_Storage_storage_offset(at::Tensor & self, at::Storage source, c10::SymInt storage_offset, c10::SymIntArrayRef size, c10::SymIntArrayRef stride) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::set__source_Storage_storage_offset>(self, source, storage_offset, size, stride);
}

// set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!)
at::Tensor & set__source_Tensor(at::Tensor & self, const at::Tensor & source) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::set__source_Tensor>(self, source);
}

// set_(Tensor(a!) self) -> Tensor(a!)
at::Tensor & set_(at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::set_>(self);
}

}  // namespace npu_demo::kernels
