// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: abs (cl/elementwise.cl).
#include "generated/kernels/abs.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/abs_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// abs(Tensor self) -> Tensor
at::Tensor abs(const at::Tensor& self) {
  if (!opencl::elementwise::device_for({&self})) return cpu_fallback::call<at::_ops::abs>(self);
  TORCH_CHECK_NOT_IMPLEMENTED(
      self.scalar_type() != at::kBool, "\"abs\" not implemented for 'Bool'");
  at::Tensor out;
  at::TensorIterator iter = at::TensorIterator::unary_op(out, self);
  opencl::elementwise::run(iter, "abs");
  return iter.output();
}

}  // namespace ocl::kernels
