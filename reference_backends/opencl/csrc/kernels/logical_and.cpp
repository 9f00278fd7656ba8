// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: logical_and.out (cl/elementwise.cl) over ATen's comparison iterator: the inputs
// in their common dtype, 1 or 0 in out's. The functional and in-place forms are ATen's, through
// this one.
#include "generated/kernels/logical_and.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/logical_and_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {

// logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& logical_and_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {
  if (!out.is_privateuseone() || !opencl::elementwise::device_for({&self, &other, &out})) {
    return cpu_fallback::call<at::_ops::logical_and_out>(self, other, out);
  }
  at::TensorIterator iter = at::TensorIterator::comparison_op(out, self, other);
  opencl::elementwise::run(iter, "logical_and");
  return out;
}

}  // namespace ocl::kernels
