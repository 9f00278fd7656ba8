// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: argmin (cl/reduce.cl): the first smallest element's index; NaN counts as
// smallest.
#include "generated/kernels/argmin.h"

#include <ATen/ops/argmin_meta.h>
#include <ATen/ops/argmin_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor
at::Tensor argmin(const at::Tensor& self, ::std::optional<int64_t> dim, bool keepdim) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::argmin>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_argmin> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim);
  if (dim) {
    const int64_t along[] = {*dim};
    opencl::reduce::run(self, along, op.output(), "argmin");
  } else {
    // Over every element, indexed as in self.flatten().
    opencl::reduce::run(self, std::nullopt, op.output(), "argmin");
  }
  return op.take();
}

}  // namespace ocl::kernels
