// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: abs, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/abs.h"

#include <ATen/ops/abs_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& abs_out(const at::Tensor& self, at::Tensor& out) {
  return cpu_kernel::call<at::_ops::abs_out>(self, out);
}

}  // namespace cpuref::kernels
