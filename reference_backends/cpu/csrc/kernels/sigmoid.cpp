// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: sigmoid, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/sigmoid.h"

#include <ATen/ops/sigmoid_cpu_dispatch.h>
#include <ATen/ops/sigmoid_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// sigmoid(Tensor self) -> Tensor
at::Tensor sigmoid(const at::Tensor& self) {
  at::Tensor out = empty_device_like(at::meta::sigmoid(meta_twin(self)), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::sigmoid_out(out_view, cpu(self));
  return out;
}

}  // namespace cpuref::kernels
