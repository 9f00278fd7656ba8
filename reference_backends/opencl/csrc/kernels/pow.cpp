// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: pow with a scalar exponent (cl/elementwise.cl). As ATen does, the exponents 0
// and 1 are a fill and a copy, and 2, 3, 0.5, -0.5, -1 and -2 are computed by multiplication,
// sqrt and rsqrt, which are exact or nearly so where pow() may round differently.
#include "generated/kernels/pow.h"

#include <ATen/ops/pow_meta.h>
#include <ATen/ops/pow_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/structured.h"

namespace ocl::kernels {
namespace {

using Meta = at::meta::structured_pow_Tensor_Scalar;

// The kernel of cl/elementwise.cl for `exponent` (not 0 or 1) on `dtype`.
const char* kernel_for(const at::Scalar& exponent, c10::ScalarType dtype) {
  if (exponent.equal(2)) return "square";
  if (exponent.equal(3)) return "cube";
  if (!at::isFloatingType(dtype)) return "pow";
  if (exponent.equal(0.5)) return "sqrt";
  if (exponent.equal(-0.5)) return "rsqrt";
  if (exponent.equal(-1)) return "reciprocal";
  if (exponent.equal(-2)) return "inverse_square";
  return "pow";
}

// The meta function has run: `op` holds the iterator over the (converted) base and the output.
void compute(opencl::Structured<Meta>& op, const at::Scalar& exponent) {
  const at::Tensor& out = op.output();
  if (exponent.equal(0) || exponent.equal(false)) {
    out.fill_(1);
  } else if (exponent.equal(1) || exponent.equal(true)) {
    out.copy_(op.input(0));
  } else {
    opencl::elementwise::run(op, kernel_for(exponent, op.common_dtype()), exponent);
  }
}

// Complex exponents (and bases) stay on the CPU.
std::optional<int> device_for(const at::Tensor& self, const at::Tensor* out = nullptr) {
  return opencl::elementwise::device_for({&self, out}, opencl::elementwise::CpuScalars::kRefused);
}

}  // namespace

// pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& pow_Tensor_Scalar_out(
    const at::Tensor& self,
    const at::Scalar& exponent,
    at::Tensor& out) {
  if (exponent.isComplex() || !device_for(self, &out)) {
    return cpu_fallback::call<at::_ops::pow_Tensor_Scalar_out>(self, exponent, out);
  }
  opencl::Structured<Meta> op({&out}, opencl::Output::kOut);
  op.meta(self, exponent);
  compute(op, exponent);
  op.finish();
  return out;
}

// pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor
at::Tensor pow_Tensor_Scalar(const at::Tensor& self, const at::Scalar& exponent) {
  const std::optional<int> device = device_for(self);
  if (exponent.isComplex() || !device) {
    return cpu_fallback::call<at::_ops::pow_Tensor_Scalar>(self, exponent);
  }
  opencl::Structured<Meta> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, exponent);
  compute(op, exponent);
  return op.take();
}

// pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)
at::Tensor& pow__Scalar(at::Tensor& self, const at::Scalar& exponent) {
  if (exponent.isComplex() || !device_for(self)) {
    return cpu_fallback::call<at::_ops::pow__Scalar>(self, exponent);
  }
  opencl::Structured<Meta> op({&self}, opencl::Output::kInPlace);
  op.meta(self, exponent);
  compute(op, exponent);
  op.finish();
  return self;
}

}  // namespace ocl::kernels
