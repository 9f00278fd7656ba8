// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: gelu (cl/elementwise.cl), the exact form (erf); the tanh approximation runs on
// the CPU.
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

}  // namespace ocl::kernels
