// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: lerp, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/lerp.h"

#include <ATen/ops/lerp_cpu_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)
at::Tensor& lerp__Scalar(at::Tensor& self, const at::Tensor& end, const at::Scalar& weight) {
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::lerp_(view, cpu(end), weight);
  return self;
}

}  // namespace cpuref::kernels
