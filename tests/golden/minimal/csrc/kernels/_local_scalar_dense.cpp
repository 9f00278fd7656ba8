// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of the `_local_scalar_dense` operator family on mydevice.
// Declarations: generated/kernels/_local_scalar_dense.h.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/_local_scalar_dense.h"

#include <ATen/ops/_local_scalar_dense_ops.h>

#include "generated/cpu_fallback.h"

namespace mydevice::kernels {

// _local_scalar_dense(Tensor self) -> Scalar
at::Scalar _local_scalar_dense(const at::Tensor & self) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::_local_scalar_dense>(self);
}

}  // namespace mydevice::kernels
