// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: amax (cl/reduce.cl): the largest element over the dimensions; NaN wins.
#include "generated/kernels/amax.h"

#include <ATen/ops/amax_meta.h>
#include <ATen/ops/amax_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor
at::Tensor amax(const at::Tensor& self, at::IntArrayRef dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::amax>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_amax> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim);
  opencl::reduce::run(self, dim, op.output(), "amax");
  return op.take();
}

}  // namespace ocl::kernels
