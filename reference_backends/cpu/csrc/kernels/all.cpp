// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: all, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/all.h"

#include <ATen/ops/all_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor
at::Tensor all_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  return cpu_kernel::call<at::_ops::all_dim>(self, dim, keepdim);
}

}  // namespace cpuref::kernels
