// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: clamp, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/clamp.h"

#include <ATen/ops/clamp_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& clamp_out(
    const at::Tensor& self,
    const ::std::optional<at::Scalar>& min,
    const ::std::optional<at::Scalar>& max,
    at::Tensor& out) {
  return cpu_kernel::call<at::_ops::clamp_out>(self, min, max, out);
}

}  // namespace cpuref::kernels
