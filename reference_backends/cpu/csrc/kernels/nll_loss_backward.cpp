// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: nll_loss_backward, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/nll_loss_backward.h"

#include <ATen/ops/nll_loss_backward_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

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
  return cpu_kernel::call<at::_ops::nll_loss_backward>(
      grad_output, self, target, weight, reduction, ignore_index, total_weight);
}

}  // namespace cpuref::kernels
