// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: _fused_adam, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/_fused_adam.h"

#include <ATen/ops/_fused_adam_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// _fused_adam_(Tensor(a!)[] self, Tensor(b!)[] grads, Tensor(c!)[] exp_avgs, Tensor(d!)[]
// exp_avg_sqs, Tensor(e!)[] max_exp_avg_sqs, Tensor[] state_steps, *, float lr, float beta1, float
// beta2, float weight_decay, float eps, bool amsgrad, bool maximize, Tensor? grad_scale=None,
// Tensor? found_inf=None) -> ()
void _fused_adam_(
    at::TensorList self,
    at::TensorList grads,
    at::TensorList exp_avgs,
    at::TensorList exp_avg_sqs,
    at::TensorList max_exp_avg_sqs,
    at::TensorList state_steps,
    double lr,
    double beta1,
    double beta2,
    double weight_decay,
    double eps,
    bool amsgrad,
    bool maximize,
    const ::std::optional<at::Tensor>& grad_scale,
    const ::std::optional<at::Tensor>& found_inf) {
  return cpu_kernel::call<at::_ops::_fused_adam_>(
      self,
      grads,
      exp_avgs,
      exp_avg_sqs,
      max_exp_avg_sqs,
      state_steps,
      lr,
      beta1,
      beta2,
      weight_decay,
      eps,
      amsgrad,
      maximize,
      grad_scale,
      found_inf);
}

}  // namespace cpuref::kernels
