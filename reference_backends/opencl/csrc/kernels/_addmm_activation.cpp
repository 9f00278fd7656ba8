// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _addmm_activation (a linear layer and its ReLU or exact GELU, as the CPU
// computes it), from ocl's addmm and activation kernels.
#include "generated/kernels/_addmm_activation.h"

#include <ATen/ops/addmm.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/gelu.h>
#include <ATen/ops/relu.h>

namespace ocl::kernels {

// _addmm_activation.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1,
// bool use_gelu=False, Tensor(a!) out) -> Tensor(a!)
at::Tensor& _addmm_activation_out(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    bool use_gelu,
    at::Tensor& out) {
  at::addmm_out(out, self, mat1, mat2, beta, alpha);
  return use_gelu ? at::gelu_(out) : at::relu_(out);
}

// _addmm_activation(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, bool
// use_gelu=False) -> Tensor
at::Tensor _addmm_activation(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    bool use_gelu) {
  at::Tensor out = at::empty({0}, self.options());
  return _addmm_activation_out(self, mat1, mat2, beta, alpha, use_gelu, out);
}

}  // namespace ocl::kernels
