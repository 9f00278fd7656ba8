// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: mean.dim (cl/reduce.cl: the sum divided by the count).
#include "generated/kernels/mean.h"

#include <ATen/ops/mean_meta.h>
#include <ATen/ops/mean_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"
#include "opencl/types.h"

namespace ocl::kernels {

// mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
at::Tensor mean_dim(
    const at::Tensor& self,
    at::OptionalIntArrayRef dim,
    bool keepdim,
    ::std::optional<at::ScalarType> dtype) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || (dtype && !opencl::supported(*dtype, *device))) {
    return cpu_fallback::call<at::_ops::mean_dim>(self, dim, keepdim, dtype);
  }
  opencl::Structured<at::meta::structured_mean_dim> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim, dtype);
  opencl::reduce::run(self, dim, op.output(), "mean");
  return op.take();
}

}  // namespace ocl::kernels
