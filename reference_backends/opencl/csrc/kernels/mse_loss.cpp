// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: mse_loss: the squared differences (cl/elementwise.cl), then their mean or sum, as
// ATen computes it.
#include "generated/kernels/mse_loss.h"

#include <ATen/TensorIterator.h>
#include <ATen/core/Reduction.h>
#include <ATen/ops/mean.h>
#include <ATen/ops/mse_loss_ops.h>
#include <ATen/ops/sum.h>

#include "kernels/elementwise_op.h"

namespace ocl::kernels {

// mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor
at::Tensor mse_loss(const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
  if (!opencl::elementwise::device_for({&self, &target}) ||
      (reduction != at::Reduction::None && reduction != at::Reduction::Mean &&
       reduction != at::Reduction::Sum)) {
    return cpu_fallback::call<at::_ops::mse_loss>(self, target, reduction);
  }
  at::Tensor loss;
  at::TensorIterator iter = at::TensorIterator::borrowing_binary_op(loss, self, target);
  opencl::elementwise::run(iter, "mse");
  loss = iter.output();
  if (reduction == at::Reduction::Mean) return at::mean(loss);
  if (reduction == at::Reduction::Sum) return at::sum(loss);
  return loss;
}

}  // namespace ocl::kernels
