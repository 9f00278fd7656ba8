// The functional, in-place and out= forms of a structured elementwise operator on ocl: the
// operator's meta function builds the TensorIterator (checks, broadcasting, type promotion,
// output), and kernel `name` of cl/elementwise.cl computes. Tensors the kernels do not take
// (another device, an unsupported dtype, a lazy negation) go to the CPU fallback instead.
//
//   return elementwise_op::functional<at::meta::structured_add_Tensor, at::_ops::add_Tensor>(
//       "add", {alpha}, self, other, alpha);
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <optional>
#include <utility>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/structured.h"

namespace ocl::kernels::elementwise_op {

// The op's own scalar arguments as the kernel takes them (s0, s1 of cl/elementwise.cl).
struct Scalars {
  at::Scalar s0 = 0;
  at::Scalar s1 = 0;
};

namespace detail {

inline const at::Tensor* tensor_or_null(const at::Tensor& tensor) {
  return &tensor;
}
template <class T>
const at::Tensor* tensor_or_null(const T& /*not a tensor*/) {
  return nullptr;
}

template <class... Args>
std::optional<int> device_of(const Args&... args) {
  return opencl::elementwise::device_for({tensor_or_null(args)...});
}

}  // namespace detail

template <class Meta, class Fallback, class... Args>
at::Tensor functional(const char* name, const Scalars& scalars, Args&&... args) {
  const std::optional<int> device = detail::device_of(args...);
  if (!device) return cpu_fallback::call<Fallback>(std::forward<Args>(args)...);
  opencl::Structured<Meta> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(args...);
  opencl::elementwise::run(op, name, scalars.s0, scalars.s1);
  return op.take();
}

// `self` is the first of `args`.
template <class Meta, class Fallback, class... Args>
at::Tensor& in_place(const char* name, const Scalars& scalars, at::Tensor& self, Args&&... args) {
  if (!self.is_privateuseone() || !detail::device_of(self, args...)) {
    return cpu_fallback::call<Fallback>(self, std::forward<Args>(args)...);
  }
  opencl::Structured<Meta> op({&self}, opencl::Output::kInPlace);
  op.meta(self, args...);
  opencl::elementwise::run(op, name, scalars.s0, scalars.s1);
  op.finish();
  return self;
}

// `out` is the last argument of the out= form, given here first.
template <class Meta, class Fallback, class... Args>
at::Tensor& out(const char* name, const Scalars& scalars, at::Tensor& out, Args&&... args) {
  if (!out.is_privateuseone() || !detail::device_of(out, args...)) {
    return cpu_fallback::call<Fallback>(std::forward<Args>(args)..., out);
  }
  opencl::Structured<Meta> op({&out}, opencl::Output::kOut);
  op.meta(args...);
  opencl::elementwise::run(op, name, scalars.s0, scalars.s1);
  op.finish();
  return out;
}

}  // namespace ocl::kernels::elementwise_op
