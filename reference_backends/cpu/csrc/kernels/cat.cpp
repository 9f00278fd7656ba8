// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: cat, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/cat.h"

#include <ATen/ops/cat_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// cat(Tensor[] tensors, int dim=0) -> Tensor
at::Tensor cat(const at::ITensorListRef& tensors, int64_t dim) {
  return cpu_kernel::call<at::_ops::cat>(tensors, dim);
}

}  // namespace cpuref::kernels
