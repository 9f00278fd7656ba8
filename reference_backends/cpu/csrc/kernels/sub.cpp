// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: sub, run by ATen's CPU kernel on the device memory: straight on the device
// tensors when they allow it (on_device.h), else on CPU views of them (cpu_view.h).
#include "generated/kernels/sub.h"

#include <ATen/ops/sub_cpu_dispatch.h>
#include <ATen/ops/sub_meta_dispatch.h>
#include <ATen/ops/sub_native.h>

#include "kernels/cpu_view.h"
#include "kernels/on_device.h"

namespace cpuref::kernels {

using SubOnDevice = OnDevice<at::native::structured_sub_out>;

// sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
at::Tensor sub_Tensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  if (uniform_device_tensors(self, other)) {
    SubOnDevice op(self.device());
    op.run(self, other, alpha);
    return op.take_result();
  }
  at::Tensor out = empty_device_like(
      at::meta::sub(meta_twin(self), meta_twin(other), alpha), result_device(self, other));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::sub_out(out_view, cpu(self), cpu(other), alpha);
  return out;
}

// sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
at::Tensor& sub__Tensor(at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  if (uniform_device_tensors(self, other)) {
    SubOnDevice op(self, Output::kInPlace);
    op.run(self, other, alpha);
    return self;
  }
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::sub_(view, cpu(other), alpha);
  return self;
}

// sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
at::Tensor& sub_out(
    const at::Tensor& self,
    const at::Tensor& other,
    const at::Scalar& alpha,
    at::Tensor& out) {
  if (uniform_device_tensors(self, other, out)) {
    SubOnDevice op(out, Output::kOut);
    op.run(self, other, alpha);
    return out;
  }
  resize_out(out, at::meta::sub(meta_twin(self), meta_twin(other), alpha));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::sub_out(out_view, cpu(self), cpu(other), alpha);
  return out;
}

}  // namespace cpuref::kernels
