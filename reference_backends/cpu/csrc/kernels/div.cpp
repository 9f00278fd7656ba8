// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of cpuref: div, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/div.h"

#include <ATen/ops/div_cpu_dispatch.h>
#include <ATen/ops/div_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// div.Tensor(Tensor self, Tensor other) -> Tensor
at::Tensor div_Tensor(const at::Tensor& self, const at::Tensor& other) {
  at::Tensor out = plain_elementwise(self, other)
                       ? empty_device_like_input(self)
                       : empty_device_like(at::meta::div(meta_twin(self), meta_twin(other)),
                                           result_device(self, other));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::div_out(out_view, cpu(self), cpu(other));
  return out;
}

// div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)
at::Tensor& div__Tensor(at::Tensor& self, const at::Tensor& other) {
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::div_(view, cpu(other));
  return self;
}

// div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& div_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  resize_out(out, at::meta::div(meta_twin(self), meta_twin(other)));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::div_out(out_view, cpu(self), cpu(other));
  return out;
}

}  // namespace cpuref::kernels
