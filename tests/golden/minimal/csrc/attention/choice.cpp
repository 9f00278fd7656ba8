// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Which kernel scaled_dot_product_attention runs on mydevice. PyTorch asks a device's
// _fused_sdp_choice_stub; a device that registers none gets the math path: two batched products,
// softmax and masking, a dozen operators forward and more backward. While the device has no
// products of its own (bmm falls back), each of those runs on the CPU through the fallback, and the
// CPU's one fused kernel does the same work faster. So the answer here is the CPU's, by the CPU's
// rules (which read only sizes, strides, dtypes and the user's torch.nn.attention.sdpa_kernel
// settings), when the CPU's fused kernel _scaled_dot_product_flash_attention_for_cpu would run
// anyway: when the device has a kernel for it, or has no bmm of its own (none at all, or the CPU
// fallback's by name, as in a fresh repo). Otherwise it is the math path, on the device's own
// kernels: a bmm listed in frp.yaml counts as the device's, written yet or not.
//
// When your device has fused attention kernels of its own, return their SDPBackend here (and
// give the operator PyTorch then calls a kernel: see ATen/native/transformers/attention.cpp).
#include <ATen/SDPBackend.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/native/DispatchStub.h>
#include <ATen/native/transformers/attention.h>
#include <ATen/ops/_fused_sdp_choice_native.h>

#include <optional>
#include <string>

#include "generated/cpu_fallback.h"

namespace mydevice {
namespace {

// Whether the dispatcher lists a kernel of the device for aten::`name` (an overload-free name).
bool has_device_kernel(const std::string& name) {
  const auto op = c10::Dispatcher::singleton().findOp(c10::OperatorName("aten::" + name, ""));
  return op.has_value() && op->hasKernelForDispatchKey(c10::DispatchKey::PrivateUse1);
}

// Asked on every call: kernels registered later (from Python, say) count.
bool runs_fused_attention_of_the_cpu() {
  return has_device_kernel("_scaled_dot_product_flash_attention_for_cpu") ||
         !has_device_kernel("bmm") || cpu_fallback::takes_by_name("bmm");
}

int64_t attention_choice(
    const at::Tensor& query,
    const at::Tensor& key,
    const at::Tensor& value,
    const std::optional<at::Tensor>& attn_mask,
    double dropout_p,
    bool is_causal,
    std::optional<double> scale,
    bool enable_gqa) {
  if (!runs_fused_attention_of_the_cpu()) return static_cast<int64_t>(at::SDPBackend::math);
  return at::native::_fused_sdp_choice_cpp(
      query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa);
}

}  // namespace
}  // namespace mydevice

namespace at::native {
using mydevice::attention_choice;
REGISTER_PRIVATEUSE1_DISPATCH(_fused_sdp_choice_stub, &attention_choice)
}  // namespace at::native
