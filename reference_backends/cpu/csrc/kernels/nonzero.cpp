// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: nonzero, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/nonzero.h"

#include <ATen/ops/nonzero_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& nonzero_out(const at::Tensor& self, at::Tensor& out) {
  return cpu_kernel::call<at::_ops::nonzero_out>(self, out);
}

// nonzero(Tensor self) -> Tensor
at::Tensor nonzero(const at::Tensor& self) {
  return cpu_kernel::call<at::_ops::nonzero>(self);
}

}  // namespace cpuref::kernels
