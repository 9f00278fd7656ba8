// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: addcmul_ (cl/elementwise.cl: self + value * tensor1 * tensor2).
#include "generated/kernels/addcmul.h"

#include <ATen/ops/addcmul_meta.h>
#include <ATen/ops/addcmul_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)
at::Tensor& addcmul_(
    at::Tensor& self,
    const at::Tensor& tensor1,
    const at::Tensor& tensor2,
    const at::Scalar& value) {
  return elementwise_op::in_place<at::meta::structured_addcmul, at::_ops::addcmul_>(
      "addcmul", {value}, self, tensor1, tensor2, value);
}

}  // namespace ocl::kernels
