// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: sum (cl/reduce.cl); the meta function decides the result's shape and dtype.
#include "generated/kernels/sum.h"

#include <ATen/ops/sum_meta.h>
#include <ATen/ops/sum_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"
#include "opencl/types.h"

namespace ocl::kernels {

// sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) ->
// Tensor
at::Tensor sum_dim_IntList(
    const at::Tensor& self,
    at::OptionalIntArrayRef dim,
    bool keepdim,
    ::std::optional<at::ScalarType> dtype) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || (dtype && !opencl::supported(*dtype, *device))) {
    return cpu_fallback::call<at::_ops::sum_dim_IntList>(self, dim, keepdim, dtype);
  }
  opencl::Structured<at::meta::structured_sum_dim_IntList> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim, dtype);
  opencl::reduce::run(self, dim, op.output(), "sum");
  return op.take();
}

// sum(Tensor self, *, ScalarType? dtype=None) -> Tensor
at::Tensor sum(const at::Tensor& self, ::std::optional<at::ScalarType> dtype) {
  return sum_dim_IntList(self, std::nullopt, false, dtype);
}

}  // namespace ocl::kernels
