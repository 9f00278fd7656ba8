// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: logical_not.out (cl/elementwise.cl): 1 where self is 0, in out's dtype. The
// functional and in-place forms are ATen's, through this one.
#include "generated/kernels/logical_not.h"

#include <ATen/TensorIterator.h>
#include <ATen/ops/logical_not_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {

// logical_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& logical_not_out(const at::Tensor& self, at::Tensor& out) {
  if (!opencl::elementwise::device_for({&self, &out}, opencl::elementwise::CpuScalars::kRefused)) {
    return cpu_fallback::call<at::_ops::logical_not_out>(self, out);
  }
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .check_all_same_dtype(false)
                                .add_output(out)
                                .add_const_input(self)
                                .build();
  opencl::elementwise::run(iter, "logical_not", 0, 0, self.scalar_type());
  return out;
}

}  // namespace ocl::kernels
