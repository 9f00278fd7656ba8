// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: mse_loss_backward, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/mse_loss_backward.h"

#include <ATen/ExpandUtils.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/mse_loss_backward_cpu_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor
at::Tensor mse_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    int64_t reduction) {
  // No meta function: the CPU kernel writes a contiguous tensor of self's dtype, shaped as its
  // inputs broadcast together (self's shape unless the caller broadcasts).
  const at::DimVector shape = at::infer_size_dimvector(
      at::infer_size_dimvector(self.sizes(), target.sizes()), grad_output.sizes());
  at::Tensor grad_input =
      at::empty(shape, self.options().device(result_device(self, target, grad_output)));
  CpuViews cpu;
  at::Tensor grad_input_view = cpu(grad_input);
  at::cpu::mse_loss_backward_out(
      grad_input_view, cpu(grad_output), cpu(self), cpu(target), reduction);
  return grad_input;
}

}  // namespace cpuref::kernels
