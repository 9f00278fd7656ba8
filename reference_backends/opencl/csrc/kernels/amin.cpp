// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: amin (cl/reduce.cl): the smallest element over the dimensions; NaN wins.
#include "generated/kernels/amin.h"

#include <ATen/ops/amin_meta.h>
#include <ATen/ops/amin_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor
at::Tensor amin(const at::Tensor& self, at::IntArrayRef dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::amin>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_amin> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim);
  opencl::reduce::run(self, dim, op.output(), "amin");
  return op.take();
}

}  // namespace ocl::kernels
