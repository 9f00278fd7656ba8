// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: baddbmm (cl/matmul.cl): beta * self + alpha * batch1 @ batch2, one launch for
// the batch.
#include "generated/kernels/baddbmm.h"

#include <ATen/ops/baddbmm_meta.h>
#include <ATen/ops/baddbmm_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/matmul.h"
#include "opencl/structured.h"

namespace ocl::kernels {

namespace {

std::optional<int> device_for(
    const at::Tensor& self,
    const at::Tensor& batch1,
    const at::Tensor& batch2,
    const at::Tensor* out = nullptr) {
  return opencl::elementwise::device_for(
      {&self, &batch1, &batch2, out}, opencl::elementwise::CpuScalars::kRefused);
}

}  // namespace

// baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
at::Tensor baddbmm(
    const at::Tensor& self,
    const at::Tensor& batch1,
    const at::Tensor& batch2,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  const std::optional<int> device = device_for(self, batch1, batch2);
  if (!device) return cpu_fallback::call<at::_ops::baddbmm>(self, batch1, batch2, beta, alpha);
  opencl::Structured<at::meta::structured_baddbmm> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, batch1, batch2, beta, alpha);
  opencl::matmul::add_product(op.output(), self, batch1, batch2, beta, alpha);
  return op.take();
}

// baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) ->
// Tensor(a!)
at::Tensor& baddbmm_(
    at::Tensor& self,
    const at::Tensor& batch1,
    const at::Tensor& batch2,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  if (!device_for(self, batch1, batch2, &self)) {
    return cpu_fallback::call<at::_ops::baddbmm_>(self, batch1, batch2, beta, alpha);
  }
  opencl::Structured<at::meta::structured_baddbmm> op({&self}, opencl::Output::kInPlace);
  op.meta(self, batch1, batch2, beta, alpha);
  opencl::matmul::add_product(op.output(), self, batch1, batch2, beta, alpha);
  op.finish();
  return self;
}

// baddbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1,
// Tensor(a!) out) -> Tensor(a!)
at::Tensor& baddbmm_out(
    const at::Tensor& self,
    const at::Tensor& batch1,
    const at::Tensor& batch2,
    const at::Scalar& beta,
    const at::Scalar& alpha,
    at::Tensor& out) {
  if (!device_for(self, batch1, batch2, &out)) {
    return cpu_fallback::call<at::_ops::baddbmm_out>(self, batch1, batch2, beta, alpha, out);
  }
  opencl::Structured<at::meta::structured_baddbmm> op({&out}, opencl::Output::kOut);
  op.meta(self, batch1, batch2, beta, alpha);
  opencl::matmul::add_product(op.output(), self, batch1, batch2, beta, alpha);
  op.finish();
  return out;
}

}  // namespace ocl::kernels
