// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: native_dropout, the CPU's dropout in one pass over the data. On a PrivateUse1
// device F.dropout calls native_dropout, where on the CPU it calls bernoulli_, div_ and mul; the
// CPU's native_dropout, run on device memory, would then convert its bool mask to the input's
// type and multiply twice, three passes where this makes one.
#include "generated/kernels/native_dropout.h"

#include <ATen/ops/empty_like.h>
#include <ATen/ops/native_dropout_ops.h>

#include "kernels/cpu_kernel.h"
#include "kernels/masked_scale.h"

namespace cpuref::kernels {

// native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)
::std::tuple<at::Tensor, at::Tensor> native_dropout(
    const at::Tensor& input,
    double p,
    ::std::optional<bool> train) {
  const bool training = !train.has_value() || *train;
  if (!training || input.numel() == 0 || !masked_scale_takes(input)) {
    return cpu_kernel::call<at::_ops::native_dropout>(input, p, train);
  }
  // The mask as the CPU's kernel draws it (bernoulli_ on a bool tensor like the input), from the
  // device's generator as every random operator of cpuref's.
  const double keep = 1. - p;
  at::Tensor mask = at::empty_like(input, input.options().dtype(at::kBool));
  mask.bernoulli_(keep);
  const double scale = keep == 0. ? 0. : 1. / keep;
  return {masked_scale(input, mask, scale), mask};
}

}  // namespace cpuref::kernels
