// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: mm (cl/matmul.cl: see opencl/matmul.h).
#include "generated/kernels/mm.h"

#include <ATen/ops/mm_meta.h>
#include <ATen/ops/mm_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/matmul.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// mm(Tensor self, Tensor mat2) -> Tensor
at::Tensor mm(const at::Tensor& self, const at::Tensor& mat2) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self, &mat2}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::mm>(self, mat2);
  opencl::Structured<at::meta::structured_mm> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, mat2);
  opencl::matmul::gemm(self, mat2, op.output(), 1, 0);
  return op.take();
}

// mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& mm_out(const at::Tensor& self, const at::Tensor& mat2, at::Tensor& out) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&self, &mat2, &out}, opencl::elementwise::CpuScalars::kRefused);
  if (!device) return cpu_fallback::call<at::_ops::mm_out>(self, mat2, out);
  opencl::Structured<at::meta::structured_mm> op({&out}, opencl::Output::kOut);
  op.meta(self, mat2);
  opencl::matmul::gemm(self, mat2, op.output(), 1, 0);
  op.finish();
  return out;
}

}  // namespace ocl::kernels
