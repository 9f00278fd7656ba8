// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: bmm and bmm.out (cl/matmul.cl, a batch of products in one launch).
#include "generated/kernels/bmm.h"

#include <ATen/ops/bmm_meta.h>
#include <ATen/ops/bmm_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/matmul.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// bmm(Tensor self, Tensor mat2) -> Tensor
at::Tensor bmm(const at::Tensor& self, const at::Tensor& mat2) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self, &mat2}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::bmm>(self, mat2);
  opencl::Structured<at::meta::structured_bmm> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, mat2);
  opencl::matmul::gemm(self, mat2, op.output(), 1, 0);
  return op.take();
}

// bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& bmm_out(const at::Tensor& self, const at::Tensor& mat2, at::Tensor& out) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&self, &mat2, &out}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::bmm_out>(self, mat2, out);
  opencl::Structured<at::meta::structured_bmm> op({&out}, opencl::Output::kOut);
  op.meta(self, mat2);
  opencl::matmul::gemm(self, mat2, op.output(), 1, 0);
  op.finish();
  return out;
}

}  // namespace ocl::kernels
