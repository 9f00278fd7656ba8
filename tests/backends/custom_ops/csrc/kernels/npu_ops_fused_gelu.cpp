// The test's kernel for npu_ops::fused_gelu, in place of the scaffold: computed by the CPU on a
// copy, which is enough to check what frp-gen generated around it (registration, wrapper,
// autograd Function).
#include "generated/kernels/npu_ops_fused_gelu.h"

#include <ATen/ops/gelu.h>

namespace npu_demo::kernels {

at::Tensor npu_ops_fused_gelu(const at::Tensor& self, c10::string_view approximate) {
  return at::gelu(self.cpu(), approximate).to(self.device());
}

}  // namespace npu_demo::kernels
