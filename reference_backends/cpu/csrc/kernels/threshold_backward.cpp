// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: threshold_backward, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/threshold_backward.h"

#include <ATen/ops/threshold_backward_cpu_dispatch.h>
#include <ATen/ops/threshold_backward_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor
at::Tensor threshold_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Scalar& threshold) {
  at::Tensor grad_input = empty_device_like(
      at::meta::threshold_backward(meta_twin(grad_output), meta_twin(self), threshold),
      result_device(grad_output, self));
  CpuViews cpu;
  at::Tensor grad_input_view = cpu(grad_input);
  at::cpu::threshold_backward_out(grad_input_view, cpu(grad_output), cpu(self), threshold);
  return grad_input;
}

}  // namespace cpuref::kernels
