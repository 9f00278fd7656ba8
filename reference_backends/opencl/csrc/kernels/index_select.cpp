// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: index_select (cl/copy.cl), what embedding's forward runs.
#include "generated/kernels/index_select.h"

#include <ATen/ops/index_select_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/indexing.h"

namespace ocl::kernels {

// index_select(Tensor self, int dim, Tensor index) -> Tensor
at::Tensor index_select(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
  if (!opencl::elementwise::device_for(
          {&self, &index}, opencl::elementwise::CpuScalars::kRefused) ||
      self.dim() == 0 || index.dim() > 1 || index.scalar_type() != at::kLong) {
    return cpu_fallback::call<at::_ops::index_select>(self, dim, index);
  }
  return opencl::indexing::index_select(self, dim, index);
}

}  // namespace ocl::kernels
