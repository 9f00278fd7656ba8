// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: gelu_backward (cl/elementwise.cl), of the exact form; the tanh approximation's
// runs on the CPU.
#include "generated/kernels/gelu_backward.h"

#include <ATen/ops/gelu_backward_meta.h>
#include <ATen/ops/gelu_backward_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// gelu_backward(Tensor grad_output, Tensor self, *, str approximate='none') -> Tensor
at::Tensor gelu_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    c10::string_view approximate) {
  if (approximate != "none") {
    return cpu_fallback::call<at::_ops::gelu_backward>(grad_output, self, approximate);
  }
  return elementwise_op::functional<at::meta::structured_gelu_backward, at::_ops::gelu_backward>(
      "gelu_backward", {}, grad_output, self, approximate);
}

}  // namespace ocl::kernels
