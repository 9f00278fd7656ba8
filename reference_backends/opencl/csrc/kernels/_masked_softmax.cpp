// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: _masked_softmax, as softmax of the scores with the masked ones at -inf (a row
// masked whole is NaN, as on the CPU). Built from ocl's masked_fill_ and _softmax kernels.
#include "generated/kernels/_masked_softmax.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/_masked_softmax_ops.h>
#include <ATen/ops/_softmax.h>
#include <c10/util/Exception.h>

#include <limits>

namespace ocl::kernels {

// _masked_softmax(Tensor self, Tensor mask, int? dim=None, int? mask_type=None) -> Tensor
at::Tensor _masked_softmax(
    const at::Tensor& self,
    const at::Tensor& mask,
    ::std::optional<int64_t> dim,
    ::std::optional<int64_t> mask_type) {
  TORCH_CHECK(mask.scalar_type() == at::kBool, "Mask should be a boolean tensor");
  TORCH_CHECK(self.is_floating_point(), "_masked_softmax takes floating-point scores");
  // mask_type 1: a key padding mask (batch, keys) of scores (batch, heads, queries, keys);
  // 0 (an attention mask, queries x keys) and 2 (the scores' own shape) broadcast as they are.
  at::Tensor masked_out = mask;
  if (mask_type == 1 && self.dim() == 4 && mask.dim() == 2) {
    masked_out = mask.view({mask.size(0), 1, 1, mask.size(1)});
  }
  const int64_t along = dim.value_or(self.dim() - 1);
  const at::Tensor filled = self.masked_fill(masked_out, -std::numeric_limits<double>::infinity());
  return at::_softmax(filled, along < 0 ? along + self.dim() : along, false);
}

}  // namespace ocl::kernels
