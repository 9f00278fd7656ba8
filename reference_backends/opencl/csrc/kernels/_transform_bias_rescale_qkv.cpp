// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _transform_bias_rescale_qkv, the query, key and value heads of a packed
// projection: bias added, split, heads moved before tokens, the query scaled by 1/sqrt(head
// size). One kernel (cl/nn.cl): as add, mul and three copies it took 206 us for [8, 64, 384],
// the CPU 18.
#include "generated/kernels/_transform_bias_rescale_qkv.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <c10/util/Exception.h>

#include "opencl/nn.h"

namespace ocl::kernels {

// _transform_bias_rescale_qkv(Tensor qkv, Tensor qkv_bias, int num_heads) -> (Tensor, Tensor,
// Tensor)
::std::tuple<at::Tensor, at::Tensor, at::Tensor> _transform_bias_rescale_qkv(
    const at::Tensor& qkv,
    const at::Tensor& qkv_bias,
    int64_t num_heads) {
  TORCH_CHECK(qkv.dim() == 3, "expected qkv of (batch, tokens, 3 * embed_dim)");
  TORCH_CHECK(
      at::isFloatingType(qkv.scalar_type()),
      "\"transform_bias_rescale_qkv\" not implemented for '",
      qkv.scalar_type(),
      "'");
  TORCH_CHECK(
      qkv_bias.scalar_type() == qkv.scalar_type(),
      "expected qkv_bias of qkv's dtype ",
      qkv.scalar_type(),
      ", got ",
      qkv_bias.scalar_type());
  const int64_t batch = qkv.size(0);
  const int64_t tokens = qkv.size(1);
  const int64_t embed_dim = qkv.size(2) / 3;
  TORCH_CHECK(
      num_heads > 0 && embed_dim * 3 == qkv.size(2) && embed_dim % num_heads == 0 &&
          qkv_bias.numel() == qkv.size(2),
      "qkv's last dimension must be 3 * embed_dim, with embed_dim a multiple of num_heads, and "
      "qkv_bias of that length");
  const int64_t head_size = embed_dim / num_heads;
  // One buffer for the three, as the CPU's kernel returns them.
  const at::Tensor heads = at::empty({3, batch, num_heads, tokens, head_size}, qkv.options());
  opencl::nn::transform_bias_rescale_qkv(qkv.contiguous(), qkv_bias.contiguous(), num_heads, heads);
  return {heads[0], heads[1], heads[2]};
}

}  // namespace ocl::kernels
