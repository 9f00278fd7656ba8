// The test's kernel for npu_ops::fused_gelu_backward (see npu_ops_fused_gelu.cpp).
#include "generated/kernels/npu_ops_fused_gelu_backward.h"

#include <ATen/ops/gelu_backward.h>

namespace npu_demo::kernels {

at::Tensor npu_ops_fused_gelu_backward(const at::Tensor& grad, const at::Tensor& self,
                                       c10::string_view approximate) {
  return at::gelu_backward(grad.cpu(), self.cpu(), approximate).to(self.device());
}

}  // namespace npu_demo::kernels
