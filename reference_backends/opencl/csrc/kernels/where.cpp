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
namespace {

// The device of the operands, if the kernel takes them: a uint8 condition (deprecated) and
// everything else go to the CPU.
std::optional<int> device_for(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other,
    const at::Tensor* out = nullptr) {
  if (condition.scalar_type() != at::kBool) return std::nullopt;
  return opencl::elementwise::device_for({&condition, &self, &other, out});
}

// `out` is of the result type of self and other (each converted in the kernel).
void run(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other,
    const at::Tensor& out) {
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .check_all_same_dtype(false)
                                .allow_cpu_scalars(true)
                                .add_output(out)
                                .add_const_input(condition)
                                .add_const_input(self)
                                .add_const_input(other)
                                .build();
  opencl::elementwise::run(iter, "where", 0, 0, out.scalar_type());
}

}  // namespace

// where.self(Tensor condition, Tensor self, Tensor other) -> Tensor
at::Tensor where_self(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other) {
  const std::optional<int> device = device_for(condition, self, other);
  if (!device) return cpu_fallback::call<at::_ops::where_self>(condition, self, other);
  at::Tensor out = at::empty(
      at::infer_size(at::infer_size(condition.sizes(), self.sizes()), other.sizes()),
      at::TensorOptions()
          .dtype(at::result_type(self, other))
          .device(c10::DeviceType::PrivateUse1, *device));
  run(condition, self, other, out);
  return out;
}

// where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& where_self_out(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other,
    at::Tensor& out) {
  // An out= of another dtype than the result type is an error, which the CPU's path raises.
  if (!out.is_privateuseone() || !device_for(condition, self, other, &out) ||
      out.scalar_type() != at::result_type(self, other)) {
    return cpu_fallback::call<at::_ops::where_self_out>(condition, self, other, out);
  }
  run(condition, self, other, out);
  return out;
}

}  // namespace ocl::kernels
