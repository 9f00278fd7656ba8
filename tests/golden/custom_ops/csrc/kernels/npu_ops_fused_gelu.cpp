// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
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
