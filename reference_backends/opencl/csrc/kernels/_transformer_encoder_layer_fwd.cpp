// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _transformer_encoder_layer_fwd, TransformerEncoderLayer's inference path.
// ATen's implementation, shared by the CPU and CUDA, is written in operators (layer norms,
// _native_multi_head_attention, linear layers, gelu or relu) that all have ocl kernels.
#include "generated/kernels/_transformer_encoder_layer_fwd.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/_transformer_encoder_layer_fwd_native.h>
namespace ocl::kernels {

// _transformer_encoder_layer_fwd(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight,
// Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps,
// Tensor norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor
// ffn_weight_1, Tensor ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int?
// mask_type=None) -> Tensor
at::Tensor _transformer_encoder_layer_fwd(
    const at::Tensor& src,
    int64_t embed_dim,
    int64_t num_heads,
    const at::Tensor& qkv_weight,
    const at::Tensor& qkv_bias,
    const at::Tensor& proj_weight,
    const at::Tensor& proj_bias,
    bool use_gelu,
    bool norm_first,
    double eps,
    const at::Tensor& norm_weight_1,
    const at::Tensor& norm_bias_1,
    const at::Tensor& norm_weight_2,
    const at::Tensor& norm_bias_2,
    const at::Tensor& ffn_weight_1,
    const at::Tensor& ffn_bias_1,
    const at::Tensor& ffn_weight_2,
    const at::Tensor& ffn_bias_2,
    const ::std::optional<at::Tensor>& mask,
    ::std::optional<int64_t> mask_type) {
  return at::native::transformer_encoder_layer_forward(
      src,
      embed_dim,
      num_heads,
      qkv_weight,
      qkv_bias,
      proj_weight,
      proj_bias,
      use_gelu,
      norm_first,
      eps,
      norm_weight_1,
      norm_bias_1,
      norm_weight_2,
      norm_bias_2,
      ffn_weight_1,
      ffn_bias_1,
      ffn_weight_2,
      ffn_bias_2,
      mask,
      mask_type);
}

}  // namespace ocl::kernels
