// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: mean, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/mean.h"

#include <ATen/ops/mean_cpu_dispatch.h>
#include <ATen/ops/mean_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
at::Tensor mean_dim(
    const at::Tensor& self,
    at::OptionalIntArrayRef dim,
    bool keepdim,
    std::optional<at::ScalarType> dtype) {
  at::Tensor out =
      empty_device_like(at::meta::mean(meta_twin(self), dim, keepdim, dtype), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mean_out(out_view, cpu(self), dim, keepdim, dtype);
  return out;
}

}  // namespace cpuref::kernels
