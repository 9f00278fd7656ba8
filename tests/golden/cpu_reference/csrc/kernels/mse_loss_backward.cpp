// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: mse_loss_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/mse_loss_backward.h"

#include <ATen/ops/mse_loss_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor
at::Tensor mse_loss_backward(const at::Tensor & grad_output, const at::Tensor & self, const at::Tensor & target, int64_t reduction) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::mse_loss_backward>(grad_output, self, target, reduction);
}

}  // namespace cpuref::kernels
