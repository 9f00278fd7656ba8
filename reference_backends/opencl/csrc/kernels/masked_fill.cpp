// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: masked_fill_ (cl/elementwise.cl), with a scalar or a 0-dim tensor value (read on
// the host, as CUDA does with a CPU one); the functional masked_fill is a clone and this.
#include "generated/kernels/masked_fill.h"

#include <ATen/MemoryOverlap.h>
#include <ATen/TensorIterator.h>
#include <ATen/ops/masked_fill_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"

namespace ocl::kernels {

// masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)
at::Tensor& masked_fill__Scalar(at::Tensor& self, const at::Tensor& mask, const at::Scalar& value) {
  // A tensor that overlaps itself takes the CPU's path, with its deprecation warning.
  if (mask.scalar_type() != at::kBool ||
      !opencl::elementwise::device_for({&self, &mask}, opencl::elementwise::CpuScalars::kRefused) ||
      at::has_internal_overlap(self) == at::MemOverlap::Yes) {
    return cpu_fallback::call<at::_ops::masked_fill__Scalar>(self, mask, value);
  }
  at::assert_no_partial_overlap(self, mask);
  const at::Scalar in_dtype = opencl::elementwise::in_dtype(value, self.scalar_type());
  // self is read as well as written: the kernel keeps the elements the mask does not select.
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .set_check_mem_overlap(false)
                                .check_all_same_dtype(false)
                                .resize_outputs(false)
                                .add_output(self)
                                .add_const_input(self)
                                .add_const_input(mask)
                                .build();
  opencl::elementwise::run(iter, "masked_fill", in_dtype, 0, self.scalar_type());
  return self;
}

// masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)
at::Tensor& masked_fill__Tensor(at::Tensor& self, const at::Tensor& mask, const at::Tensor& value) {
  // A value of more dimensions is an error, which the CPU's path raises.
  if (value.dim() != 0) return cpu_fallback::call<at::_ops::masked_fill__Tensor>(self, mask, value);
  return masked_fill__Scalar(self, mask, value.item());
}

}  // namespace ocl::kernels
