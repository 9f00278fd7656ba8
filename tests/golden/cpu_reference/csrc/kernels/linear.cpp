// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: linear.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/linear.h"

#include <ATen/ops/linear_ops.h>

#include "generated/cpu_fallback.h"

namespace cpuref::kernels {

// linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor
at::Tensor linear(const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::linear>(input, weight, bias);
}

}  // namespace cpuref::kernels
