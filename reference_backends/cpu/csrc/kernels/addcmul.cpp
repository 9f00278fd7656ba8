// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: addcmul, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/addcmul.h"

#include <ATen/ops/addcmul_cpu_dispatch.h>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)
at::Tensor& addcmul_(
    at::Tensor& self,
    const at::Tensor& tensor1,
    const at::Tensor& tensor2,
    const at::Scalar& value) {
  CpuViews cpu;
  at::Tensor view = cpu(self);
  at::cpu::addcmul_(view, cpu(tensor1), cpu(tensor2), value);
  return self;
}

}  // namespace cpuref::kernels
