// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: sqrt, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/sqrt.h"

#include <ATen/ops/sqrt_cpu_dispatch.h>
#include <ATen/ops/sqrt_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// sqrt(Tensor self) -> Tensor
at::Tensor sqrt(const at::Tensor& self) {
  at::Tensor out = empty_device_like(at::meta::sqrt(meta_twin(self)), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::sqrt_out(out_view, cpu(self));
  return out;
}

}  // namespace cpuref::kernels
