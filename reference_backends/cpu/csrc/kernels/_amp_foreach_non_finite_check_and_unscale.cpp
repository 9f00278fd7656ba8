// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _amp_foreach_non_finite_check_and_unscale, ATen's CPU implementation run on
// the device memory (kernels/cpu_kernel.h).
#include "generated/kernels/_amp_foreach_non_finite_check_and_unscale.h"

#include <ATen/ops/_amp_foreach_non_finite_check_and_unscale_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _amp_foreach_non_finite_check_and_unscale_(Tensor(a!)[] self, Tensor(b!) found_inf, Tensor
// inv_scale) -> ()
void _amp_foreach_non_finite_check_and_unscale_(
    at::TensorList self,
    at::Tensor& found_inf,
    const at::Tensor& inv_scale) {
  return cpu_kernel::call<at::_ops::_amp_foreach_non_finite_check_and_unscale_>(
      self, found_inf, inv_scale);
}

}  // namespace cpuref::kernels
