// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: mm, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/mm.h"

#include <ATen/ops/mm_cpu_dispatch.h>
#include <ATen/ops/mm_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// mm(Tensor self, Tensor mat2) -> Tensor
at::Tensor mm(const at::Tensor& self, const at::Tensor& mat2) {
  // Two matrices of one floating dtype on one device give a contiguous (n, m) matrix of that
  // dtype; anything else asks the meta function (which also reports shape errors).
  const bool plain = self.dim() == 2 && mat2.dim() == 2 && self.is_floating_point() &&
                     self.is_privateuseone() && mat2.device() == self.device() &&
                     mat2.scalar_type() == self.scalar_type() && self.size(1) == mat2.size(0);
  at::Tensor out =
      plain
          ? empty_device(
                {self.size(0), mat2.size(1)}, {mat2.size(1), 1}, self.scalar_type(), self.device())
          : empty_device_like(
                at::meta::mm(meta_twin(self), meta_twin(mat2)), result_device(self, mat2));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mm_out(out_view, cpu(self), cpu(mat2));
  return out;
}

// mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& mm_out(const at::Tensor& self, const at::Tensor& mat2, at::Tensor& out) {
  resize_out(out, at::meta::mm(meta_twin(self), meta_twin(mat2)));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mm_out(out_view, cpu(self), cpu(mat2));
  return out;
}

}  // namespace cpuref::kernels
