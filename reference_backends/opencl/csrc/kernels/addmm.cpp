// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: addmm (cl/matmul.cl): beta * self + alpha * mat1 @ mat2.
#include "generated/kernels/addmm.h"

#include <ATen/ops/addmm_meta.h>
#include <ATen/ops/addmm_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/matmul.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
at::Tensor addmm(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&self, &mat1, &mat2}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::addmm>(self, mat1, mat2, beta, alpha);
  opencl::Structured<at::meta::structured_addmm> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, mat1, mat2, beta, alpha);
  opencl::matmul::add_product(op.output(), self, mat1, mat2, beta, alpha);
  return op.take();
}

// addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!)
// out) -> Tensor(a!)
at::Tensor& addmm_out(
    const at::Tensor& self,
    const at::Tensor& mat1,
    const at::Tensor& mat2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    at::Tensor& out) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&self, &mat1, &mat2, &out}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::addmm_out>(self, mat1, mat2, beta, alpha, out);
  opencl::Structured<at::meta::structured_addmm> op({&out}, opencl::Output::kOut);
  op.meta(self, mat1, mat2, beta, alpha);
  opencl::matmul::add_product(op.output(), self, mat1, mat2, beta, alpha);
  op.finish();
  return out;
}

}  // namespace ocl::kernels
