// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_dropout_backward (cl/elementwise.cl): grad_output * mask * scale, in
// grad_output's dtype, broadcast as the product would be.
#include "generated/kernels/native_dropout_backward.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/native_dropout_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {

// native_dropout_backward(Tensor grad_output, Tensor mask, float scale) -> Tensor
at::Tensor native_dropout_backward(
    const at::Tensor& grad_output,
    const at::Tensor& mask,
    double scale) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&grad_output, &mask}, opencl::elementwise::CpuScalars::kRefused);
  // A floating gradient and a bool mask (or one of the gradient's dtype): other pairs promote.
  const bool plain_mask =
      mask.scalar_type() == at::kBool || mask.scalar_type() == grad_output.scalar_type();
  if (!device || !at::isFloatingType(grad_output.scalar_type()) || !plain_mask) {
    return cpu_fallback::call<at::_ops::native_dropout_backward>(grad_output, mask, scale);
  }
  at::TensorIterator iter =
      at::TensorIteratorConfig()
          .check_all_same_dtype(false)
          .declare_static_dtype_and_device(grad_output.scalar_type(), grad_output.device())
          .add_owned_output(at::Tensor())
          .add_const_input(grad_output)
          .add_const_input(mask)
          .build();
  opencl::elementwise::run(iter, "dropout_backward", scale, 0, grad_output.scalar_type());
  return iter.output();
}

}  // namespace ocl::kernels
