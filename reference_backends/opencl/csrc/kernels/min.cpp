// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: min (cl/reduce.cl): the smallest element along a dimension and the index of its
// first occurrence, from the amin and argmin kernels, or over all elements; NaN counts as smallest.
#include "generated/kernels/min.h"

#include <ATen/ops/empty.h>
#include <ATen/ops/min_meta.h>
#include <ATen/ops/min_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
::std::tuple<at::Tensor, at::Tensor> min_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::min_dim>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_min_dim, 2> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  const int64_t along[] = {op.meta(self, dim, keepdim).dim};
  opencl::reduce::run(self, along, op.output(0), "amin");
  opencl::reduce::run(self, along, op.output(1), "argmin");
  return {op.take(0), op.take(1)};
}

// min(Tensor self) -> Tensor
at::Tensor min(const at::Tensor& self) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::min>(self);
  TORCH_CHECK(
      self.numel() > 0,
      "min(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
      "reduction dim with the 'dim' argument.");
  at::Tensor out = at::empty({}, self.options());
  opencl::reduce::run(self, std::nullopt, out, "amin");
  return out;
}

}  // namespace ocl::kernels
