// The test's backward of npu_ops::fused_gelu, in place of the scaffold: what a backend author
// writes. It saves the input and the mode, and calls the device's fused_gelu_backward operator.
#include <ATen/core/dispatch/Dispatcher.h>

#include <string>

#include "generated/autograd.h"

namespace npu_demo::autograd {

void NpuOpsFusedGeluFunction::save(AutogradContext* ctx, const at::Tensor& self,
                                   c10::string_view approximate,
                                   [[maybe_unused]] const at::Tensor& result) {
  ctx->save_for_backward({self});
  ctx->saved_data["approximate"] = std::string(approximate);
}

variable_list NpuOpsFusedGeluFunction::backward(AutogradContext* ctx, variable_list grad_outputs) {
  static const auto fused_gelu_backward =
      c10::Dispatcher::singleton()
          .findSchemaOrThrow("npu_ops::fused_gelu_backward", "")
          .typed<at::Tensor(const at::Tensor&, const at::Tensor&, c10::string_view)>();
  const at::Tensor self = ctx->get_saved_variables()[0];
  const std::string approximate = ctx->saved_data["approximate"].toStringRef();
  // One gradient per forward argument: self, and none for the string.
  return {fused_gelu_backward.call(grad_outputs[0], self, approximate), at::Tensor()};
}

}  // namespace npu_demo::autograd
