// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: all (cl/reduce.cl) over one dimension or all of them, into bool (uint8 for a
// uint8 input), as ATen's meta functions shape it.
#include "generated/kernels/all.h"

#include <ATen/ops/all_meta.h>
#include <ATen/ops/all_ops.h>

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

// all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor
at::Tensor all_dim(const at::Tensor& self, int64_t dim, bool keepdim) {
  const std::optional<int> device = device_for(self);
  if (!device) return cpu_fallback::call<at::_ops::all_dim>(self, dim, keepdim);
  opencl::Structured<at::meta::structured_all_dim> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, keepdim);
  const int64_t along[] = {dim};
  opencl::reduce::run(self, along, op.output(), "all");
  return op.take();
}

// all.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& all_out(const at::Tensor& self, int64_t dim, bool keepdim, at::Tensor& out) {
  if (!device_for(self, &out)) {
    return cpu_fallback::call<at::_ops::all_out>(self, dim, keepdim, out);
  }
  opencl::Structured<at::meta::structured_all_dim> op({&out}, opencl::Output::kOut);
  op.meta(self, dim, keepdim);
  const int64_t along[] = {dim};
  opencl::reduce::run(self, along, op.output(), "all");
  op.finish();
  return out;
}

// all(Tensor self) -> Tensor
at::Tensor all(const at::Tensor& self) {
  const std::optional<int> device = device_for(self);
  if (!device) return cpu_fallback::call<at::_ops::all>(self);
  opencl::Structured<at::meta::structured_all> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self);
  opencl::reduce::run(self, std::nullopt, op.output(), "all");
  return op.take();
}

// all.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& all_all_out(const at::Tensor& self, at::Tensor& out) {
  if (!device_for(self, &out)) return cpu_fallback::call<at::_ops::all_all_out>(self, out);
  opencl::Structured<at::meta::structured_all> op({&out}, opencl::Output::kOut);
  op.meta(self);
  opencl::reduce::run(self, std::nullopt, op.output(), "all");
  op.finish();
  return out;
}

}  // namespace ocl::kernels
