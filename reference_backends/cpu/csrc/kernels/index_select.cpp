// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: index_select, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/index_select.h"

#include <ATen/ops/index_select_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// index_select(Tensor self, int dim, Tensor index) -> Tensor
at::Tensor index_select(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
  return cpu_kernel::call<at::_ops::index_select>(self, dim, index);
}

}  // namespace cpuref::kernels
