// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: relu, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/relu.h"

#include <ATen/ops/clamp_min_cpu_dispatch.h>
#include <ATen/ops/clamp_min_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// relu(Tensor self) -> Tensor
at::Tensor relu(const at::Tensor& self) {
  // The CPU's relu is clamp_min(self, 0) behind this check; it has no out= form to write into.
  TORCH_CHECK(self.scalar_type() != at::kBool, "Boolean inputs not supported for relu");
  at::Tensor out = empty_device_like(at::meta::clamp_min(meta_twin(self), 0), self.device());
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::clamp_min_out(out_view, cpu(self), 0);
  return out;
}

}  // namespace cpuref::kernels
