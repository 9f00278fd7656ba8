// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _log_softmax (cl/nn.cl: a work-group per row along dim).
#include "generated/kernels/_log_softmax.h"

#include <ATen/ops/_log_softmax_meta.h>
#include <ATen/ops/_log_softmax_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// _log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor
at::Tensor _log_softmax(const at::Tensor& self, int64_t dim, bool half_to_float) {
  const std::optional<int> device =
      opencl::elementwise::device_for({&self}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type())) {
    return cpu_fallback::call<at::_ops::_log_softmax>(self, dim, half_to_float);
  }
  opencl::Structured<at::meta::structured__log_softmax> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, dim, half_to_float);
  opencl::nn::softmax(self, dim, /*log=*/true, op.output());
  return op.take();
}

}  // namespace ocl::kernels
