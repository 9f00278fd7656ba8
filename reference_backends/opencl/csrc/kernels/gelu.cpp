// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: gelu and gelu_ (cl/elementwise.cl), the exact form (erf); the tanh
// approximation runs on the CPU.
#include "generated/kernels/gelu.h"

#include <ATen/ops/gelu_meta.h>
#include <ATen/ops/gelu_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// gelu(Tensor self, *, str approximate='none') -> Tensor
at::Tensor gelu(const at::Tensor& self, c10::string_view approximate) {
  if (approximate != "none") return cpu_fallback::call<at::_ops::gelu>(self, approximate);
  return elementwise_op::functional<at::meta::structured_gelu, at::_ops::gelu>(
      "gelu", {}, self, approximate);
}

// gelu_(Tensor(a!) self, *, str approximate='none') -> Tensor(a!)
at::Tensor& gelu_(at::Tensor& self, c10::string_view approximate) {
  if (approximate != "none") return cpu_fallback::call<at::_ops::gelu_>(self, approximate);
  return elementwise_op::in_place<at::meta::structured_gelu, at::_ops::gelu_>(
      "gelu", {}, self, approximate);
}

}  // namespace ocl::kernels
