// Which kernel scaled_dot_product_attention runs on cpuref: the CPU's choice, by the CPU's rules.
//
// PyTorch asks a device's _fused_sdp_choice_stub for the kernel; a device that registers none
// gets the math path, a dozen operators (two batched products, softmax, masking) forward and
// more backward. cpuref has the CPU's fused flash attention as a kernel of its own (it runs every
// CPU kernel on device memory, generated/cpu_kernels.cpp), and for any device but CUDA the "flash"
// answer makes PyTorch call that kernel, _scaled_dot_product_flash_attention_for_cpu, whose
// backward is cpuref's too. So the choice is the CPU's own function: it reads only sizes,
// strides, dtypes and the user's settings (torch.nn.attention.sdpa_kernel), which is also what
// torch.compile's fake tensors offer it.
#include <ATen/core/Tensor.h>
#include <ATen/native/DispatchStub.h>
#include <ATen/native/transformers/attention.h>
#include <ATen/ops/_fused_sdp_choice_native.h>

namespace cpuref::kernels {
namespace {

int64_t attention_choice(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                         const std::optional<at::Tensor>& attn_mask, double dropout_p,
                         bool is_causal, std::optional<double> scale, bool enable_gqa) {
  return at::native::_fused_sdp_choice_cpp(query, key, value, attn_mask, dropout_p, is_causal,
                                           scale, enable_gqa);
}

}  // namespace
}  // namespace cpuref::kernels

namespace at::native {
REGISTER_PRIVATEUSE1_DISPATCH(_fused_sdp_choice_stub, &cpuref::kernels::attention_choice)
}  // namespace at::native
