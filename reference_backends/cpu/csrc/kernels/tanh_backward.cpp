// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: tanh_backward, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/tanh_backward.h"

#include <ATen/ops/tanh_backward_cpu_dispatch.h>
#include <ATen/ops/tanh_backward_meta_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// tanh_backward(Tensor grad_output, Tensor output) -> Tensor
at::Tensor tanh_backward(const at::Tensor& grad_output, const at::Tensor& output) {
  at::Tensor grad_input = empty_device_like(
      at::meta::tanh_backward(meta_twin(grad_output), meta_twin(output)),
      result_device(grad_output, output));
  CpuViews cpu;
  at::Tensor grad_input_view = cpu(grad_input);
  at::cpu::tanh_backward_out(grad_input_view, cpu(grad_output), cpu(output));
  return grad_input;
}

}  // namespace cpuref::kernels
