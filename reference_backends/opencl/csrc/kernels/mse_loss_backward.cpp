// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: mse_loss_backward (cl/elementwise.cl: norm * (self - target) * grad_output).
#include "generated/kernels/mse_loss_backward.h"

#include <ATen/TensorIterator.h>
#include <ATen/core/Reduction.h>
#include <ATen/ops/mse_loss_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor
at::Tensor mse_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    int64_t reduction) {
  if (!opencl::elementwise::device_for({&grad_output, &self, &target})) {
    return cpu_fallback::call<at::_ops::mse_loss_backward>(grad_output, self, target, reduction);
  }
  const double norm =
      reduction == at::Reduction::Mean ? 2. / static_cast<double>(self.numel()) : 2.;
  at::Tensor grad_input;
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .add_output(grad_input)
                                .add_const_input(self)
                                .add_const_input(target)
                                .add_const_input(grad_output)
                                .promote_inputs_to_common_dtype(true)
                                .cast_common_dtype_to_outputs(true)
                                .enforce_safe_casting_to_output(true)
                                .build();
  opencl::elementwise::run(iter, "mse_backward", norm);
  return iter.output();
}

}  // namespace ocl::kernels
