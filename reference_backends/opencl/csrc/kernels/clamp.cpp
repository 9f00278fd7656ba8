// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: clamp.out (cl/elementwise.cl: clamp, clamp_min or clamp_max, by the bounds
// given). ATen's meta function checks the bounds (one at least) and types the result.
#include "generated/kernels/clamp.h"

#include <ATen/ops/clamp_meta.h>
#include <ATen/ops/clamp_ops.h>
#include <ATen/ops/scalar_tensor.h>

#include <cmath>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {
namespace {

at::OptionalScalarRef ref(const std::optional<at::Scalar>& bound) {
  return bound ? at::OptionalScalarRef(&*bound) : at::OptionalScalarRef();
}

bool is_nan(const std::optional<at::Scalar>& bound) {
  return bound && bound->isFloatingPoint() && std::isnan(bound->toDouble());
}

// A bound as ATen's CPU kernel takes it: converted to the dtype the operation computes in, an
// integer one wrapping (or refusing a value out of range) as c10's checked conversion does.
at::Scalar in_dtype(const at::Scalar& bound, at::ScalarType dtype) {
  return at::scalar_tensor(bound, at::TensorOptions().dtype(dtype)).item();
}

}  // namespace

// clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& clamp_out(
    const at::Tensor& self,
    const ::std::optional<at::Scalar>& min,
    const ::std::optional<at::Scalar>& max,
    at::Tensor& out) {
  // A NaN bound makes every element NaN, which the kernels' comparisons would not.
  if (is_nan(min) || is_nan(max) || !out.is_privateuseone() ||
      !opencl::elementwise::device_for({&self, &out})) {
    return cpu_fallback::call<at::_ops::clamp_out>(self, min, max, out);
  }
  opencl::Structured<at::meta::structured_clamp> op({&out}, opencl::Output::kOut);
  op.meta(self, ref(min), ref(max));
  const at::ScalarType dtype = op.common_dtype();
  if (min && max) {
    opencl::elementwise::run(op, "clamp", in_dtype(*min, dtype), in_dtype(*max, dtype));
  } else {
    opencl::elementwise::run(
        op, min ? "clamp_min" : "clamp_max", in_dtype(min ? *min : *max, dtype));
  }
  op.finish();
  return out;
}

}  // namespace ocl::kernels
