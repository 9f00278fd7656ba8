// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: nll_loss_backward (cl/nn.cl).
#include "generated/kernels/nll_loss_backward.h"

#include <ATen/ops/nll_loss_backward_meta.h>
#include <ATen/ops/nll_loss_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction,
// SymInt ignore_index, Tensor total_weight) -> Tensor
at::Tensor nll_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    const ::std::optional<at::Tensor>& weight,
    int64_t reduction,
    c10::SymInt ignore_index,
    const at::Tensor& total_weight) {
  const at::Tensor* w = weight && weight->defined() ? &*weight : nullptr;
  const std::optional<int> device = opencl::elementwise::device_for(
      {&grad_output, &self, &target, w, &total_weight}, opencl::elementwise::CpuScalars::kRefused);
  const auto same = [&](const at::Tensor* t) {
    return t == nullptr || t->scalar_type() == self.scalar_type();
  };
  if (!device || !at::isFloatingType(self.scalar_type()) || target.scalar_type() != at::kLong ||
      !same(w) || !same(&grad_output) || !same(&total_weight)) {
    return cpu_fallback::call<at::_ops::nll_loss_backward>(
        grad_output, self, target, weight, reduction, ignore_index, total_weight);
  }
  opencl::Structured<at::meta::structured_nll_loss_backward> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  const int64_t ignore = ignore_index.expect_int();
  op.meta(
      grad_output,
      self,
      target,
      at::OptionalTensorRef(w != nullptr ? *w : at::Tensor()),
      reduction,
      ignore,
      total_weight);
  opencl::nn::nll_loss_backward(
      grad_output, self, target, weight, reduction, ignore, total_weight, op.output());
  return op.take();
}

}  // namespace ocl::kernels
