// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: addmm, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/addmm.h"

#include <ATen/ops/addmm_cpu_dispatch.h>
#include <ATen/ops/addmm_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!)
// out) -> Tensor(a!)
at::Tensor& addmm_out(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    at::Tensor& out) {
  resize_out(out, at::meta::addmm(meta_twin(self), meta_twin(mat1), meta_twin(mat2), beta, alpha));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::addmm_out(out_view, cpu(self), cpu(mat1), cpu(mat2), beta, alpha);
  return out;
}

// addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
at::Tensor addmm(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  at::Tensor out = empty_device_like(
      at::meta::addmm(meta_twin(self), meta_twin(mat1), meta_twin(mat2), beta, alpha),
      result_device(self, mat1, mat2));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::addmm_out(out_view, cpu(self), cpu(mat1), cpu(mat2), beta, alpha);
  return out;
}

}  // namespace cpuref::kernels
