// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _softmax and _softmax.out (cl/nn.cl: a work-group per row along dim).
#include "generated/kernels/_softmax.h"

#include <ATen/ops/_softmax_meta.h>
#include <ATen/ops/_softmax_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// _softmax(Tensor self, int dim, bool half_to_float) -> Tensor
at::Tensor _softmax(const at::Tensor& self, int64_t dim, bool half_to_float) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type())) {
    return cpu_fallback::call<at::_ops::_softmax>(self, dim, half_to_float);
  }
  opencl::Structured<at::meta::structured__softmax> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, half_to_float);
  opencl::nn::softmax(self, dim, /*log=*/false, op.output());
  return op.take();
}

// _softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& _softmax_out(const at::Tensor& self, int64_t dim, bool half_to_float, at::Tensor& out) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self, &out}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type())) {
    return cpu_fallback::call<at::_ops::_softmax_out>(self, dim, half_to_float, out);
  }
  opencl::Structured<at::meta::structured__softmax> op({&out}, opencl::Output::kOut);
  op.meta(self, dim, half_to_float);
  opencl::nn::softmax(self, dim, /*log=*/false, op.output());
  op.finish();
  return out;
}

}  // namespace ocl::kernels
