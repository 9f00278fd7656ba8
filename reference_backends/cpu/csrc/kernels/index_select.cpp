// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
