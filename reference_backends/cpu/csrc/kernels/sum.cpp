// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: sum, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/sum.h"

#include <ATen/ops/sum_cpu_dispatch.h>
#include <ATen/ops/sum_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) ->
// Tensor
at::Tensor sum_dim_IntList(
    const at::Tensor& self,
    at::OptionalIntArrayRef dim,
    bool keepdim,
    std::optional<at::ScalarType> dtype) {
  // A full reduction of a floating tensor into its own dtype is a 0-dim tensor of that dtype.
  const bool full_reduction = !dim.has_value() && !keepdim && !dtype.has_value() &&
                              self.is_floating_point() && !self.is_conj();
  at::Tensor out =
      full_reduction
          ? empty_device({}, {}, self.scalar_type(), self.device())
          : empty_device_like(at::meta::sum(meta_twin(self), dim, keepdim, dtype), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::sum_out(out_view, cpu(self), dim, keepdim, dtype);
  return out;
}

// sum(Tensor self, *, ScalarType? dtype=None) -> Tensor
at::Tensor sum(const at::Tensor& self, std::optional<at::ScalarType> dtype) {
  // A full reduction is the dim form with no dims, as in ATen.
  return sum_dim_IntList(self, std::nullopt, /*keepdim=*/false, dtype);
}

}  // namespace cpuref::kernels
