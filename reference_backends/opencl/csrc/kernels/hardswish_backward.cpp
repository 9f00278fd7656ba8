// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: hardswish_backward (cl/elementwise.cl) over ATen's binary TensorIterator, as
// the CPU's kernel is: 0 below -3, grad_output * (self / 3 + 1/2) up to 3, grad_output above.
#include "generated/kernels/hardswish_backward.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/hardswish_backward_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {

// hardswish_backward(Tensor grad_output, Tensor self) -> Tensor
at::Tensor hardswish_backward(const at::Tensor& grad_output, const at::Tensor& self) {
  if (!opencl::elementwise::device_for(
          {&grad_output, &self}, opencl::elementwise::CpuScalars::kRefused)) {
    return cpu_fallback::call<at::_ops::hardswish_backward>(grad_output, self);
  }
  at::Tensor grad_input;
  at::TensorIterator iter = at::TensorIterator::borrowing_binary_op(grad_input, grad_output, self);
  opencl::elementwise::run(iter, "hardswish_backward");
  return iter.output();
}

}  // namespace ocl::kernels
