// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: any (cl/reduce.cl) over one dimension or all of them, into bool (uint8 for a
// uint8 input), as ATen's meta functions shape it.
#include "generated/kernels/any.h"

#include <ATen/ops/any_meta.h>
#include <ATen/ops/any_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/reduce.h"
#include "opencl/structured.h"

namespace ocl::kernels {
namespace {

std::optional<int> device_for(const at::Tensor& self, const at::Tensor* out = nullptr) {
  return opencl::elementwise::device_for({&self, out}, opencl::elementwise::CpuScalars::kRefused);
}

}  // namespace

// any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor
at::Tensor any_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device = device_for(self);
  if (!device) return cpu_fallback::call<at::_ops::any_dim>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_any_dim> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim);
  const int64_t along[] = {dim};
  opencl::reduce::run(self, along, op.output(), "any");
  return op.take();
}

// any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& any_out(const at::Tensor& self, int64_t dim, bool keepdim, at::Tensor& out) {
  if (!device_for(self, &out)) {
    return cpu_fallback::call<at::_ops::any_out>(self, dim, keepdim, out);
  }
  opencl::Structured<at::meta::structured_any_dim> op({&out}, opencl::Output::kOut);
  op.meta(self, dim, keepdim);
  const int64_t along[] = {dim};
  opencl::reduce::run(self, along, op.output(), "any");
  op.finish();
  return out;
}

// any(Tensor self) -> Tensor
at::Tensor any(const at::Tensor& self) {
  const std::optional<int> device = device_for(self);
  if (!device) return cpu_fallback::call<at::_ops::any>(self);
  opencl::Structured<at::meta::structured_any> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self);
  opencl::reduce::run(self, std::nullopt, op.output(), "any");
  return op.take();
}

// any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& any_all_out(const at::Tensor& self, at::Tensor& out) {
  if (!device_for(self, &out)) return cpu_fallback::call<at::_ops::any_all_out>(self, out);
  opencl::Structured<at::meta::structured_any> op({&out}, opencl::Output::kOut);
  op.meta(self);
  opencl::reduce::run(self, std::nullopt, op.output(), "any");
  op.finish();
  return out;
}

}  // namespace ocl::kernels
