// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: threshold_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/threshold_backward.h"

#include <ATen/ops/threshold_backward_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor
at::Tensor threshold_backward(const at::Tensor & grad_output, const at::Tensor & self, const at::Scalar & threshold) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::threshold_backward>(grad_output, self, threshold);
}

}  // namespace cpuref::kernels
