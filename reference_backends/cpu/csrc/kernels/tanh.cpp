// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: tanh, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/tanh.h"

#include <ATen/ops/tanh_cpu_dispatch.h>
#include <ATen/ops/tanh_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// tanh(Tensor self) -> Tensor
at::Tensor tanh(const at::Tensor& self) {
  at::Tensor out = empty_device_like(at::meta::tanh(meta_twin(self)), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::tanh_out(out_view, cpu(self));
  return out;
}

}  // namespace cpuref::kernels
