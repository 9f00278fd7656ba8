// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _native_multi_head_attention, MultiheadAttention's inference path. ATen's
// own implementation of it is written in operators (projections, _transform_bias_rescale_qkv,
// products, _masked_softmax) that all have ocl kernels, so it runs here on ocl's kernels.
#include "generated/kernels/_native_multi_head_attention.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/_native_multi_head_attention_native.h>
#include <ATen/ops/_native_multi_head_attention_ops.h>

namespace ocl::kernels {

// _native_multi_head_attention(Tensor query, Tensor key, Tensor value, int embed_dim, int
// num_head, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor?
// mask=None, bool need_weights=True, bool average_attn_weights=True, int? mask_type=None) ->
// (Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor> _native_multi_head_attention(
    const at::Tensor& query,
    const at::Tensor& key,
    const at::Tensor& value,
    int64_t embed_dim,
    int64_t num_head,
    const at::Tensor& qkv_weight,
    const at::Tensor& qkv_bias,
    const at::Tensor& proj_weight,
    const at::Tensor& proj_bias,
    const ::std::optional<at::Tensor>& mask,
    bool need_weights,
    bool average_attn_weights,
    ::std::optional<int64_t> mask_type) {
  TORCH_CHECK(
      !query.is_nested() && !key.is_nested() && !value.is_nested(),
      "ocl's _native_multi_head_attention takes dense tensors");
  return at::native::native_multi_head_attention_cpu(
      query,
      key,
      value,
      embed_dim,
      num_head,
      qkv_weight,
      qkv_bias,
      proj_weight,
      proj_bias,
      mask,
      need_weights,
      average_attn_weights,
      mask_type);
}

}  // namespace ocl::kernels
