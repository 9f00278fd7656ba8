// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: min (cl/reduce.cl): the smallest element along a dimension and the index of its
// first occurrence, from the amin and argmin kernels, or over all elements; NaN counts as smallest.
#include "generated/kernels/min.h"

#include <ATen/ops/min_meta.h>
#include <ATen/ops/min_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"

namespace ocl::kernels {

// min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
::std::tuple<at::Tensor, at::Tensor> min_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::min_dim>(self, dim, keepdim);
  return opencl::reduce::values_and_indices<at::meta::structured_min_dim>(
      self, dim, keepdim, *device, "amin", "argmin");
}

// min(Tensor self) -> Tensor
at::Tensor min(const at::Tensor& self) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::min>(self);
  return opencl::reduce::over_all(self, "amin", "min");
}

}  // namespace ocl::kernels
