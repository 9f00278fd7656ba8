// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _amp_update_scale, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_amp_update_scale.h"

#include <ATen/ops/_amp_update_scale_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _amp_update_scale_(Tensor(a!) self, Tensor(b!) growth_tracker, Tensor found_inf, float
// scale_growth_factor, float scale_backoff_factor, int growth_interval) -> Tensor(a!)
at::Tensor& _amp_update_scale_(
    at::Tensor& self,
    at::Tensor& growth_tracker,
    const at::Tensor& found_inf,
    double scale_growth_factor,
    double scale_backoff_factor,
    int64_t growth_interval) {
  return cpu_kernel::call<at::_ops::_amp_update_scale_>(
      self, growth_tracker, found_inf, scale_growth_factor, scale_backoff_factor, growth_interval);
}

}  // namespace cpuref::kernels
