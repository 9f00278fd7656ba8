// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: where.self (cl/elementwise.cl), in the result type of self and other.
#include "generated/kernels/where.h"

#include <ATen/ExpandUtils.h>
#include <ATen/TensorIterator.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/result_type.h>
#include <ATen/ops/where_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// where.self(Tensor condition, Tensor self, Tensor other) -> Tensor
at::Tensor where_self(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other) {
  const std::optional<int> device = opencl::elementwise::device_for({&condition, &self, &other});
  if (!device || condition.scalar_type() != at::kBool) {
    // A uint8 condition (deprecated) and everything else the kernel does not take.
    return cpu_fallback::call<at::_ops::where_self>(condition, self, other);
  }
  at::Tensor out = at::empty(
      at::infer_size(at::infer_size(condition.sizes(), self.sizes()), other.sizes()),
      at::TensorOptions()
          .dtype(at::result_type(self, other))
          .device(c10::DeviceType::PrivateUse1, *device));
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .check_all_same_dtype(false)
                                .allow_cpu_scalars(true)
                                .add_output(out)
                                .add_const_input(condition)
                                .add_const_input(self)
                                .add_const_input(other)
                                .build();
  opencl::elementwise::run(iter, "where", 0, 0, out.scalar_type());
  return out;
}

}  // namespace ocl::kernels
