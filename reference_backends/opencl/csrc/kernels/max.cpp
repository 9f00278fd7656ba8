// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: max (cl/reduce.cl): the largest element along a dimension and the index of its
// first occurrence, from the amax and argmax kernels, or over all elements; NaN counts as largest.
#include "generated/kernels/max.h"

#include <ATen/ops/empty.h>
#include <ATen/ops/max_meta.h>
#include <ATen/ops/max_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
::std::tuple<at::Tensor, at::Tensor> max_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::max_dim>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_max_dim, 2> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  const int64_t along[] = {op.meta(self, dim, keepdim).dim};
  opencl::reduce::run(self, along, op.output(0), "amax");
  opencl::reduce::run(self, along, op.output(1), "argmax");
  return {op.take(0), op.take(1)};
}

// max(Tensor self) -> Tensor
at::Tensor max(const at::Tensor& self) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::max>(self);
  TORCH_CHECK(
      self.numel() > 0,
      "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
      "reduction dim with the 'dim' argument.");
  at::Tensor out = at::empty({}, self.options());
  opencl::reduce::run(self, std::nullopt, out, "amax");
  return out;
}

}  // namespace ocl::kernels
