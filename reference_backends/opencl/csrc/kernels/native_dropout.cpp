// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: native_dropout, from the device's own kernels: bernoulli_ (cl/random.cl) and
// elementwise arithmetic (cl/elementwise.cl).
#include "generated/kernels/native_dropout.h"

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty_like.h>
#include <ATen/ops/ones_like.h>
#include <ATen/ops/zeros_like.h>

namespace ocl::kernels {

// native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)
//
// PyTorch's dropout calls this out of place on PrivateUse1 devices, and dropout_ in place draws
// its noise with bernoulli_ and scales it (ATen's _dropout). Drawing the mask the same way, with
// the same kernels, makes the two variants drop the same elements under one seed, as on the CPU;
// the output is what the CPU's native_dropout gives, the mask its bool tensor.
::std::tuple<at::Tensor, at::Tensor> native_dropout(
    const at::Tensor& input,
    double p,
    ::std::optional<bool> train) {
  if (input.numel() == 0) return {input, at::empty_like(input)};
  if (train.has_value() && !*train) {
    return {input.clone(), at::ones_like(input, input.options().dtype(at::kBool))};
  }
  at::Tensor noise = at::empty_like(input, at::MemoryFormat::Contiguous);
  noise.bernoulli_(1 - p);
  at::Tensor mask = noise.ne(0);
  if (p == 1) return {input.mul(at::zeros_like(input)), mask};
  noise.div_(1 - p);
  return {input.mul(noise), mask};
}

}  // namespace ocl::kernels
