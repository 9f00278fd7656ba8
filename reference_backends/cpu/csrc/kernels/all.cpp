// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
