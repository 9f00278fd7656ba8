// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: linear_backward, run by ATen's CPU matrix products on the device memory.
// Autograd calls it for the native linear (kernels/linear.cpp); the CPU has no kernel of its own
// (it differentiates linear's decomposition), so the fallback could not run it.
#include "generated/kernels/linear_backward.h"

#include <ATen/ops/empty.h>
#include <ATen/ops/mm_cpu_dispatch.h>
#include <ATen/ops/sum_cpu_dispatch.h>
#include <c10/util/accumulate.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// linear_backward(Tensor self, Tensor grad_output, Tensor weight, bool[3] output_mask) -> (Tensor,
// Tensor, Tensor)
std::tuple<at::Tensor, at::Tensor, at::Tensor> linear_backward(
    const at::Tensor& self,
    const at::Tensor& grad_output,
    const at::Tensor& weight,
    std::array<bool, 3> output_mask) {
  // As in the forward: the leading dimensions flattened into rows, a 1-D weight as one row.
  CpuViews cpu;
  const int64_t rows = c10::multiply_integers(self.sizes().begin(), self.sizes().end() - 1);
  const at::Tensor weight2d = weight.dim() == 1 ? cpu(weight).unsqueeze(0) : cpu(weight);
  const at::Tensor input2d = cpu(self).reshape({rows, self.size(-1)});
  const at::Tensor grad2d = cpu(grad_output).reshape({rows, weight2d.size(0)});

  at::Tensor grad_input, grad_weight, grad_bias;
  if (output_mask[0]) {
    grad_input = at::empty(self.sizes(), grad_output.options());
    at::Tensor view = cpu(grad_input).view(input2d.sizes());
    at::cpu::mm_out(view, grad2d, weight2d);
  }
  if (output_mask[1]) {
    grad_weight = at::empty(weight.sizes(), grad_output.options());
    at::Tensor view = cpu(grad_weight).view(weight2d.sizes());
    at::cpu::mm_out(view, grad2d.t(), input2d);
  }
  if (output_mask[2]) {
    // A 1-D weight has a 0-dim bias.
    grad_bias = weight.dim() == 1 ? at::empty({}, grad_output.options())
                                  : at::empty({weight2d.size(0)}, grad_output.options());
    at::Tensor view = cpu(grad_bias).view({weight2d.size(0)});
    at::cpu::sum_out(view, grad2d, /*dim=*/0);
  }
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace cpuref::kernels
