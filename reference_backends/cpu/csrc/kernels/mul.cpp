// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: mul, run by ATen's CPU kernel on the device memory: straight on the device
// tensors when they allow it (on_device.h), else on CPU views of them (cpu_view.h).
#include "generated/kernels/mul.h"

#include <ATen/ops/mul_cpu_dispatch.h>
#include <ATen/ops/mul_meta_dispatch.h>
#include <ATen/ops/mul_native.h>

#include "kernels/cpu_view.h"
#include "kernels/on_device.h"

namespace cpuref::kernels {

using MulOnDevice = OnDevice<at::native::structured_mul_out>;

// mul.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor mul_Tensor(const at::Tensor& self, const at::Tensor& other) {
  if (uniform_device_tensors(self, other)) {
    MulOnDevice op(self.device());
    op.run(self, other);
    return op.take_result();
  }
  at::Tensor out = empty_device_like(
      at::meta::mul(meta_twin(self), meta_twin(other)), result_device(self, other));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mul_out(out_view, cpu(self), cpu(other));
  return out;
}

// mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& mul__Tensor(at::Tensor& self, const at::Tensor& other) {
  if (uniform_device_tensors(self, other)) {
    MulOnDevice op(self, Output::kInPlace);
    op.run(self, other);
    return self;
  }
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::mul_(view, cpu(other));
  return self;
}

// mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& mul_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  if (uniform_device_tensors(self, other, out)) {
    MulOnDevice op(out, Output::kOut);
    op.run(self, other);
    return out;
  }
  resize_out(out, at::meta::mul(meta_twin(self), meta_twin(other)));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mul_out(out_view, cpu(self), cpu(other));
  return out;
}

}  // namespace cpuref::kernels
