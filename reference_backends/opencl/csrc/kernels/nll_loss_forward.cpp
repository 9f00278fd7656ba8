// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: nll_loss_forward (cl/nn.cl).
#include "generated/kernels/nll_loss_forward.h"

#include <ATen/ops/nll_loss_forward_meta.h>
#include <ATen/ops/nll_loss_forward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index)
// -> (Tensor output, Tensor total_weight)
::std::tuple<at::Tensor, at::Tensor> nll_loss_forward(
    const at::Tensor& self,
    const at::Tensor& target,
    const ::std::optional<at::Tensor>& weight,
    int64_t reduction,
    c10::SymInt ignore_index) {
  const at::Tensor* w = weight && weight->defined() ? &*weight : nullptr;
  const std::optional<int> device = opencl::elementwise::device_for(
      {&self, &target, w}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || !at::isFloatingType(self.scalar_type()) || target.scalar_type() != at::kLong ||
      (w != nullptr && w->scalar_type() != self.scalar_type())) {
    return cpu_fallback::call<at::_ops::nll_loss_forward>(
        self, target, weight, reduction, ignore_index);
  }
  opencl::Structured<at::meta::structured_nll_loss_forward, 2> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  const int64_t ignore = ignore_index.expect_int();
  op.meta(self, target, at::OptionalTensorRef(w != nullptr ? *w : at::Tensor()), reduction, ignore);
  opencl::nn::nll_loss_forward(self, target, weight, reduction, ignore, op.output(0), op.output(1));
  return {op.take(0), op.take(1)};
}

}  // namespace ocl::kernels
