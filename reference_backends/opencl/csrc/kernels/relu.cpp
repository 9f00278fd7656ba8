// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: relu and relu_ (cl/elementwise.cl), built as ATen builds them (clamp_min).
#include "generated/kernels/relu.h"

#include <ATen/ops/clamp_min_meta.h>
#include <ATen/ops/relu_ops.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// relu(Tensor self) -> Tensor
at::Tensor relu(const at::Tensor& self) {
  TORCH_CHECK(self.scalar_type() != at::kBool, "Boolean inputs not supported for relu");
  const std::optional<int> device = opencl::elementwise::device_for({&self});
  if (!device) return cpu_fallback::call<at::_ops::relu>(self);
  opencl::Structured<at::meta::structured_clamp_min> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(self, 0);
  opencl::elementwise::run(op, "relu");
  return op.take();
}

// relu_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& relu_(at::Tensor& self) {
  TORCH_CHECK(self.scalar_type() != at::kBool, "Boolean inputs not supported for relu");
  if (!opencl::elementwise::device_for({&self})) return cpu_fallback::call<at::_ops::relu_>(self);
  opencl::Structured<at::meta::structured_clamp_min> op({&self}, opencl::Output::kInPlace);
  op.meta(self, 0);
  opencl::elementwise::run(op, "relu");
  op.finish();
  return self;
}

}  // namespace ocl::kernels
