// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _safe_softmax (cl/nn.cl), the softmax of scaled_dot_product_attention's math
// path. PyTorch's composite for it is a softmax, an equality test, an all-reduction and a where:
// five kernels and two small tensors where this is one kernel.
#include "generated/kernels/_safe_softmax.h"

#include <ATen/ops/_safe_softmax_ops.h>
#include <ATen/ops/empty.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"

namespace ocl::kernels {

// _safe_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor
at::Tensor _safe_softmax(
    const at::Tensor& self,
    int64_t dim,
    ::std::optional<at::ScalarType> dtype) {
  // Like at::softmax: with a dtype, the input is converted first and the softmax taken in it.
  const at::Tensor input = dtype && *dtype != self.scalar_type() ? self.to(*dtype) : self;
  if (!opencl::elementwise::device_for({&input}, opencl::elementwise::CpuScalars::kRefused) ||
      !at::isFloatingType(input.scalar_type())) {
    return cpu_fallback::call<at::_ops::_safe_softmax>(self, dim, dtype);
  }
  at::Tensor out = at::empty(input.sizes(), input.options());
  opencl::nn::safe_softmax(input, dim, out);
  return out;
}

}  // namespace ocl::kernels
