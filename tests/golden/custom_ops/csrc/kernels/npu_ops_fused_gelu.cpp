// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of npu_demo: npu_ops_fused_gelu.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/npu_ops_fused_gelu.h"

#include "generated/not_implemented.h"

namespace npu_demo::kernels {

// fused_gelu(Tensor self, *, str approximate='none') -> Tensor
at::Tensor npu_ops_fused_gelu(const at::Tensor& self, c10::string_view approximate) {
  not_implemented("npu_ops::fused_gelu", __FILE__, self, approximate);
}

}  // namespace npu_demo::kernels
