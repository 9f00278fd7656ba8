// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: addmm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/addmm.h"

#include <ATen/ops/addmm_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!)
// out) -> Tensor(a!)
at::Tensor& addmm_out(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    at::Tensor& out) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::addmm_out>(self, mat1, mat2, beta, alpha, out);
}

// addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
at::Tensor addmm(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::addmm>(self, mat1, mat2, beta, alpha);
}

}  // namespace ocl::kernels
