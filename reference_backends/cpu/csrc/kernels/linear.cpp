// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: linear, run by ATen's CPU matrix products on the device memory.
//
// linear is CompositeImplicitAutograd: without this kernel it would decompose into addmm/matmul,
// which are native here too. With it, autograd records linear itself, whose backward is
// linear_backward (kernels/linear_backward.cpp), as on MPS.
#include "generated/kernels/linear.h"

#include <ATen/ops/add_cpu_dispatch.h>
#include <ATen/ops/addmm_cpu_dispatch.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/mm_cpu_dispatch.h>
#include <c10/util/accumulate.h>

#include <vector>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor
at::Tensor linear(
    const at::Tensor& input,
    const at::Tensor& weight,
    const std::optional<at::Tensor>& bias) {
  TORCH_CHECK(input.dim() >= 1, "linear: input must be at least 1-D, got ", input.dim(), "-D");
  TORCH_CHECK(
      weight.dim() == 1 || weight.dim() == 2,
      "linear: weight must be 1-D or 2-D, got ",
      weight.dim(),
      "-D");
  // input @ weight.T over input's last dimension is one matrix product with all leading
  // dimensions flattened into rows; a 1-D weight gives one output column that is then dropped.
  const bool vector_weight = weight.dim() == 1;
  const int64_t rows = c10::multiply_integers(input.sizes().begin(), input.sizes().end() - 1);
  std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end() - 1);
  if (!vector_weight) shape.push_back(weight.size(0));
  at::Tensor out = at::empty(shape, input.options());

  CpuViews cpu;
  const at::Tensor input2d = cpu(input).reshape({rows, input.size(-1)});
  const at::Tensor weight_t = vector_weight ? cpu(weight).unsqueeze(1) : cpu(weight).t();
  at::Tensor out2d = cpu(out).view({rows, weight_t.size(1)});
  const bool has_bias = bias.has_value() && bias->defined();
  if (has_bias && bias->dim() <= 1) {
    at::cpu::addmm_out(out2d, cpu(*bias), input2d, weight_t);
  } else {
    at::cpu::mm_out(out2d, input2d, weight_t);
    if (has_bias) {
      // A bias of more dimensions broadcasts against the whole output, not the flattened rows.
      at::Tensor out_view = cpu(out);
      at::cpu::add_(out_view, cpu(*bias));
    }
  }
  return out;
}

}  // namespace cpuref::kernels
