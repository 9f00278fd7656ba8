// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: max (cl/reduce.cl): the largest element along a dimension and the index of its
// first occurrence, from the amax and argmax kernels, or over all elements; NaN counts as largest.
#include "generated/kernels/max.h"

#include <ATen/ops/max_meta.h>
#include <ATen/ops/max_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"

namespace ocl::kernels {

// max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
::std::tuple<at::Tensor, at::Tensor> max_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::max_dim>(self, dim, keepdim);
  return opencl::reduce::values_and_indices<at::meta::structured_max_dim>(
      self, dim, keepdim, *device, "amax", "argmax");
}

// max(Tensor self) -> Tensor
at::Tensor max(const at::Tensor& self) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::max>(self);
  return opencl::reduce::over_all(self, "amax", "max");
}

}  // namespace ocl::kernels
