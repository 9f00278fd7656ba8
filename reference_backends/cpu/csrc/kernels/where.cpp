// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: where, ATen's CPU implementation run on the device memory
// (kernels/cpu_kernel.h).
#include "generated/kernels/where.h"

#include <ATen/ops/where_ops.h>

#include "kernels/cpu_kernel.h"

namespace cpuref::kernels {

// where.self(Tensor condition, Tensor self, Tensor other) -> Tensor
at::Tensor where_self(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other) {
  return cpu_kernel::call<at::_ops::where_self>(condition, self, other);
}

// where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& where_self_out(
    const at::Tensor& condition,
    const at::Tensor& self,
    const at::Tensor& other,
    at::Tensor& out) {
  return cpu_kernel::call<at::_ops::where_self_out>(condition, self, other, out);
}

}  // namespace cpuref::kernels
