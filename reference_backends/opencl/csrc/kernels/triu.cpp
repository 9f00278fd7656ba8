// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: triu (cl/copy.cl), shaped and checked by ATen's meta function.
#include "generated/kernels/triu.h"

#include <ATen/ops/triu_meta.h>
#include <ATen/ops/triu_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/indexing.h"
#include "opencl/structured.h"

namespace ocl::kernels {
namespace {

using Meta = at::meta::structured_triu;
constexpr opencl::indexing::Triangle kKeep = opencl::indexing::Triangle::kUpper;

std::optional<int> device_for(const at::Tensor& self, const at::Tensor* out = nullptr) {
  return opencl::elementwise::device_for({&self, out}, opencl::elementwise::CpuScalars::kRefused);
}

}  // namespace

// triu_(Tensor(a!) self, SymInt diagonal=0) -> Tensor(a!)
at::Tensor& triu_(at::Tensor& self, c10::SymInt diagonal) {
  if (!device_for(self, &self)) return cpu_fallback::call<at::_ops::triu_>(self, diagonal);
  opencl::Structured<Meta> op({&self}, opencl::Output::kInPlace);
  op.meta(self, diagonal.expect_int());
  opencl::indexing::triangle(self, diagonal.expect_int(), kKeep, op.output());
  op.finish();
  return self;
}

// triu.out(Tensor self, SymInt diagonal=0, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& triu_out(const at::Tensor& self, c10::SymInt diagonal, at::Tensor& out) {
  if (!device_for(self, &out)) return cpu_fallback::call<at::_ops::triu_out>(self, diagonal, out);
  opencl::Structured<Meta> op({&out}, opencl::Output::kOut);
  op.meta(self, diagonal.expect_int());
  opencl::indexing::triangle(self, diagonal.expect_int(), kKeep, op.output());
  op.finish();
  return out;
}

// triu(Tensor self, SymInt diagonal=0) -> Tensor
at::Tensor triu(const at::Tensor& self, c10::SymInt diagonal) {
  const std::optional<int> device = device_for(self);
  if (!device) return cpu_fallback::call<at::_ops::triu>(self, diagonal);
  opencl::Structured<Meta> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, diagonal.expect_int());
  opencl::indexing::triangle(self, diagonal.expect_int(), kKeep, op.output());
  return op.take();
}

}  // namespace ocl::kernels
