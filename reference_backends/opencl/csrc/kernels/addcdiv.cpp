// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: addcdiv_ (cl/elementwise.cl: self + value * tensor1 / tensor2).
#include "generated/kernels/addcdiv.h"

#include <ATen/ops/addcdiv_meta.h>
#include <ATen/ops/addcdiv_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)
at::Tensor& addcdiv_(
    at::Tensor& self,
    const at::Tensor& tensor1,
    const at::Tensor& tensor2,
    const at::Scalar& value) {
  return elementwise_op::in_place<at::meta::structured_addcdiv, at::_ops::addcdiv_>(
      "addcdiv", {value}, self, tensor1, tensor2, value);
}

}  // namespace ocl::kernels
