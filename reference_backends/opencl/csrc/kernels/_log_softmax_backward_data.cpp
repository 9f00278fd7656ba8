// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _log_softmax_backward_data (cl/nn.cl).
#include "generated/kernels/_log_softmax_backward_data.h"

#include <ATen/ops/_log_softmax_backward_data_meta.h>
#include <ATen/ops/_log_softmax_backward_data_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/nn.h"
#include "opencl/structured.h"

namespace ocl::kernels {

// _log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) ->
// Tensor
at::Tensor _log_softmax_backward_data(const at::Tensor& grad_output, const at::Tensor& output,
                                      int64_t dim, at::ScalarType input_dtype) {
  const std::optional<int> device = opencl::elementwise::device_for(
      {&grad_output, &output}, opencl::elementwise::CpuScalars::kRefused);
  if (!device || grad_output.scalar_type() != output.scalar_type() ||
      !at::isFloatingType(output.scalar_type())) {
    return cpu_fallback::call<at::_ops::_log_softmax_backward_data>(grad_output, output, dim,
                                                                    input_dtype);
  }
  opencl::Structured<at::meta::structured__log_softmax_backward_data> op(
      at::Device(c10::DeviceType::PrivateUse1, *device));
  op.meta(grad_output, output, dim, input_dtype);
  opencl::nn::softmax_backward(grad_output, output, dim, /*log=*/true, op.output());
  return op.take();
}

}  // namespace ocl::kernels
