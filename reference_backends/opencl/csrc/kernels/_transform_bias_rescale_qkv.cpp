// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _transform_bias_rescale_qkv, the query, key and value heads of a packed
// projection: bias added, split, heads moved before tokens, the query scaled by 1/sqrt(head
// size). Built from ocl's elementwise and copy kernels.
#include "generated/kernels/_transform_bias_rescale_qkv.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/_transform_bias_rescale_qkv_ops.h>
#include <c10/util/Exception.h>

#include <cmath>

namespace ocl::kernels {

// _transform_bias_rescale_qkv(Tensor qkv, Tensor qkv_bias, int num_heads) -> (Tensor, Tensor,
// Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> _transform_bias_rescale_qkv(
    const at::Tensor& qkv,
    const at::Tensor& qkv_bias,
    int64_t num_heads) {
  TORCH_CHECK(qkv.dim() == 3, "expected qkv of (batch, tokens, 3 * embed_dim)");
  const int64_t batch = qkv.size(0);
  const int64_t tokens = qkv.size(1);
  const int64_t embed_dim = qkv.size(2) / 3;
  TORCH_CHECK(
      embed_dim * 3 == qkv.size(2) && embed_dim % num_heads == 0,
      "qkv's last dimension must be 3 * embed_dim, with embed_dim a multiple of num_heads");
  const int64_t head_size = embed_dim / num_heads;
  // (batch, tokens, 3, heads, head_size): one view per projection, heads before tokens.
  const at::Tensor parts = qkv.add(qkv_bias).view({batch, tokens, 3, num_heads, head_size});
  const auto head = [&](int64_t which) { return parts.select(2, which).transpose(1, 2); };
  at::Tensor query = head(0).mul(1.0 / std::sqrt(static_cast<double>(head_size)));
  return {query.contiguous(), head(1).contiguous(), head(2).contiguous()};
}

}  // namespace ocl::kernels
