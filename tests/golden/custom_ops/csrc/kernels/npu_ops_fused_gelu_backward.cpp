// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of npu_demo: npu_ops_fused_gelu_backward.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/npu_ops_fused_gelu_backward.h"

#include "generated/not_implemented.h"

namespace npu_demo::kernels {

// fused_gelu_backward(Tensor grad, Tensor self, *, str approximate='none') -> Tensor
at::Tensor npu_ops_fused_gelu_backward(
    const at::Tensor& grad,
    const at::Tensor& self,
    c10::string_view approximate) {
  not_implemented("npu_ops::fused_gelu_backward", __FILE__, grad, self, approximate);
}

}  // namespace npu_demo::kernels
