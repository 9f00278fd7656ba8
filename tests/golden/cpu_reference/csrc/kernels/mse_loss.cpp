// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: mse_loss.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mse_loss.h"

#include <ATen/ops/mse_loss_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor
at::Tensor mse_loss(const at::Tensor & self, const at::Tensor & target, int64_t reduction) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mse_loss>(self, target, reduction);
}

}  // namespace cpuref::kernels
