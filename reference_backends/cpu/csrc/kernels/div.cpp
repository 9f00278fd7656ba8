// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: div, run by ATen's CPU kernel on the device memory: straight on the device
// tensors when they allow it (on_device.h), else on CPU views of them (cpu_view.h).
#include "generated/kernels/div.h"

#include <ATen/ops/div_cpu_dispatch.h>
#include <ATen/ops/div_meta_dispatch.h>
#include <ATen/ops/div_native.h>
#include <c10/core/ScalarType.h>

#include "kernels/cpu_view.h"
#include "kernels/on_device.h"

namespace cpuref::kernels {
namespace {

using DivOnDevice = OnDevice<at::native::structured_div_out>;

// True division of integers computes in a floating dtype, to which TensorIterator converts only on
// the CPU: integer tensors take the CPU views.
template <class... Rest>
bool div_on_device(const at::Tensor& self, const Rest&... rest) {
  return !at::isIntegralType(self.scalar_type(), /*includeBool=*/true) &&
         uniform_device_tensors(self, rest...);
}

}  // namespace

// div.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor div_Tensor(const at::Tensor& self, const at::Tensor& other) {
  if (div_on_device(self, other)) {
    DivOnDevice op(self.device());
    op.run(self, other);
    return op.take_result();
  }
  at::Tensor out = empty_device_like(
      at::meta::div(meta_twin(self), meta_twin(other)), result_device(self, other));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::div_out(out_view, cpu(self), cpu(other));
  return out;
}

// div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& div__Tensor(at::Tensor& self, const at::Tensor& other) {
  if (div_on_device(self, other)) {
    DivOnDevice op(self, Output::kInPlace);
    op.run(self, other);
    return self;
  }
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::div_(view, cpu(other));
  return self;
}

// div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& div_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  if (div_on_device(self, other, out)) {
    DivOnDevice op(out, Output::kOut);
    op.run(self, other);
    return out;
  }
  resize_out(out, at::meta::div(meta_twin(self), meta_twin(other)));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::div_out(out_view, cpu(self), cpu(other));
  return out;
}

}  // namespace cpuref::kernels
