// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: hardswish (cl/elementwise.cl), x * min(max(x + 3, 0), 6) / 6 on floating
// types, over ATen's unary TensorIterator as the CPU's kernel is.
#include "generated/kernels/hardswish.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/hardswish_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {
namespace {

bool on_device(const at::Tensor& self, const at::Tensor& out) {
  return opencl::elementwise::device_for({&self, &out}, opencl::elementwise::CpuScalars::kRefused)
      .has_value();
}

at::Tensor compute(const at::Tensor& self, at::Tensor out) {
  at::TensorIterator iter = at::TensorIterator::unary_op(out, self);
  opencl::elementwise::run(iter, "hardswish");
  return iter.output();
}

}  // namespace

// hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& hardswish_out(const at::Tensor& self, at::Tensor& out) {
  if (!on_device(self, out)) return cpu_fallback::call<at::_ops::hardswish_out>(self, out);
  compute(self, out);
  return out;
}

// hardswish(Tensor self) -> Tensor
at::Tensor hardswish(const at::Tensor& self) {
  if (!on_device(self, at::Tensor())) return cpu_fallback::call<at::_ops::hardswish>(self);
  return compute(self, at::Tensor());
}

// hardswish_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& hardswish_(at::Tensor& self) {
  if (!on_device(self, self)) return cpu_fallback::call<at::_ops::hardswish_>(self);
  compute(self, self);
  return self;
}

}  // namespace ocl::kernels
