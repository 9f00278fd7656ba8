// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: native_layer_norm (cl/nn.cl: a work-group per row).
#include "generated/kernels/native_layer_norm.h"

#include <ATen/native/layer_norm.h>
#include <ATen/ops/native_layer_norm_ops.h>

#include <vector>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"

namespace ocl::kernels {

namespace {

const at::Tensor* defined(const ::std::optional<at::Tensor>& t) {
  return t && t->defined() ? &*t : nullptr;
}

// The OpenCL path takes float and double tensors of one dtype on one device.
bool takes(const at::Tensor& input, std::initializer_list<const at::Tensor*> others) {
  if (input.scalar_type() != at::kFloat && input.scalar_type() != at::kDouble) return false;
  for (const at::Tensor* t : others) {
    if (t != nullptr && t->scalar_type() != input.scalar_type()) return false;
  }
  std::vector<const at::Tensor*> all(others);
  all.push_back(&input);
  for (const at::Tensor* t : all) {
    if (t != nullptr &&
        !opencl::elementwise::device_for({t}, opencl::elementwise::CpuScalars::kRefused))
      return false;
  }
  return true;
}

}  // namespace

// native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float
// eps) -> (Tensor, Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> native_layer_norm(
    const at::Tensor& input,
    c10::SymIntArrayRef normalized_shape,
    const ::std::optional<at::Tensor>& weight,
    const ::std::optional<at::Tensor>& bias,
    double eps) {
  if (!takes(input, {defined(weight), defined(bias)})) {
    return cpu_fallback::call<at::_ops::native_layer_norm>(
        input, normalized_shape, weight, bias, eps);
  }
  const at::IntArrayRef shape = C10_AS_INTARRAYREF_SLOW(normalized_shape);
  // ATen's own checks of the shapes, with its messages.
  at::native::_check_layer_norm_inputs(
      input, shape, weight ? *weight : at::Tensor(), bias ? *bias : at::Tensor());
  return opencl::nn::layer_norm(input, static_cast<int64_t>(shape.size()), weight, bias, eps);
}

}  // namespace ocl::kernels
