// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: convolution_backward_overrideable: the gradients of 2-D convolutions (cl/nn.cl,
// cl/matmul.cl); the others run frp-gen's generated default on the CPU.
#include "generated/kernels/convolution_backward_overrideable.h"

#include <ATen/ops/convolution_backward_overrideable_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"

namespace ocl::kernels {

namespace {

std::array<int64_t, 2> pair(c10::SymIntArrayRef values) {
  const c10::IntArrayRef v = C10_AS_INTARRAYREF_SLOW(values);
  return {v[0], v.size() > 1 ? v[1] : v[0]};
}

// What the OpenCL path takes: a 2-D convolution, not transposed, of floating tensors on one device.
bool takes(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor* other,
    bool transposed,
    c10::SymIntArrayRef stride) {
  return !transposed && input.dim() == 4 && weight.dim() == 4 && stride.size() == 2 &&
         at::isFloatingType(input.scalar_type()) && weight.scalar_type() == input.scalar_type() &&
         (other == nullptr || other->scalar_type() == input.scalar_type()) &&
         opencl::elementwise::device_for(
             {&input, &weight, other}, opencl::elementwise::CpuScalars::kRefused);
}

}  // namespace

// convolution_backward_overrideable(Tensor grad_output, Tensor input, Tensor weight, SymInt[]
// stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt
// groups, bool[3] output_mask) -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> convolution_backward_overrideable(
    const at::Tensor& grad_output,
    const at::Tensor& input,
    const at::Tensor& weight,
    c10::SymIntArrayRef stride,
    c10::SymIntArrayRef padding,
    c10::SymIntArrayRef dilation,
    bool transposed,
    c10::SymIntArrayRef output_padding,
    c10::SymInt groups,
    ::std::array<bool, 3> output_mask) {
  if (!takes(input, weight, &grad_output, transposed, stride)) {
    return cpu_fallback::call<at::_ops::convolution_backward_overrideable>(
        grad_output,
        input,
        weight,
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        output_mask);
  }
  const opencl::nn::Window2d window{
      {weight.size(2), weight.size(3)}, pair(stride), pair(padding), pair(dilation)};
  return opencl::nn::convolution_backward(
      grad_output, input, weight, window, groups.expect_int(), output_mask);
}

}  // namespace ocl::kernels
